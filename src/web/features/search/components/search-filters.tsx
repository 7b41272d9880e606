import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PROJECT_STATUSES } from '../../../../shared/api/common.values.ts';
import type { SearchFacets } from '../../../../shared/api/search.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type RangeKey, SEARCH_RANGES, type SearchUrlQuery } from '../search-url.ts';
import { FacetChips } from './facet-chips.tsx';

/** How long a typed bound waits before it applies: each applied change is a counted search. */
export const FILTER_DEBOUNCE_MS = 700;

type SearchFiltersProps = {
  /** The locked-feature panel when the viewer's level lacks custom filters (the server refuses them too). */
  locked: ReactNode | null;
  /** Sectors: id (the URL value), stored name (the facet value) and display name. */
  sectors: readonly { id: string; name: string; label: string }[];
  query: SearchUrlQuery;
  /** The last answer's facet counts (undefined before the first search). */
  facets: SearchFacets | undefined;
  /** One change (a select, or a bound after a pause): undefined removes the filter. */
  onChange: (patch: SearchUrlQuery) => void;
};

const selectClass =
  'w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900';
const withCount = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatInteger(count)})`;

/** The premium "custom filters" of a search, with facet counts next to sector, chain and status options. */
export function SearchFilters({ locked, sectors, query, facets, onChange }: SearchFiltersProps) {
  const { t } = useTranslation(['search', 'app']);
  const id = useId();
  const countOf = (facet: keyof SearchFacets, value: string) => facets?.[facet].find((f) => f.value === value)?.count;
  const chains = [...(facets?.chain ?? [])];
  if (query.chain && !chains.some((c) => c.value === query.chain)) chains.push({ value: query.chain, count: 0 });
  const active = Object.keys(query).filter((key) => key !== 'q' && key !== 'sort').length;

  const select = (key: 'category' | 'chain' | 'status' | 'verified', options: { value: string; label: string }[]) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${key}`} className="text-xs font-medium">
        {t(`search:filters.${key}`)}
      </label>
      <select
        id={`${id}-${key}`}
        className={selectClass}
        value={query[key] ?? ''}
        onChange={(event) => onChange({ [key]: event.target.value || undefined })}
      >
        <option value="">{t('search:filters.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section aria-labelledby={`${id}-filters`} className="card space-y-3 p-4" data-slot="search-filters">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-filters`} className="text-sm font-semibold">
          {t('search:filters.title')}
        </h2>
        {!locked && active > 0 && (
          <button
            type="button"
            className="link text-xs"
            onClick={() =>
              onChange(
                Object.fromEntries(
                  Object.keys(query)
                    .filter((k) => k !== 'q' && k !== 'sort')
                    .map((k) => [k, undefined]),
                ),
              )
            }
          >
            {t('search:filters.clear')}
          </button>
        )}
      </div>
      {locked ?? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {select(
            'category',
            sectors.map((s) => ({
              value: s.id,
              label: withCount(s.label, facets ? (countOf('category', s.name) ?? 0) : undefined),
            })),
          )}
          {select(
            'chain',
            chains.map((c) => ({ value: c.value, label: withCount(c.value, c.count) })),
          )}
          {select('status', [
            ...PROJECT_STATUSES.map((s) => ({
              value: s,
              label: withCount(t(`app:projectStatus.${s}`), facets ? (countOf('status', s) ?? 0) : undefined),
            })),
          ])}
          {select('verified', [
            { value: 'true', label: t('search:filters.verifiedOnly') },
            { value: 'false', label: t('search:filters.unverifiedOnly') },
          ])}
          {SEARCH_RANGES.map(([min, max]) => (
            <RangeField key={min} min={min} max={max} query={query} onChange={onChange} />
          ))}
          <div className="space-y-1">
            <label htmlFor={`${id}-listedSince`} className="text-xs font-medium">
              {t('search:filters.listedSince')}
            </label>
            <input
              id={`${id}-listedSince`}
              type="date"
              className={selectClass}
              value={query.listedSince ?? ''}
              onChange={(event) => onChange({ listedSince: event.target.value || undefined })}
            />
          </div>
        </div>
      )}
      {!locked && facets && (
        <FacetChips
          facets={facets}
          query={query}
          sectors={sectors}
          statusLabel={(status) =>
            status === 'unscored' ? t('search:filters.unscored') : t(`app:projectStatus.${status}`)
          }
          onChange={onChange}
        />
      )}
    </section>
  );
}

/** A min–max pair; what is typed applies after a pause (or on leaving the field), never per keystroke. */
function RangeField({
  min,
  max,
  query,
  onChange,
}: {
  min: RangeKey;
  max: RangeKey;
  query: SearchUrlQuery;
  onChange: (patch: SearchUrlQuery) => void;
}) {
  const { t } = useTranslation('search');
  const id = useId();
  const name = min.replace(/Min$/, '');
  const [draft, setDraft] = useState({ [min]: query[min] ?? '', [max]: query[max] ?? '' });
  useEffect(() => setDraft({ [min]: query[min] ?? '', [max]: query[max] ?? '' }), [min, max, query[min], query[max]]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const valid = (v: string) => v.trim() === '' || Number.isFinite(Number(v));

  const commit = (next: Record<string, string>) => {
    clearTimeout(timer.current);
    const patch: SearchUrlQuery = {};
    for (const key of [min, max]) {
      const value = (next[key] ?? '').trim();
      if (!valid(value)) return;
      if (value !== (query[key] ?? '')) patch[key] = value || undefined;
    }
    if (Object.keys(patch).length > 0) onChange(patch);
  };
  const handleChange = (key: RangeKey, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(next), FILTER_DEBOUNCE_MS);
  };

  return (
    <fieldset className="space-y-1">
      <legend className="text-xs font-medium">{t(`filters.range.${name}`)}</legend>
      <div className="flex items-center gap-1">
        {[min, max].map((key) => (
          <input
            key={key}
            id={`${id}-${key}`}
            type="number"
            inputMode="decimal"
            aria-label={t(key === min ? 'filters.min' : 'filters.max', { name: t(`filters.range.${name}`) })}
            aria-invalid={!valid(draft[key] ?? '')}
            placeholder={t(key === min ? 'filters.minShort' : 'filters.maxShort')}
            className={`${selectClass} min-w-0`}
            value={draft[key] ?? ''}
            onChange={(event) => handleChange(key, event.target.value)}
            onBlur={() => commit(draft)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit(draft);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
