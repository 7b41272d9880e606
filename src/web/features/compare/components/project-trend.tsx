import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryRange } from '../../../../shared/api/heat.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatScore } from '../../../lib/format.ts';
import { useProjectTrend } from '../api.ts';
import { RangeSwitch } from './range-switch.tsx';

/**
 * A project's daily heat with its rank among all projects and within its sector (premium trend analysis). The caller
 * shows it only to a viewer who may use it; `refusal` renders the server's refusal (the locked message) if it comes.
 */
export function ProjectTrend({ projectId, refusal }: { projectId: string; refusal: (error: unknown) => ReactNode }) {
  const { t } = useTranslation('compare');
  const [range, setRange] = useState<HistoryRange>('30d');
  const trend = useProjectTrend(projectId, range, true);
  // Newest day first: the question is usually "where is it now".
  const points = [...(trend.data?.points ?? [])].reverse();

  return (
    <section className="card p-5" data-slot="project-trend" aria-labelledby="project-trend">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="project-trend" className="font-semibold">
          {t('trend.title')}
        </h2>
        <RangeSwitch range={range} onChange={setRange} />
      </div>
      {trend.isError ? (
        refusal(trend.error)
      ) : trend.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : points.length === 0 ? (
        <p className="muted text-sm">{t('trend.empty')}</p>
      ) : (
        <div className="relative max-h-72 overflow-auto">
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{t('trend.caption', { range: t(`ranges.${range}`) })}</caption>
            <thead className="sticky top-0 bg-white text-gray-600 dark:bg-gray-900 dark:text-gray-400">
              <tr>
                <th scope="col" className="py-1 text-left font-medium">
                  {t('trend.day')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('trend.heat')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('trend.rank')}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {t('trend.sectorRank')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
              {points.map((p) => (
                <tr key={p.day}>
                  <td className="py-1">{formatDate(p.day)}</td>
                  <td className="py-1 text-right">{formatScore(p.score)}</td>
                  <td className="py-1 text-right">{t('trend.of', { rank: p.rank, total: p.total })}</td>
                  <td className="py-1 text-right">
                    {p.sectorRank === null ? '—' : t('trend.of', { rank: p.sectorRank, total: p.sectorTotal })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
