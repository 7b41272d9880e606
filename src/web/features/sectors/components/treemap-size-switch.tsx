import { useTranslation } from '../../../lib/use-translation.ts';
import { TREEMAP_SIZES, type TreemapSize } from './treemap-size.ts';

/** The heat map's "tile size" choice: project count, market cap or TVL (a segmented control of pressed buttons). */
export function TreemapSizeSwitch({ value, onChange }: { value: TreemapSize; onChange: (size: TreemapSize) => void }) {
  const { t } = useTranslation('sectors');
  return (
    <fieldset className="flex flex-wrap items-center gap-2 text-sm" data-testid="treemap-size">
      <legend className="muted mb-1 text-xs">{t('map.sizeBy.label')}</legend>
      {TREEMAP_SIZES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          className={`${value === option ? 'btn-primary' : 'btn-secondary'} px-3 py-1.5 text-sm`}
          onClick={() => onChange(option)}
        >
          {t(`map.sizeBy.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}
