import type { TrendRange } from '../../../../shared/api/heat.schema.ts';
import { TREND_RANGES } from '../../../../shared/api/heat.values.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** 7d / 30d / 90d buttons. */
export function RangeSwitch({ range, onChange }: { range: TrendRange; onChange: (range: TrendRange) => void }) {
  const { t } = useTranslation('compare');
  return (
    <fieldset className="flex gap-1 text-sm" data-slot="range-switch">
      <legend className="sr-only">{t('history.range')}</legend>
      {TREND_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={range === r}
          className={range === r ? 'btn-primary px-2 py-0.5' : 'btn-secondary px-2 py-0.5'}
          onClick={() => onChange(r)}
        >
          {t(`ranges.${r}`)}
        </button>
      ))}
    </fieldset>
  );
}
