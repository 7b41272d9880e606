// Cohorts a heat input is compared within: the project's sector and its market-cap band. A raw value means more
// beside its peers ("3.0 M followers, 97th percentile in Layer1") than alone.

/** Market-cap bands by lower bound (USD), smallest first; a project without a market cap is in none. */
export const MARKET_CAP_BANDS = [
  { band: 'micro', from: 0 },
  { band: 'small', from: 10_000_000 },
  { band: 'mid', from: 100_000_000 },
  { band: 'large', from: 1_000_000_000 },
  { band: 'mega', from: 10_000_000_000 },
] as const;
export type MarketCapBand = (typeof MARKET_CAP_BANDS)[number]['band'];
export const MARKET_CAP_BAND_NAMES = MARKET_CAP_BANDS.map((b) => b.band) as [MarketCapBand, ...MarketCapBand[]];

/** A percentile needs at least this many projects with data in the cohort (the project included); fewer say so. */
export const MIN_COHORT_PEERS = 5;

/** The band a market cap falls in, with its bounds (`to` null for the top band); null without a positive value. */
export function marketCapBand(
  marketCapUsd: number | null,
): { band: MarketCapBand; from: number; to: number | null } | null {
  if (marketCapUsd === null || !Number.isFinite(marketCapUsd) || marketCapUsd <= 0) return null;
  for (let i = MARKET_CAP_BANDS.length - 1; i >= 0; i--) {
    const current = MARKET_CAP_BANDS[i]!;
    if (marketCapUsd >= current.from)
      return { band: current.band, from: current.from, to: MARKET_CAP_BANDS[i + 1]?.from ?? null };
  }
  return null;
}

/**
 * The mid-rank percentile of a value among its cohort (0–100): the share of peers below it plus half of those equal
 * (itself included), so the lowest of 100 distinct values is 0.5 and the highest 99.5, and ties share one percentile.
 * Null when the cohort has fewer than {@link MIN_COHORT_PEERS} values.
 */
export function cohortPercentile(below: number, equal: number, peers: number): number | null {
  if (peers < MIN_COHORT_PEERS || peers <= 0) return null;
  return (100 * (below + equal / 2)) / peers;
}
