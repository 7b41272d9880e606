import type { MetricSource as MetricSourceValue } from '../../shared/api/common.schema.ts';
import { isMetricStale } from '../../shared/staleness.ts';
import { formatDate } from '../lib/format.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { sourceKeyOrUnknown } from './source-key.ts';
import { Badge } from './ui/badge.tsx';

/**
 * Where a displayed figure came from, said the same way on every page (docs/provenance.md):
 * - `variant="marker"` (default): a compact "Sample" mark beside a value from the built-in catalogue; the as-of is in
 *   its tooltip and screen-reader text. Live values get no mark unless they are stale.
 * - `variant="line"`: the full line under a figure: "Sample · as of 30 Jun 2025" or "As of … · CoinGecko", plus the
 *   stale mark.
 * Widgets that show marked values also render <SampleNote>, which states the as-of date in the page text. Raw source
 * keys (e.g. `catalogue-sample`) never reach the page: sources are shown by their display name (provenance.sources).
 */
export type MetricSourceProps = {
  source: MetricSourceValue | null | undefined;
  variant?: 'marker' | 'line';
  /** Nothing is shown when the figure itself is empty ("no data" needs no source). */
  hasValue?: boolean;
};

/**
 * The display name of a source key in the UI language; unknown keys become "another source", never the raw key.
 * Known means named in the loaded texts: both languages name the same keys (locales.test.ts), so no other language's
 * file is needed to tell.
 */
export function useSourceName(): (key: string) => string {
  const { t, i18n } = useTranslation('provenance');
  const names: unknown = i18n.getResource(i18n.language, 'provenance', 'sources');
  return (key) => t(`sources.${sourceKeyOrUnknown(names, key)}`);
}

export function MetricSource({ source, variant = 'marker', hasValue = true }: MetricSourceProps) {
  const { t } = useTranslation('provenance');
  const sourceName = useSourceName();
  if (!source || !hasValue) return null;
  const date = formatDate(source.asOf);
  // Flagged by a failed refresh, or older than twice its source's refresh interval.
  const stale = isMetricStale(source, new Date());
  const staleMark = stale && (
    <Badge tone="yellow" title={t('staleHint')}>
      {t('stale')}
    </Badge>
  );
  if (variant === 'line') {
    return (
      <span
        className="muted mt-0.5 flex flex-wrap items-center gap-1 text-xs font-normal"
        data-metric-source={source.sample ? 'sample' : 'live'}
      >
        {source.sample ? (
          <SampleMark title={t('marker.sampleTitle', { date })} text={t('line.sample', { date })} />
        ) : (
          t('line.asOf', { date, source: sourceName(source.source) })
        )}
        {staleMark}
      </span>
    );
  }
  if (!source.sample) return staleMark || null;
  return <SampleMark title={t('marker.sampleTitle', { date })} text={t('marker.sample')} />;
}

/**
 * The visible mark: text plus a tooltip (title) that a screen reader also hears, since the as-of lives there.
 * `relative` keeps the sr-only text inside the mark: in a scrolling table it would otherwise widen the page.
 */
function SampleMark({ title, text }: { title: string; text: string }) {
  return (
    <span
      data-sample-marker=""
      title={title}
      className="relative ml-1 inline-flex items-center whitespace-nowrap rounded bg-amber-100 px-1 py-px align-middle text-[10px] font-medium leading-4 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{title}</span>
    </span>
  );
}

/**
 * One line under a widget whose figures include catalogue samples: says what "Sample" means and the as-of date (the
 * oldest among them). Renders nothing when no source is a sample.
 */
export function SampleNote({
  sources,
  className = '',
}: {
  sources: readonly (MetricSourceValue | null | undefined)[];
  className?: string;
}) {
  const { t } = useTranslation('provenance');
  const oldest = sources
    .filter((s): s is MetricSourceValue => Boolean(s?.sample))
    .reduce<string | null>((min, s) => (min === null || s.asOf < min ? s.asOf : min), null);
  if (oldest === null) return null;
  return (
    <p className={`muted text-xs ${className}`} data-sample-note="">
      {t('note.sample', { date: formatDate(oldest) })}
    </p>
  );
}
