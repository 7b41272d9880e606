import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatScore } from '../../../lib/format.ts';
import { useEchart } from '../../../lib/use-echart.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type HistoryRange, watchlistHistoryOptions } from '../api.ts';
import { loadListEcharts } from './load-list-echarts.ts';

const RANGES: HistoryRange[] = ['7d', '30d', '90d'];
const RANGE_DAYS: Record<HistoryRange, number> = { '7d': 7, '30d': 30, '90d': 90 };
const DAY_MS = 86_400_000;

type Point = { day: string; heat: number; projects: number };

/**
 * Every day of the range (its first day to today) as 'YYYY-MM-DD' in the server's day zone, so the x-axis spans the
 * whole range however few days have history, and each point sits on its own day.
 */
export function rangeDays(range: HistoryRange, now: number, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const days = new Set<string>();
  for (let i = RANGE_DAYS[range] - 1; i >= 0; i--) days.add(format.format(new Date(now - i * DAY_MS)));
  return [...days];
}

/**
 * The list's mean heat per day on a chart with axes: dates below, heat 0–100 at the side (a fixed scale, so a flat
 * list does not look like a swing). Each day is a dot, so one day of history is a labelled point, not a lone mark.
 */
export function ListHeatChart({ id }: { id: string }) {
  const { t } = useTranslation('watchlists');
  const [range, setRange] = useState<HistoryRange>('30d');
  const history = useQuery(watchlistHistoryOptions(id, range));
  const points = history.data?.points ?? [];
  return (
    <section className="card space-y-3 p-4" aria-labelledby="watchlist-history" data-slot="list-heat-chart">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="watchlist-history" className="font-semibold">
            {t('history.title')}
          </h2>
          <p className="muted text-xs">{t('history.hint')}</p>
        </div>
        <fieldset className="flex gap-1" aria-label={t('history.range')}>
          {RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              className={r === range ? 'btn-primary px-2 py-1 text-xs' : 'btn-secondary px-2 py-1 text-xs'}
              onClick={() => setRange(r)}
            >
              {t(`history.${r}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {history.isPending ? (
        <Skeleton className="h-56 w-full" />
      ) : points.length === 0 ? (
        <p className="muted text-sm">{t('history.empty')}</p>
      ) : (
        <HeatLine points={points} range={range} timeZone={history.data?.timeZone ?? 'UTC'} />
      )}
    </section>
  );
}

function HeatLine({ points, range, timeZone }: { points: Point[]; range: HistoryRange; timeZone: string }) {
  const { t } = useTranslation('watchlists');
  // biome-ignore lint/correctness/useExhaustiveDependencies: "now" is taken again when the data or the range changes
  const days = useMemo(() => rangeDays(range, Date.now(), timeZone), [points, range, timeZone]);
  const option = useMemo(
    () => ({
      // Drawn at once (no entry animation): a resize redraws it complete, a few dozen points need no motion.
      animation: false,
      grid: { left: 8, right: 40, top: 28, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'item',
        formatter: (p: { data: [string, number, number] }) =>
          t('history.point', { day: p.data[0], heat: formatScore(p.data[1]), count: p.data[2] }),
      },
      xAxis: {
        type: 'category',
        data: days,
        boundaryGap: false,
        axisLabel: { hideOverlap: true, formatter: (day: string) => day.slice(5) },
      },
      yAxis: { type: 'value', name: t('history.axisHeat'), min: 0, max: 100, interval: 25 },
      series: [
        {
          type: 'line',
          showSymbol: true,
          // Every day's dot, however crowded the axis: ECharts would otherwise thin the dots of a dense category axis
          // to its label interval, and on a phone the lone latest day fell between two labels and vanished.
          showAllSymbol: true,
          symbolSize: points.length === 1 ? 10 : 6,
          clip: false,
          itemStyle: { color: '#f97316' },
          // A lone point carries its value, so one day of history still reads.
          label: {
            show: points.length <= 3,
            position: 'top',
            formatter: (p: { data: [string, number] }) => formatScore(p.data[1]),
          },
          connectNulls: true,
          data: points.map((p) => [p.day, p.heat, p.projects]),
        },
      ],
    }),
    [points, days, t],
  );
  const { ref, ready } = useEchart(loadListEcharts, option, undefined, undefined, 'svg');
  const first = points[0] as Point;
  const last = points.at(-1) as Point;
  return (
    <div className="space-y-2">
      <div className="relative h-56">
        {!ready && <Skeleton className="absolute inset-0 h-full w-full" />}
        <div
          ref={ref}
          role="img"
          data-points={points.length}
          aria-label={t('history.label', {
            range: t(`history.${range}`),
            first: `${first.day} ${formatScore(first.heat)}`,
            last: `${last.day} ${formatScore(last.heat)}`,
          })}
          className="h-full w-full"
        />
      </div>
      {points.length === 1 && (
        <p className="muted text-xs" data-slot="one-point">
          {t('history.onePoint', { day: first.day, heat: formatScore(first.heat) })}
        </p>
      )}
    </div>
  );
}
