import { computeNormalized, HEAT_NORMALIZATION } from './normalize.ts';
import { clampEntry } from './social-score.ts';
import {
  type BreakdownEntry,
  clamp,
  type HeatCategory,
  type HeatSignals,
  hasValue,
  type ScoreResult,
} from './types.ts';
import {
  AGE_FACTOR_OLDER,
  AGE_FACTOR_UNKNOWN,
  AGE_FACTORS,
  DAY_MS,
  HEAT_CATEGORY_WEIGHTS,
  HEAT_COMPONENT_POINTS,
  HEAT_MODEL_VERSION,
  type HeatComponentKey,
  NEUTRAL_SCORE,
  STATUS_BONUS,
} from './weights.ts';

const CATEGORIES = Object.keys(HEAT_CATEGORY_WEIGHTS) as HeatCategory[];

/** Every heat component in breakdown order, with its category and its model weight when all inputs are present. */
export const HEAT_COMPONENTS: readonly { key: HeatComponentKey; category: HeatCategory; weight: number }[] =
  CATEGORIES.flatMap((category) => {
    const points = HEAT_COMPONENT_POINTS[category];
    const total = Object.values(points).reduce((a, b) => a + b, 0);
    return Object.entries(points).map(([key, p]) => ({
      key: key as HeatComponentKey,
      category,
      weight: (HEAT_CATEGORY_WEIGHTS[category] * p) / total,
    }));
  });

/** Days between listing and `now` (never negative); null without a listing date. */
export function computeAgeDays(listedAt: Date | null, now: Date): number | null {
  if (listedAt === null) return null;
  return Math.max(0, (now.getTime() - listedAt.getTime()) / DAY_MS);
}

/** Age factor for an age in days (inclusive bounds: exactly 7 days is still 1.1); 1.0 for an unknown age. */
export function computeAgeFactor(ageDays: number | null): number {
  if (ageDays === null) return AGE_FACTOR_UNKNOWN;
  for (const row of AGE_FACTORS) if (ageDays <= row.withinDays) return row.factor;
  return AGE_FACTOR_OLDER;
}

function rawComponent(signals: HeatSignals, key: HeatComponentKey): number | null {
  if (key !== 'volumeToMarketCap') return hasValue(signals[key]) ? signals[key] : null;
  const { volume24hUsd: volume, marketCapUsd: cap } = signals;
  return hasValue(volume) && hasValue(cap) && cap > 0 ? volume / cap : null;
}

/**
 * The multi-factor heat model (spec section 9), deterministic: the same signals and `now` always give the same result.
 *
 * score = clamp(base × ageFactor + statusBonus, 0, 100), where base = 100 × Σ effectiveWeight_i × normalised_i.
 * Effective weights renormalise twice: inside a category over the components with data (by their points), then over
 * the categories with any data (by category weight). With no data at all, the score is the neutral 50 and
 * `noData` is true (age and status are not applied). The breakdown lists every component, then `age`
 * (base × (factor − 1)), `status` (the bonus) and `clamp`; its contributions sum to the score.
 */
export function heatScore(signals: HeatSignals, now: Date): ScoreResult {
  const raws = HEAT_COMPONENTS.map((c) => rawComponent(signals, c.key));

  // Points with data per category, then the total category weight with data.
  const presentPoints: Record<HeatCategory, number> = { social: 0, market: 0, development: 0, news: 0 };
  HEAT_COMPONENTS.forEach((c, i) => {
    if (raws[i] !== null) presentPoints[c.category] += HEAT_COMPONENT_POINTS[c.category][c.key] ?? 0;
  });
  let presentCategoryWeight = 0;
  for (const category of CATEGORIES)
    if (presentPoints[category] > 0) presentCategoryWeight += HEAT_CATEGORY_WEIGHTS[category];

  const breakdown: BreakdownEntry[] = [];
  let base = 0;
  HEAT_COMPONENTS.forEach((c, i) => {
    const raw = raws[i] ?? null;
    if (raw === null) {
      breakdown.push({
        ...componentEntry(c),
        raw: null,
        normalised: null,
        effectiveWeight: 0,
        contribution: 0,
        noData: true,
      });
      return;
    }
    const points = HEAT_COMPONENT_POINTS[c.category][c.key] ?? 0;
    const effectiveWeight =
      (HEAT_CATEGORY_WEIGHTS[c.category] / presentCategoryWeight) * (points / presentPoints[c.category]);
    const normalised = computeNormalized(raw, HEAT_NORMALIZATION[c.key]);
    const contribution = 100 * normalised * effectiveWeight;
    base += contribution;
    breakdown.push({ ...componentEntry(c), raw, normalised, effectiveWeight, contribution, noData: false });
  });

  const ageDays = computeAgeDays(signals.listedAt, now);
  if (presentCategoryWeight === 0) {
    breakdown.push(
      {
        key: 'neutral',
        category: 'base',
        raw: null,
        normalised: null,
        weight: 0,
        effectiveWeight: 0,
        contribution: NEUTRAL_SCORE,
        noData: true,
      },
      adjustment('age', ageDays, 0, true, AGE_FACTOR_UNKNOWN),
      adjustment('status', signals.status, 0, true),
      clampEntry(NEUTRAL_SCORE, NEUTRAL_SCORE),
    );
    return { score: NEUTRAL_SCORE, breakdown, model: HEAT_MODEL_VERSION, noData: true };
  }

  const factor = computeAgeFactor(ageDays);
  const bonus = STATUS_BONUS[signals.status];
  const unclamped = base * factor + bonus;
  const score = clamp(unclamped, 0, 100);
  breakdown.push(
    adjustment('age', ageDays, base * factor - base, ageDays === null, factor),
    adjustment('status', signals.status, bonus, false),
    clampEntry(unclamped, score),
  );
  return { score, breakdown, model: HEAT_MODEL_VERSION, noData: false };
}

function componentEntry(c: { key: HeatComponentKey; category: HeatCategory; weight: number }) {
  return { key: c.key, category: c.category, weight: c.weight };
}

function adjustment(
  key: string,
  raw: number | string | null,
  contribution: number,
  noData: boolean,
  multiplier?: number,
): BreakdownEntry {
  const entry: BreakdownEntry = {
    key,
    category: 'adjustment',
    raw,
    normalised: null,
    weight: 0,
    effectiveWeight: 0,
    contribution,
    noData,
  };
  if (multiplier !== undefined) entry.multiplier = multiplier;
  return entry;
}

/** Heat before the status bonus: clamp(base × ageFactor, 0, 100). Used for 24 h gains so status never feeds itself. */
export function computeSignalHeat(result: ScoreResult): number {
  if (result.noData) return result.score;
  let sum = 0;
  for (const e of result.breakdown) if (e.key !== 'status' && e.key !== 'clamp') sum += e.contribution;
  return clamp(sum, 0, 100);
}

/**
 * Category sub-scores 0–100 (for the radar): each category's contributions divided by its effective weight, i.e. the
 * weighted mean of its normalised components × 100; null for a category without data.
 */
export function computeCategoryScores(breakdown: readonly BreakdownEntry[]): Record<HeatCategory, number | null> {
  const out: Record<HeatCategory, number | null> = { social: null, market: null, development: null, news: null };
  for (const category of CATEGORIES) {
    let contribution = 0;
    let weight = 0;
    for (const e of breakdown) {
      if (e.category === category && !e.noData) {
        contribution += e.contribution;
        weight += e.effectiveWeight;
      }
    }
    out[category] = weight > 0 ? contribution / weight : null;
  }
  return out;
}
