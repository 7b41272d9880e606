import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_RANGES, type HistoryPoint, type HistoryRange } from '../../../../shared/api/heat.schema.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime, formatScore } from '../../../lib/format.ts';
import { useEchart } from '../../../lib/use-echart.ts';
import { loadHeatEcharts } from './load-heat-echarts.ts';

type Props = {
  points: readonly HistoryPoint[];
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  /** Draw the social score as a second line (projects). */
  showSocial?: boolean;
};

/** Heat over time as a line chart with a 7d / 30d / 90d range switch. */
export function HeatHistoryChart({ points, range, onRangeChange, showSocial = true }: Props) {
  const { t } = useTranslation('heat');
  const option = useMemo(() => {
    if (points.length === 0) return null;
    const series = [
      {
        name: t('history.score'),
        type: 'line',
        showSymbol: false,
        itemStyle: { color: '#f97316' },
        data: points.map((p) => [p.at, p.score]),
      },
    ];
    if (showSocial) {
      series.push({
        name: t('history.social'),
        type: 'line',
        showSymbol: false,
        itemStyle: { color: '#3b82f6' },
        data: points.map((p) => [p.at, p.socialScore ?? 0]),
      });
    }
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatScore(v) },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', min: 0, max: 100 },
      series,
    };
  }, [points, showSocial, t]);
  const { ref, ready } = useEchart(loadHeatEcharts, option);
  const first = points[0];
  const last = points[points.length - 1];

  return (
    <figure className="card p-4">
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t('history.title')}</h3>
        <fieldset className="flex gap-1 text-sm">
          <legend className="sr-only">{t('history.range')}</legend>
          {HISTORY_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              className={range === r ? 'btn-primary px-2 py-0.5' : 'btn-secondary px-2 py-0.5'}
              onClick={() => onRangeChange(r)}
            >
              {t(`history.ranges.${r}`)}
            </button>
          ))}
        </fieldset>
      </figcaption>
      {points.length === 0 ? (
        <EmptyState title={t('history.empty')} />
      ) : (
        <div className="relative h-64">
          {!ready && <Skeleton className="absolute inset-0 h-full w-full" />}
          <div
            ref={ref}
            role="img"
            aria-label={t('history.label', {
              range: t(`history.ranges.${range}`),
              first: `${formatDateTime(first?.at)} ${formatScore(first?.score)}`,
              last: `${formatDateTime(last?.at)} ${formatScore(last?.score)}`,
            })}
            className="h-full w-full"
          />
        </div>
      )}
    </figure>
  );
}
