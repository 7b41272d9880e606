import { useMemo } from 'react';
import { Link } from 'react-router';
import type { HistoryPoint, HistoryRange } from '../../../../shared/api/heat.schema.ts';
import { HISTORY_RANGES } from '../../../../shared/api/heat.values.ts';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatDateTime, formatScore } from '../../../lib/format.ts';
import { useEchart } from '../../../lib/use-echart.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { loadHeatEcharts } from './load-heat-echarts.ts';

type Props = {
  points: readonly HistoryPoint[];
  range: HistoryRange;
  onRangeChange: (range: HistoryRange) => void;
  /** Draw the social score as a second line (projects). */
  showSocial?: boolean;
  /** Whether the viewer's level reads a range (the server refuses the others); all open when omitted. */
  canRead?: (range: HistoryRange) => boolean;
};

const DAY_MS = 86_400_000;
const RANGE_MS: Record<HistoryRange, number> = {
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  '1y': 365 * DAY_MS,
};

/** The x-axis spans the whole range asked for, ending now, however few points exist inside it (ms epoch). */
export function historyAxis(range: HistoryRange, now: number): { min: number; max: number } {
  return { min: now - RANGE_MS[range], max: now };
}

/**
 * Heat over time as a line chart with a 7d / 30d / 90d / 1y range switch; fewer than two points say when history
 * starts. A range the viewer's level does not read is shown locked, with the way to upgrade.
 */
export function HeatHistoryChart({ points, range, onRangeChange, showSocial = true, canRead = () => true }: Props) {
  const { t } = useTranslation('heat');
  // "Now" is taken when the points or the range change, so the axis ends at the moment the data was shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed on purpose when the data or range changes
  const axis = useMemo(() => historyAxis(range, Date.now()), [points, range]);
  const option = useMemo(() => {
    if (points.length < 2) return null;
    // A handful of points on a 7–90 day axis would be a hairline at its edge: draw them as dots too.
    const fewPoints = points.length <= 24;
    const series = [
      {
        name: t('history.score'),
        type: 'line',
        showSymbol: fewPoints,
        clip: false,
        itemStyle: { color: '#f97316' },
        data: points.map((p): [string, number | null] => [p.at, p.score]),
      },
    ];
    // Backfilled days (recomputed from daily source history) drawn as hollow points over the heat line, with their
    // own legend and tooltip entry ("Backfilled" / 回填).
    if (points.some((p) => p.backfilled)) {
      series.push({
        name: t('history.backfilled'),
        type: 'line',
        showSymbol: true,
        clip: false,
        itemStyle: { color: '#f97316' },
        symbol: 'emptyCircle',
        symbolSize: 5,
        lineStyle: { opacity: 0 },
        data: points.map((p): [string, number | null] => [p.at, p.backfilled ? p.score : null]),
      } as (typeof series)[number]);
    }
    if (showSocial) {
      series.push({
        name: t('history.social'),
        type: 'line',
        showSymbol: fewPoints,
        clip: false,
        itemStyle: { color: '#3b82f6' },
        // A missing social score is a gap in the line, never a drop to 0.
        data: points.map((p) => [p.at, p.socialScore]),
      });
    }
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatScore(v) },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
      xAxis: { type: 'time', min: axis.min, max: axis.max },
      yAxis: { type: 'value', min: 0, max: 100 },
      series,
    };
  }, [points, showSocial, t, axis]);
  const { ref, ready } = useEchart(loadHeatEcharts, option);
  const first = points[0];
  const last = points[points.length - 1];
  const backfilled = points.filter((p) => p.backfilled);

  return (
    <figure className="card min-w-0 p-4">
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t('history.title')}</h3>
        <fieldset className="flex gap-1 text-sm">
          <legend className="sr-only">{t('history.range')}</legend>
          {HISTORY_RANGES.map((r) =>
            canRead(r) ? (
              <button
                key={r}
                type="button"
                aria-pressed={range === r}
                className={range === r ? 'btn-primary px-2 py-0.5' : 'btn-secondary px-2 py-0.5'}
                onClick={() => onRangeChange(r)}
              >
                {t(`history.ranges.${r}`)}
              </button>
            ) : (
              <button
                key={r}
                type="button"
                disabled
                data-locked-range={r}
                title={t('history.lockedRange', { range: t(`history.ranges.${r}`) })}
                className="btn-secondary inline-flex items-center gap-1 px-2 py-0.5 opacity-60"
              >
                <ShieldIcon size={12} aria-hidden="true" />
                {t(`history.ranges.${r}`)}
              </button>
            ),
          )}
        </fieldset>
      </figcaption>
      {HISTORY_RANGES.some((r) => !canRead(r)) && (
        <p className="muted mb-2 text-xs" data-slot="history-locked">
          {t('history.locked')}{' '}
          <Link to="/membership" className="link underline">
            {t('history.lockedLink')}
          </Link>
        </p>
      )}
      {points.length === 0 ? (
        <ChartNote title={t('history.empty')} />
      ) : points.length === 1 && first ? (
        <ChartNote
          title={t('history.startsAt', { date: formatDateTime(first.at) })}
          text={t('history.onePoint', { score: formatScore(first.score) })}
        />
      ) : (
        <div className="relative h-64">
          {!ready && <Skeleton className="absolute inset-0 h-full w-full" />}
          <div
            ref={ref}
            role="img"
            data-x-min={new Date(axis.min).toISOString()}
            data-x-max={new Date(axis.max).toISOString()}
            aria-label={[
              t('history.label', {
                range: t(`history.ranges.${range}`),
                first: `${formatDateTime(first?.at)} ${formatScore(first?.score)}`,
                last: `${formatDateTime(last?.at)} ${formatScore(last?.score)}`,
              }),
              backfilled.length > 0 ? t('history.backfilledLabel', { count: backfilled.length }) : '',
            ]
              .filter(Boolean)
              .join('; ')}
            className="h-full w-full"
          />
        </div>
      )}
      {points.length >= 2 && backfilled.length > 0 && (
        <p data-slot="history-backfilled" className="muted mt-2 text-xs">
          {t('history.backfilledNote', { until: formatDate(backfilled[backfilled.length - 1]?.at) })}
        </p>
      )}
    </figure>
  );
}

/** In place of a chart that has too little to draw: a sentence in the chart's own box, not an empty grid. */
function ChartNote({ title, text }: { title: string; text?: string }) {
  return (
    <div data-slot="history-note" className="flex h-40 flex-col items-center justify-center gap-1 px-4 text-center">
      <p className="font-semibold">{title}</p>
      {text && <p className="muted max-w-md text-sm">{text}</p>}
    </div>
  );
}
