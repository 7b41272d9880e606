import { clamp } from './types.ts';
import type { HeatComponentKey } from './weights.ts';

/**
 * How a raw value maps to 0–1. Both kinds are monotone non-decreasing and clamp outside their reference points.
 * - `log`: log10 between two reference amounts: `(log10(x) − log10(lo)) / (log10(hi) − log10(lo))`; x ≤ lo → 0.
 * - `linear`: `(x − lo) / (hi − lo)`; used for percentages and indices.
 */
export type NormalizationScale = { kind: 'log' | 'linear'; lo: number; hi: number; unit: string };

/** Reference points of every heat component (documented in docs/heat-score.md). */
export const HEAT_NORMALIZATION: Record<HeatComponentKey, NormalizationScale> = {
  twitterFollowers: { kind: 'log', lo: 1e2, hi: 1e7, unit: 'followers' },
  mentions7d: { kind: 'log', lo: 1, hi: 1e5, unit: 'mentions in 7 days' },
  engagementAvg: { kind: 'log', lo: 1, hi: 1e4, unit: 'interactions per tweet' },
  telegramMembers: { kind: 'log', lo: 1e2, hi: 1e6, unit: 'members' },
  discordMembers: { kind: 'log', lo: 1e2, hi: 1e6, unit: 'members' },
  marketCapUsd: { kind: 'log', lo: 1e6, hi: 1e12, unit: 'USD' },
  volume24hUsd: { kind: 'log', lo: 1e5, hi: 1e11, unit: 'USD' },
  priceChange24hPct: { kind: 'linear', lo: -20, hi: 20, unit: '%' },
  priceChange7dPct: { kind: 'linear', lo: -50, hi: 50, unit: '%' },
  volumeToMarketCap: { kind: 'log', lo: 1e-3, hi: 1, unit: 'ratio' },
  commits52w: { kind: 'log', lo: 1, hi: 1e4, unit: 'commits in 52 weeks' },
  stars: { kind: 'log', lo: 10, hi: 1e5, unit: 'stars' },
  forks: { kind: 'log', lo: 1, hi: 1e4, unit: 'forks' },
  contributors: { kind: 'log', lo: 1, hi: 1e3, unit: 'contributors' },
  codeFrequency: { kind: 'log', lo: 10, hi: 1e5, unit: 'lines changed per week' },
  newsMentions: { kind: 'log', lo: 1, hi: 1e3, unit: 'articles in 7 days' },
  googleTrends: { kind: 'linear', lo: 0, hi: 100, unit: 'index' },
  redditMentions: { kind: 'log', lo: 1, hi: 1e4, unit: 'posts in 7 days' },
};

/** Maps a finite raw value to [0, 1] on the given scale. */
export function computeNormalized(x: number, scale: NormalizationScale): number {
  if (scale.kind === 'linear') return clamp((x - scale.lo) / (scale.hi - scale.lo), 0, 1);
  if (x <= scale.lo) return 0;
  return clamp((Math.log10(x) - Math.log10(scale.lo)) / (Math.log10(scale.hi) - Math.log10(scale.lo)), 0, 1);
}

/** Inverse of {@link computeNormalized} for v ∈ [0, 1]: the raw value that normalises to v (used by tests and docs). */
export function computeRawForNormalized(v: number, scale: NormalizationScale): number {
  if (scale.kind === 'linear') return scale.lo + v * (scale.hi - scale.lo);
  return 10 ** (Math.log10(scale.lo) + v * (Math.log10(scale.hi) - Math.log10(scale.lo)));
}
