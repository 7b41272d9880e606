import type { CompareItem } from '../../../../shared/api/compare.schema.ts';
import { NoValue } from '../../../components/ui/no-value.tsx';
import { formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const CATEGORIES = ['social', 'market', 'development', 'news'] as const;

/** The heat breakdowns side by side: each category's sub-score (0–100) per project, with a bar to read at a glance. */
export function CompareBreakdowns({ items }: { items: readonly CompareItem[] }) {
  const { t } = useTranslation('compare');
  return (
    <section
      className="card relative overflow-x-auto p-4"
      data-slot="compare-breakdowns"
      aria-labelledby="compare-breakdowns"
    >
      <h2 id="compare-breakdowns" className="mb-3 font-semibold">
        {t('breakdown.title')}
      </h2>
      <table className="w-full text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 text-left font-medium text-gray-600 dark:text-gray-400">
              {t('breakdown.category')}
            </th>
            {items.map((i) => (
              <th key={i.project.id} scope="col" className="min-w-28 px-2 py-1 text-left font-medium">
                {i.project.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {CATEGORIES.map((category) => (
            <tr key={category}>
              <th scope="row" className="py-1 pr-3 text-left font-normal whitespace-nowrap">
                {t(`breakdown.${category}`)}
              </th>
              {items.map((i) => {
                const value = i.heat.categories[category];
                return (
                  <td key={i.project.id} className="px-2 py-1 tabular-nums">
                    {value === null ? (
                      <NoValue reason="noData" />
                    ) : (
                      <div className="flex items-center gap-2">
                        <span className="w-8 text-right">{formatScore(value)}</span>
                        <span className="h-2 flex-1 rounded bg-gray-100 dark:bg-gray-800" aria-hidden="true">
                          <span
                            className="block h-2 rounded bg-orange-500"
                            style={{ width: `${Math.max(0, Math.min(100, value))}%` }}
                          />
                        </span>
                      </div>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
