import { useEffect, useId, useState } from 'react';
import { PROJECT_STATUSES } from '../../../../shared/api/common.values.ts';
import type { ProjectSort } from '../../../../shared/api/projects.schema.ts';
import { PROJECT_SORTS } from '../../../../shared/api/projects.values.ts';
import { FilterIcon, LinkIcon } from '../../../components/ui/icons.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type DirectoryFilters, defaultOrder } from '../hooks/use-directory-params.ts';

export type FilterOption = { value: string; label: string };

type ProjectFiltersProps = {
  filters: DirectoryFilters;
  sectorOptions: readonly FilterOption[];
  chainOptions: readonly FilterOption[];
  onFilterChange: (key: 'category' | 'chain' | 'status' | 'verified' | 'q', value: string | undefined) => void;
  onSortChange: (sort: ProjectSort, order: 'asc' | 'desc') => void;
  onReset: () => void;
  onShare: () => void;
  canReset: boolean;
};

const SEARCH_DEBOUNCE_MS = 300;

/** Search, sector, chain, status, verification and sort controls; every change lands in the URL. */
export function ProjectFilters(props: ProjectFiltersProps) {
  const { filters, sectorOptions, chainOptions, onFilterChange, onSortChange, onReset, onShare, canReset } = props;
  const { t } = useTranslation(['directory', 'app']);
  const id = useId();
  const [query, setQuery] = useState(filters.q ?? '');
  // Below md the controls fold behind one button (they would fill a phone's first screen); from md up they show.
  const [expanded, setExpanded] = useState(false);
  const activeCount = [filters.q, filters.category, filters.chain, filters.status, filters.verified].filter(
    (value) => value !== undefined,
  ).length;

  // Follow the URL when it changes elsewhere (back button, reset).
  useEffect(() => setQuery(filters.q ?? ''), [filters.q]);

  useEffect(() => {
    const value = query.trim() || undefined;
    if (value === filters.q) return;
    const timer = window.setTimeout(() => onFilterChange('q', value), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query, filters.q, onFilterChange]);

  const select = (
    key: 'category' | 'chain' | 'status' | 'verified',
    label: string,
    options: readonly FilterOption[],
  ) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="muted text-xs font-medium">
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className="input w-full"
        value={filters[key] ?? ''}
        onChange={(event) => onFilterChange(key, event.target.value || undefined)}
      >
        <option value="">{t('directory:filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-label={t('directory:filters.title')} className="card p-4">
      <button
        type="button"
        className="btn-secondary w-full justify-between md:hidden"
        aria-expanded={expanded}
        aria-controls={`${id}-panel`}
        onClick={() => setExpanded((value) => !value)}
      >
        <span className="inline-flex items-center gap-2">
          <FilterIcon size={16} />
          {t('directory:filters.show')}
        </span>
        {activeCount > 0 && (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            {t('directory:filters.activeCount', { count: activeCount })}
          </span>
        )}
      </button>
      <div id={`${id}-panel`} className={expanded ? 'mt-4 md:mt-0' : 'hidden md:block'}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
          <SearchField
            id={`${id}-q`}
            className="sm:col-span-2"
            label={t('directory:filters.search')}
            placeholder={t('directory:filters.searchPlaceholder')}
            value={query}
            maxLength={100}
            onChange={setQuery}
          />
          {select('category', t('directory:filters.sector'), sectorOptions)}
          {select('chain', t('directory:filters.chain'), chainOptions)}
          {select(
            'status',
            t('directory:filters.status'),
            PROJECT_STATUSES.map((status) => ({ value: status, label: t(`app:projectStatus.${status}`) })),
          )}
          {select('verified', t('directory:filters.verified'), [
            { value: 'true', label: t('directory:filters.verifiedOnly') },
            { value: 'false', label: t('directory:filters.unverifiedOnly') },
          ])}
        </div>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-sort`} className="muted text-xs font-medium">
              {t('directory:sort.label')}
            </label>
            <select
              id={`${id}-sort`}
              className="input"
              value={filters.sort}
              onChange={(event) => {
                const sort = PROJECT_SORTS.find((s) => s === event.target.value) ?? 'heat';
                onSortChange(sort, defaultOrder(sort));
              }}
            >
              {PROJECT_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`directory:sort.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-order`} className="muted text-xs font-medium">
              {t('directory:sort.order')}
            </label>
            <select
              id={`${id}-order`}
              className="input"
              value={filters.order}
              onChange={(event) => onSortChange(filters.sort, event.target.value === 'asc' ? 'asc' : 'desc')}
            >
              <option value="desc">{t('directory:sort.desc')}</option>
              <option value="asc">{t('directory:sort.asc')}</option>
            </select>
          </div>
          <div className="ml-auto flex gap-2">
            {canReset && (
              <button type="button" className="btn-ghost" onClick={onReset}>
                {t('directory:filters.reset')}
              </button>
            )}
            <button type="button" className="btn-secondary" onClick={onShare}>
              <LinkIcon size={16} />
              {t('directory:filters.share')}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
