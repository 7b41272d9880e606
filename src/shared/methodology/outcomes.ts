import type { OutcomeDefinition, OutcomeKey, PanelSeries } from './types.ts';

/**
 * What "more attention and activity afterwards" is measured by. Flows (counts, volume) use `growth` rather than the
 * level: hot projects are large, so a level correlation would be trivially positive; growth asks whether heat at t
 * foretells a rise relative to the project's own recent past.
 */
export const OUTCOMES: readonly OutcomeDefinition[] = [
  { key: 'pageViews', family: 'attention', signal: 'pageViews', change: 'growth' },
  { key: 'newsCount', family: 'attention', signal: 'newsCount', change: 'growth' },
  { key: 'redditAuthors', family: 'community', signal: 'redditAuthors', change: 'growth' },
  { key: 'redditPosts', family: 'community', signal: 'redditPosts', change: 'growth' },
  { key: 'commits', family: 'development', signal: 'commits', change: 'growth' },
  { key: 'volume', family: 'market', signal: 'volumeUsd', change: 'growth' },
  { key: 'absPriceMove', family: 'market', signal: 'priceUsd', change: 'absLogReturn' },
];

/** The definition of `key`. Throws on an unknown key. */
export function getOutcome(key: OutcomeKey): OutcomeDefinition {
  const found = OUTCOMES.find((o) => o.key === key);
  if (!found) throw new Error(`Unknown outcome ${key}`);
  return found;
}

/**
 * A window's mean counts only when at least this share of its days is observed; gaps are averaged over, never read
 * as 0. With h = 1 the one day must be there.
 */
export const MIN_WINDOW_COVERAGE = 0.5;

/**
 * Prefix sums of a flow series, laid out day-major so one day's cross-section reads memory in order:
 * `sum[d * P + p]` is project p's total of observed values on days < d, and `seen[...]` how many of those days were
 * observed. A negative or non-finite value counts as missing.
 */
export type FlowPrefix = { sum: Float64Array; seen: Uint16Array; projects: number; days: number };

/** Allocates prefix buffers for `projects` × `days` (reuse them across outcomes with {@link fillFlowPrefix}). */
export function createFlowPrefix(projects: number, days: number): FlowPrefix {
  const size = projects * (days + 1);
  return { sum: new Float64Array(size), seen: new Uint16Array(size), projects, days };
}

/** Projects per tile when turning project-major series day-major: a tile's rows stay in cache across its days. */
const TILE = 256;

/** Fills `prefix` from `series` (projects × days, project-major as in the panel). */
export function fillFlowPrefix(prefix: FlowPrefix, series: PanelSeries): void {
  const { sum, seen, days, projects: P } = prefix;
  sum.fill(0, 0, P);
  seen.fill(0, 0, P);
  for (let from = 0; from < P; from += TILE) {
    const to = Math.min(P, from + TILE);
    for (let d = 0; d < days; d++) {
      const previous = d * P;
      const next = (d + 1) * P;
      for (let p = from; p < to; p++) {
        const v = series[p * days + d] as number;
        const observed = v >= 0 && v < Number.POSITIVE_INFINITY;
        sum[next + p] = (sum[previous + p] as number) + (observed ? v : 0);
        seen[next + p] = (seen[previous + p] as number) + (observed ? 1 : 0);
      }
    }
  }
}

/**
 * Growth of project `p`'s mean daily flow over (t, t+h] against (t−h, t]: (a − b) / (a + b) ∈ [−1, 1], 0 when both
 * are 0. NaN when either window has fewer than `minSeen` observed days or lies outside the panel. `t` is a day index.
 */
export function computeFlowGrowth(prefix: FlowPrefix, p: number, t: number, h: number, minSeen: number): number {
  const { sum, seen, days, projects: P } = prefix;
  if (t - h + 1 < 0 || t + h > days - 1) return Number.NaN;
  // Prefix row i covers days < i: (t−h, t] = [t−h+1, t+1), (t, t+h] = [t+1, t+h+1).
  const first = (t - h + 1) * P + p;
  const middle = (t + 1) * P + p;
  const last = (t + h + 1) * P + p;
  const seenBefore = (seen[middle] as number) - (seen[first] as number);
  const seenAfter = (seen[last] as number) - (seen[middle] as number);
  if (seenBefore < minSeen || seenAfter < minSeen) return Number.NaN;
  const before = ((sum[middle] as number) - (sum[first] as number)) / seenBefore;
  const after = ((sum[last] as number) - (sum[middle] as number)) / seenAfter;
  const total = after + before;
  return total > 0 ? (after - before) / total : 0;
}

/**
 * |ln(price at t+h / price at t)| from day-major prices (`pricesByDay[d * P + p]`); NaN when either price is missing
 * or not positive, or t + h is past the panel.
 */
export function computeAbsLogReturn(
  pricesByDay: PanelSeries,
  P: number,
  days: number,
  p: number,
  t: number,
  h: number,
): number {
  if (t + h > days - 1) return Number.NaN;
  const a = pricesByDay[t * P + p] as number;
  const b = pricesByDay[(t + h) * P + p] as number;
  const finite = a > 0 && b > 0 && a < Number.POSITIVE_INFINITY && b < Number.POSITIVE_INFINITY;
  return finite ? Math.abs(Math.log(b / a)) : Number.NaN;
}

/** Copies a project-major series (p * D + d) into `out` day-major (d * P + p). */
export function transposeToDayMajor(series: PanelSeries, P: number, D: number, out: Float64Array): Float64Array {
  for (let from = 0; from < P; from += TILE) {
    const to = Math.min(P, from + TILE);
    for (let d = 0; d < D; d++) {
      for (let p = from; p < to; p++) out[d * P + p] = series[p * D + d] as number;
    }
  }
  return out;
}

/**
 * A flow's growth from its window sums: the mean over (t, t+h] against the mean over (t−h, t], as
 * {@link computeFlowGrowth} computes it from prefix sums (same operations, so equal sums give an equal growth). NaN
 * when either window has fewer than `minSeen` observed days.
 */
export function computeGrowthFromSums(
  sumBefore: number,
  seenBefore: number,
  sumAfter: number,
  seenAfter: number,
  minSeen: number,
): number {
  if (seenBefore < minSeen || seenAfter < minSeen) return Number.NaN;
  const before = sumBefore / seenBefore;
  const after = sumAfter / seenAfter;
  const total = after + before;
  return total > 0 ? (after - before) / total : 0;
}

/** |ln(later / at)| as {@link computeAbsLogReturn} computes it; NaN unless both prices are positive and finite. */
export function computeAbsLogChange(at: number, later: number): number {
  const finite = at > 0 && later > 0 && at < Number.POSITIVE_INFINITY && later < Number.POSITIVE_INFINITY;
  return finite ? Math.abs(Math.log(later / at)) : Number.NaN;
}
