import type { ReplayBasis } from '../../../shared/methodology/replay.ts';
import { computeSearchInterestIndex } from '../../../shared/scoring/search-interest.ts';
import type { HeatComponentKey } from '../../../shared/scoring/weights.ts';

// A replayed day's heat inputs from the stored daily values only (features/heat/past-day-signals.ts says what each
// input is: the day's market cap, volume and 52-week commits; 24 h and 7 d price changes; 7-day sums of news and of
// page views, the latter as the search-interest index), computed for every project-day at once from typed arrays.
// A test holds it equal to toPastDaySignals.

/** The daily_signals a replayed day reads. */
export const REPLAY_SIGNALS = ['price', 'marketCap', 'volume24h', 'commits52w', 'pageViews', 'news'] as const;
export type ReplaySignal = (typeof REPLAY_SIGNALS)[number];
/** A replayed day reads up to 7 days back (news and page views over 7 days, the 7-day price change). */
export const REPLAY_LOOKBACK_DAYS = 7;
const L = REPLAY_LOOKBACK_DAYS;

/**
 * Stored daily values of projects × (lookback + days): `series[s][p * width + (day − firstDay + lookback)]`, NaN when
 * not stored. Float64, as stored: the replayed heat must equal the one computed from the rows themselves.
 */
export type ReplayDailyValues = {
  projects: number;
  days: number;
  width: number;
  series: Record<ReplaySignal, Float64Array>;
};

export function createReplayDailyValues(projects: number, days: number): ReplayDailyValues {
  const width = days + L;
  const series = Object.fromEntries(
    REPLAY_SIGNALS.map((s) => [s, new Float64Array(projects * width).fill(Number.NaN)]),
  ) as Record<ReplaySignal, Float64Array>;
  return { projects, days, width, series };
}

/** The basis of every project-day of `values` (see computeReplayHeat). `listedAtMs[p]` NaN = unknown. */
export function computeReplayBasis(values: ReplayDailyValues, firstDay: number, listedAtMs: Float64Array): ReplayBasis {
  const { projects: P, days: D, width, series } = values;
  const size = P * D;
  const column = () => new Float64Array(size);
  const components = {
    marketCapUsd: column(),
    volume24hUsd: column(),
    priceChange24hPct: column(),
    priceChange7dPct: column(),
    commits52w: column(),
    newsMentions: column(),
    googleTrends: column(),
    volumeToMarketCap: column(),
  } satisfies Partial<Record<HeatComponentKey, Float64Array>>;
  const evidence = new Uint8Array(size);
  const { price, marketCap, volume24h, commits52w, pageViews, news } = series;
  for (let p = 0; p < P; p++) {
    for (let d = 0; d < D; d++) {
      const i = p * D + d;
      const w = p * width + L + d;
      const cap = marketCap[w] as number;
      const volume = volume24h[w] as number;
      const views = windowSum(pageViews, w);
      const inputs = [
        cap,
        volume,
        pct(price[w] as number, price[w - 1] as number),
        pct(price[w] as number, price[w - 7] as number),
        commits52w[w] as number,
        windowSum(news, w),
        Number.isNaN(views) ? Number.NaN : computeSearchInterestIndex(views),
      ] as const;
      components.marketCapUsd[i] = inputs[0];
      components.volume24hUsd[i] = inputs[1];
      components.priceChange24hPct[i] = inputs[2];
      components.priceChange7dPct[i] = inputs[3];
      components.commits52w[i] = inputs[4];
      components.newsMentions[i] = inputs[5];
      components.googleTrends[i] = inputs[6];
      components.volumeToMarketCap[i] =
        Number.isFinite(volume) && Number.isFinite(cap) && cap > 0 ? volume / cap : Number.NaN;
      let n = 0;
      for (const v of inputs) if (Number.isFinite(v)) n++;
      evidence[i] = n;
    }
  }
  return { projects: P, days: D, firstDay, components, evidence, listedAtMs };
}

/** (now / then − 1) × 100; NaN without both or when `then` is not positive. */
const pct = (now: number, then: number) => (Number.isNaN(now) || !(then > 0) ? Number.NaN : (now / then - 1) * 100);

/** The sum of the 7 values ending at `w`, in day order; NaN when none is stored. */
function windowSum(series: Float64Array, w: number): number {
  let sum = Number.NaN;
  for (let k = w - L + 1; k <= w; k++) {
    const v = series[k] as number;
    if (!Number.isNaN(v)) sum = (Number.isNaN(sum) ? 0 : sum) + v;
  }
  return sum;
}
