import { useMemo } from 'react';
import type { CompareItem } from '../../../../shared/api/compare.schema.ts';
import type { TrendRange } from '../../../../shared/api/heat.schema.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatScore } from '../../../lib/format.ts';
import { useEchart } from '../../../lib/use-echart.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { loadCompareEcharts } from './load-compare-echarts.ts';
import { RangeSwitch } from './range-switch.tsx';

const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<TrendRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
const COLORS = ['#f97316', '#3b82f6', '#10b981', '#a855f7', '#ef4444'];

type Props = { items: readonly CompareItem[]; range: TrendRange; onRangeChange: (range: TrendRange) => void };

/** Every compared project's heat history as one line each, on one time axis. */
export function CompareHistoryChart({ items, range, onRangeChange }: Props) {
  const { t } = useTranslation('compare');
  const hasPoints = items.some((i) => i.history.points.length > 0);
  const option = useMemo(() => {
    if (!hasPoints) return null;
    // The axis spans the whole range asked for, ending now, however little history exists inside it.
    const now = Date.now();
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatScore(v) },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'time', min: now - RANGE_DAYS[range] * DAY_MS, max: now },
      yAxis: { type: 'value', min: 0, max: 100 },
      series: items.map((i, index) => ({
        name: i.project.name,
        type: 'line',
        showSymbol: i.history.points.length <= 24,
        itemStyle: { color: COLORS[index % COLORS.length] },
        data: i.history.points.map((p): [string, number] => [p.at, p.score]),
      })),
    };
  }, [items, hasPoints, range]);
  const { ref, ready } = useEchart(loadCompareEcharts, option);
  const names = items.map((i) => i.project.name).join(', ');

  return (
    <figure className="card p-4" data-slot="compare-history">
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">{t('history.title')}</h2>
        <RangeSwitch range={range} onChange={onRangeChange} />
      </figcaption>
      {hasPoints ? (
        <div className="relative h-72">
          {!ready && <Skeleton className="absolute inset-0 h-full w-full" />}
          <div
            ref={ref}
            role="img"
            data-ready={ready ? 'true' : 'false'}
            aria-label={t('history.label', { names, range: t(`ranges.${range}`) })}
            className="h-full w-full"
          />
        </div>
      ) : (
        <p className="muted py-10 text-center text-sm">{t('history.empty')}</p>
      )}
    </figure>
  );
}
