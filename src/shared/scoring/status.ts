import { DAY_MS } from '../time/duration.ts';
import { hasValue, type ProjectStatus } from './types.ts';
import { NEW_WITHIN_DAYS, RISING_MIN_GAIN, TRENDING_TOP_SHARE } from './weights.ts';

/**
 * The gain a project needs to be in the top decile of the universe: the k-th largest known 24 h gain with
 * k = ceil(10 % of the projects with a known gain). +Infinity when no gain is known (nobody is trending).
 */
export function computeTrendingCutoff(gains: ArrayLike<number | null>): number {
  // A typed array's numeric sort: a recompute takes the cutoff of 100,000 gains on every run.
  const known = new Float64Array(gains.length);
  let n = 0;
  for (let i = 0; i < gains.length; i++) {
    const gain = gains[i];
    if (hasValue(gain)) known[n++] = gain;
  }
  if (n === 0) return Number.POSITIVE_INFINITY;
  const ascending = known.subarray(0, n).sort();
  const k = Math.ceil(n * TRENDING_TOP_SHARE);
  return ascending[n - k] ?? Number.POSITIVE_INFINITY;
}

/** Inputs of {@link deriveStatus}: the 24 h gain in heat before the status bonus (points; null without history). */
export type StatusInput = { gain24h: number | null; listedAt: Date | null };

/**
 * Derived status, first rule that matches:
 * 1. trending — gain ≥ 2 points and gain ≥ the universe's top-decile cutoff (ties at the cutoff all count);
 * 2. rising — gain ≥ 2 points;
 * 3. new — listed at most 30 days before `now`;
 * 4. active — otherwise.
 * The gain is measured on heat before the status bonus, so a status never sustains itself.
 */
export function deriveStatus(input: StatusInput, trendingCutoff: number, now: Date): ProjectStatus {
  const { gain24h, listedAt } = input;
  if (hasValue(gain24h) && gain24h >= RISING_MIN_GAIN) {
    return gain24h >= trendingCutoff ? 'trending' : 'rising';
  }
  if (listedAt !== null && now.getTime() - listedAt.getTime() <= NEW_WITHIN_DAYS * DAY_MS) return 'new';
  return 'active';
}
