import type { ReactNode } from 'react';
import type { TrendResponse } from '../../../../shared/api/compare.schema.ts';
import type { TrendRange } from '../../../../shared/api/heat.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatDateTime, formatScore } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { RangeSwitch } from './range-switch.tsx';

type TrendQuery = { data?: TrendResponse; isError: boolean; isPending: boolean; error: unknown };

export type TrendSectionProps = {
  /** data-slot and the heading's id: `project-trend` or `sector-trend`. */
  slot: string;
  trend: TrendQuery;
  range: TrendRange;
  onRangeChange: (range: TrendRange) => void;
  /** The "rank among all" column's heading: all projects for a project, all sectors for a sector. */
  rankLabel: string;
  /** Projects also rank within their sector; a sector has no such column. */
  withinSector: boolean;
  refusal: (error: unknown) => ReactNode;
};

/**
 * Daily heat with its ranks (premium trend analysis), newest day first — the question is usually "where is it now".
 * Every figure is HeatRank's own heat score: each row's tooltip gives its as-of (the day's last computation), and the
 * line under the table names the source and the newest as-of.
 */
export function TrendSection({
  slot,
  trend,
  range,
  onRangeChange,
  rankLabel,
  withinSector,
  refusal,
}: TrendSectionProps) {
  const { t } = useTranslation('compare');
  const points = [...(trend.data?.points ?? [])].reverse();
  const newest = points[0]?.asOf;

  return (
    <section className="card p-5" data-slot={slot} aria-labelledby={slot}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={slot} className="font-semibold">
          {t('trend.title')}
        </h2>
        <RangeSwitch range={range} onChange={onRangeChange} />
      </div>
      {trend.isError ? (
        refusal(trend.error)
      ) : trend.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : points.length === 0 ? (
        <p className="muted text-sm">{t('trend.empty')}</p>
      ) : (
        <>
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
                    {rankLabel}
                  </th>
                  {withinSector && (
                    <th scope="col" className="py-1 text-right font-medium">
                      {t('trend.sectorRank')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                {points.map((p) => {
                  const asOf = p.asOf ? t('trend.rowAsOf', { date: formatDateTime(p.asOf) }) : undefined;
                  return (
                    <tr key={p.day} title={asOf} data-as-of={p.asOf}>
                      <td className="py-1">
                        {formatDate(p.day)}
                        {asOf && <span className="sr-only"> ({asOf})</span>}
                      </td>
                      <td className="py-1 text-right">{formatScore(p.score)}</td>
                      <td className="py-1 text-right">{t('trend.of', { rank: p.rank, total: p.total })}</td>
                      {withinSector && (
                        <td className="py-1 text-right">
                          {p.sectorRank === null ? '—' : t('trend.of', { rank: p.sectorRank, total: p.sectorTotal })}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="muted mt-2 text-xs" data-trend-source="">
            {newest ? t('trend.source', { date: formatDateTime(newest) }) : t('trend.sourceOnly')}
          </p>
        </>
      )}
    </section>
  );
}
