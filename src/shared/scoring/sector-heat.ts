import { clampEntry } from './social-score.ts';
import { type BreakdownEntry, clamp, hasValue, type ScoreResult } from './types.ts';
import {
  CONCENTRATION_TOP_N,
  SECTOR_HEAT_WEIGHT,
  SECTOR_MODEL_VERSION,
  SECTOR_SIZE_BONUSES,
  SECTOR_SOCIAL_WEIGHT,
  SECTOR_TREND_THRESHOLD,
} from './weights.ts';

/** One member project of a sector: its heat and social scores (0–100; social may be missing). */
export type SectorMember = { heatScore: number; socialScore: number | null };

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/**
 * Spec section 9 sector heat: 0.7 × mean project heat + 0.3 × mean social score, +5 with more than 10 projects,
 * else +3 with more than 5; clamped to [0, 100]. Projects without a social score (no profile read) are left out of
 * the social mean; if none has one, the heat mean takes the whole weight (renormalisation) — never an invented 50.
 * With no projects there is nothing to average: null (no heat), superseding the spec's "default 50 with no projects"
 * by the minimum-evidence rule (docs/heat-score.md).
 */
export function sectorHeat(projects: readonly SectorMember[]): ScoreResult | null {
  const count = projects.length;
  if (count === 0) return null;
  const heatMean = mean(projects.map((p) => p.heatScore).filter(hasValue));
  if (heatMean === null) return null;
  return sectorHeatOfMeans(count, heatMean, mean(projects.map((p) => p.socialScore).filter(hasValue)));
}

/**
 * {@link sectorHeat} from its members' count, mean heat and mean social score (null: no member has one), for a caller
 * that keeps its members in columns (the recompute, 100,000 projects a run).
 */
export function sectorHeatOfMeans(count: number, heatMean: number, socialMean: number | null): ScoreResult {
  const socialWeight = socialMean === null ? 0 : SECTOR_SOCIAL_WEIGHT;
  const heatWeight = SECTOR_HEAT_WEIGHT / (SECTOR_HEAT_WEIGHT + socialWeight);
  const socialEffective = socialWeight / (SECTOR_HEAT_WEIGHT + socialWeight);
  const bonus = SECTOR_SIZE_BONUSES.find((b) => count > b.moreThan)?.points ?? 0;

  const breakdown: BreakdownEntry[] = [
    {
      key: 'projectHeat',
      category: 'sector',
      raw: heatMean,
      normalised: clamp(heatMean / 100, 0, 1),
      weight: SECTOR_HEAT_WEIGHT,
      effectiveWeight: heatWeight,
      contribution: heatWeight * heatMean,
      noData: false,
    },
    {
      key: 'projectSocial',
      category: 'sector',
      raw: socialMean,
      normalised: socialMean === null ? null : clamp(socialMean / 100, 0, 1),
      weight: SECTOR_SOCIAL_WEIGHT,
      effectiveWeight: socialEffective,
      contribution: socialMean === null ? 0 : socialEffective * socialMean,
      noData: socialMean === null,
    },
    {
      key: 'size',
      category: 'adjustment',
      raw: count,
      normalised: null,
      weight: 0,
      effectiveWeight: 0,
      contribution: bonus,
      noData: false,
    },
  ];
  const unclamped = breakdown.reduce((sum, e) => sum + e.contribution, 0);
  const score = clamp(unclamped, 0, 100);
  breakdown.push(clampEntry(unclamped, score));
  return { score, breakdown, model: SECTOR_MODEL_VERSION, noData: false };
}

export type SectorTrend = 'up' | 'down' | 'stable';

/**
 * Trend label from the 24 h change in sector heat (points): ≥ +1 up, ≤ −1 down, otherwise stable; null when there is
 * no history 24 h back (change is null): an unknown trend is not shown as "stable".
 */
export function computeSectorTrend(change24h: number | null): SectorTrend | null {
  if (!hasValue(change24h)) return null;
  if (change24h >= SECTOR_TREND_THRESHOLD) return 'up';
  if (change24h <= -SECTOR_TREND_THRESHOLD) return 'down';
  return 'stable';
}

/** Breadth: the share (0–1) of projects with a known 24 h gain whose heat rose (> 0); null when no gain is known. */
export function computeBreadth(gains: ArrayLike<number | null>): number | null {
  let known = 0;
  let rose = 0;
  for (let i = 0; i < gains.length; i++) {
    const g = gains[i];
    if (!hasValue(g)) continue;
    known++;
    if (g > 0) rose++;
  }
  return known === 0 ? null : rose / known;
}

/**
 * Concentration: the share (0–1) of the sector's total heat held by its top 3 projects; null for an empty sector or
 * a total of 0. A sector with 3 projects or fewer has concentration 1.
 */
export function computeConcentration(heatScores: ArrayLike<number>): number | null {
  let total = 0;
  // The CONCENTRATION_TOP_N largest scores in descending order, kept in one pass: a sector of the 100,000-project
  // catalogue holds ~10,000 members, which sorting whole cost most of the sector step.
  const top: number[] = [];
  for (let k = 0; k < heatScores.length; k++) {
    const s = heatScores[k] as number;
    if (!hasValue(s)) continue;
    total += s;
    if (top.length < CONCENTRATION_TOP_N) top.push(s);
    else if (s > (top[CONCENTRATION_TOP_N - 1] as number)) top[CONCENTRATION_TOP_N - 1] = s;
    else continue;
    for (let i = top.length - 1; i > 0 && (top[i] as number) > (top[i - 1] as number); i--) {
      [top[i - 1], top[i]] = [top[i] as number, top[i - 1] as number];
    }
  }
  if (top.length === 0 || total <= 0) return null;
  let topSum = 0;
  for (const s of top) topSum += s;
  return topSum / total;
}

/** One component's change in contribution between two snapshots ("why it moved"). */
export type ContributionDelta = { key: string; current: number; previous: number; delta: number };

/**
 * "Why it moved": the change of each component's contribution between `then` and `now`, largest absolute change
 * first (ties by key). A key missing on one side counts as 0 there.
 */
export function computeContributionDeltas(
  now: Readonly<Record<string, number>>,
  then: Readonly<Record<string, number>>,
): ContributionDelta[] {
  const keys = [...new Set([...Object.keys(now), ...Object.keys(then)])];
  return keys
    .map((key) => {
      const a = now[key] ?? 0;
      const b = then[key] ?? 0;
      return { key, current: a, previous: b, delta: a - b };
    })
    .sort((x, y) => Math.abs(y.delta) - Math.abs(x.delta) || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}
