import type { ReactNode } from 'react';
import { useState } from 'react';
import type { SourceHistorySeries } from '../../../../shared/api/premium-data.schema.ts';
import { SOURCE_HISTORY_RANGES, type SourceHistoryRange } from '../../../../shared/api/premium-data.values.ts';
import { useSourceName } from '../../../components/metric-source.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDate, formatInteger, formatPercent, formatUsd } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSourceHistory } from '../api.ts';
import { Sparkline } from './sparkline.tsx';

const USD_SIGNALS = new Set(['price', 'marketCap', 'volume24h', 'tvl']);
const RANGES = Object.keys(SOURCE_HISTORY_RANGES) as SourceHistoryRange[];

type SourceHistoryPanelProps = {
  projectId: string;
  /** Null when the viewer's level reads the data; else what to show instead (the page's locked-feature panel). */
  locked: ReactNode | null;
  /** What to show when the server refuses anyway (a plan ended since the page loaded). */
  refusal: (error: unknown) => ReactNode;
};

/**
 * VIP premium data: a project's daily source values (price, market cap, volume, TVL, GitHub commits, Wikipedia page
 * views, news mentions) over 90 days or a year, one row per signal with its source and as-of. Lower levels see what it
 * is and the locked panel, never the values.
 */
export function SourceHistoryPanel({ projectId, locked, refusal }: SourceHistoryPanelProps) {
  const { t } = useTranslation('membership');
  const [range, setRange] = useState<SourceHistoryRange>('1y');
  return (
    <section aria-labelledby="source-history" className="card space-y-3 p-5" data-slot="source-history">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="source-history" className="text-lg font-semibold">
          {t('premiumData.sourceHistory.title')}
        </h2>
        {!locked && (
          <fieldset className="flex gap-1">
            <legend className="sr-only">{t('premiumData.sourceHistory.range')}</legend>
            {RANGES.map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={range === key}
                onClick={() => setRange(key)}
                className={range === key ? 'btn-primary' : 'btn-secondary'}
              >
                {t(`premiumData.sourceHistory.ranges.${key}`)}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      <p className="muted text-sm">{t('premiumData.sourceHistory.what')}</p>
      {locked ?? <SourceHistoryTable projectId={projectId} range={range} refusal={refusal} />}
    </section>
  );
}

function SourceHistoryTable(props: {
  projectId: string;
  range: SourceHistoryRange;
  refusal: (error: unknown) => ReactNode;
}) {
  const { t } = useTranslation('membership');
  const history = useSourceHistory(props.projectId, props.range, true);
  if (history.isPending) return <Skeleton className="h-40 w-full" />;
  if (history.isError) return props.refusal(history.error);
  if (history.data.series.length === 0) {
    return (
      <p className="muted text-sm" data-testid="source-history-empty">
        {t('premiumData.sourceHistory.empty', { from: formatDate(history.data.from) })}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="source-history-table">
        <caption className="sr-only">
          {t('premiumData.sourceHistory.caption', {
            from: formatDate(history.data.from),
            to: formatDate(history.data.to),
          })}
        </caption>
        <thead className="border-b border-gray-200 text-left dark:border-gray-800">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('premiumData.sourceHistory.signal')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('premiumData.sourceHistory.trend')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('premiumData.sourceHistory.first')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('premiumData.sourceHistory.last')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('premiumData.sourceHistory.change')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('premiumData.sourceHistory.source')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {history.data.series.map((series) => (
            <SeriesRow key={series.signal} series={series} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SeriesRow({ series }: { series: SourceHistorySeries }) {
  const { t } = useTranslation(['membership', 'provenance']);
  const sourceName = useSourceName();
  const format = USD_SIGNALS.has(series.signal) ? formatUsd : formatInteger;
  const first = series.points[0];
  const last = series.points.at(-1);
  // A change needs two days and a non-zero start; otherwise it is said in words.
  const change = first && last && series.points.length > 1 && first.value !== 0 ? last.value / first.value - 1 : null;
  const label = t(`membership:premiumData.sourceHistory.signals.${series.signal}`);
  return (
    <tr data-signal={series.signal}>
      <th scope="row" className="py-2 pr-3 text-left font-normal">
        {label}
        <span className="muted block text-xs">
          {t('membership:premiumData.sourceHistory.days', { count: series.points.length })}
        </span>
      </th>
      <td className="py-2 pr-3">
        <Sparkline values={series.points.map((p) => p.value)} label={label} />
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">
        {first && format(first.value)}
        <span className="muted block text-xs">{first && formatDate(first.day)}</span>
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">
        {last && format(last.value)}
        <span className="muted block text-xs">{last && formatDate(last.day)}</span>
      </td>
      <td className="py-2 pr-3 text-right tabular-nums">
        {change === null ? (
          <span className="muted">{t('membership:premiumData.sourceHistory.noChange')}</span>
        ) : (
          formatPercent(change * 100)
        )}
      </td>
      <td className="py-2 text-xs">
        {t('provenance:line.asOf', { date: formatDate(series.asOf), source: sourceName(series.source) })}
      </td>
    </tr>
  );
}
