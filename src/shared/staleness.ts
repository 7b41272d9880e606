import type { MetricSource } from './api/common.schema.ts';
import { DAY_MS, HOUR_MS } from './time/duration.ts';

/**
 * How often each source refreshes its metrics (ms), matching the ingestion jobs: market hourly, discovery and
 * developer data daily, social at most every 7 days per project (spec §9 "Intervals"), attention signals (news,
 * search interest, Reddit) daily per project.
 */
export const SOURCE_REFRESH_MS: Readonly<Record<string, number>> = {
  coingecko: HOUR_MS,
  // Momentum from stored daily prices: the market refresh (hourly) or the backfill (daily) renews it.
  'coingecko-history': DAY_MS,
  defillama: DAY_MS,
  github: DAY_MS,
  x: 7 * DAY_MS,
  telegram: 7 * DAY_MS,
  discord: 7 * DAY_MS,
  gdelt: DAY_MS,
  wikipedia: DAY_MS,
  reddit: DAY_MS,
  chains: DAY_MS,
  raises: DAY_MS,
  logos: DAY_MS,
};

/** A metric is stale once it is older than this many refresh intervals. */
export const STALE_AFTER_INTERVALS = 2;

/**
 * True when the metric is stale: its last refresh failed (`stale` flag), or it is older than twice its source's
 * refresh interval. Sources without a known interval (e.g. the labelled catalogue sample) are stale only when
 * flagged. An unparsable `asOf` counts as stale. `now` is passed in; nothing here reads the clock.
 */
export function isMetricStale(source: MetricSource, now: Date): boolean {
  if (source.stale) return true;
  const interval = SOURCE_REFRESH_MS[source.source];
  if (interval === undefined) return false;
  const asOf = Date.parse(source.asOf);
  if (Number.isNaN(asOf)) return true;
  return now.getTime() - asOf > STALE_AFTER_INTERVALS * interval;
}
