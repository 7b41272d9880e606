import type { SearchFacets } from '../../../../shared/api/search.schema.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { SearchUrlQuery } from '../search-url.ts';

const CHIPS_PER_FACET = 8;

/** The facet counts as one-click refinements: the most frequent values of sector, chain and status. */
export function FacetChips({
  facets,
  query,
  sectors,
  statusLabel,
  onChange,
}: {
  facets: SearchFacets;
  query: SearchUrlQuery;
  sectors: readonly { id: string; name: string; label: string }[];
  statusLabel: (status: string) => string;
  onChange: (patch: SearchUrlQuery) => void;
}) {
  const { t } = useTranslation('search');
  const sectorOf = (name: string) => sectors.find((s) => s.name === name);
  const groups = [
    {
      key: 'category' as const,
      items: facets.category.map((f) => {
        const sector = sectorOf(f.value);
        return { value: sector?.id ?? f.value, label: sector?.label ?? f.value, count: f.count };
      }),
    },
    { key: 'chain' as const, items: facets.chain.map((f) => ({ value: f.value, label: f.value, count: f.count })) },
    {
      key: 'status' as const,
      // 'unscored' is a count, not a filter the search takes.
      items: facets.status
        .filter((f) => f.value !== 'unscored')
        .map((f) => ({ value: f.value, label: statusLabel(f.value), count: f.count })),
    },
  ];
  return (
    <div className="space-y-2 border-gray-200 border-t pt-3 dark:border-gray-800" data-slot="search-facets">
      {groups.map(({ key, items }) =>
        items.length === 0 ? null : (
          <div key={key} className="flex flex-wrap items-center gap-1.5 text-xs" data-facet={key}>
            <span className="muted mr-1 font-medium">{t(`filters.${key}`)}</span>
            {items.slice(0, CHIPS_PER_FACET).map((item) => {
              const active = query[key]?.toLowerCase() === item.value.toLowerCase();
              return (
                <button
                  key={item.value}
                  type="button"
                  aria-pressed={active}
                  data-value={item.value}
                  onClick={() => onChange({ [key]: active ? undefined : item.value })}
                  className={`rounded-full border px-2 py-0.5 ${
                    active
                      ? 'border-brand-600 bg-brand-50 text-brand-800 dark:bg-brand-800/30 dark:text-brand-100'
                      : 'border-gray-300 hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800'
                  }`}
                >
                  {item.label} <span className="tabular-nums opacity-70">{formatInteger(item.count)}</span>
                </button>
              );
            })}
          </div>
        ),
      )}
    </div>
  );
}
