import { useId } from 'react';
import { PLATFORM_SORTS, type PlatformSort } from '../../../../shared/api/platforms.schema.ts';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PlatformKind } from '../api.ts';

const KINDS = ['all', 'chain', 'launchpad'] as const;

type PlatformControlsProps = {
  kind: PlatformKind | undefined;
  query: string;
  sort: PlatformSort;
  onKindChange: (kind: PlatformKind | undefined) => void;
  onQueryChange: (query: string) => void;
  onSortChange: (sort: PlatformSort) => void;
};

/** The platforms list's kind buttons, name search and sort (projects, average heat, TVL). */
export function PlatformControls(props: PlatformControlsProps) {
  const { t } = useTranslation('platforms');
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('kinds.label')}</legend>
        {KINDS.map((option) => {
          const selected = (props.kind ?? 'all') === option;
          return (
            <button
              key={option}
              type="button"
              aria-pressed={selected}
              className={selected ? 'btn-primary' : 'btn-secondary'}
              onClick={() => props.onKindChange(option === 'all' ? undefined : option)}
            >
              {t(`kinds.${option}`)}
            </button>
          );
        })}
      </fieldset>
      <SearchField
        id={`${id}-q`}
        className="min-w-0 flex-1 basis-56"
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={props.query}
        maxLength={100}
        onChange={props.onQueryChange}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-sort`} className="muted text-xs font-medium">
          {t('sort.label')}
        </label>
        <select
          id={`${id}-sort`}
          className="input"
          value={props.sort}
          onChange={(event) => props.onSortChange(PLATFORM_SORTS.find((s) => s === event.target.value) ?? 'projects')}
        >
          {PLATFORM_SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`sort.${option}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
