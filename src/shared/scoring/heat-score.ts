import { DAY_MS } from '../time/duration.ts';
import { computeEffectiveMentions } from './mentions.ts';
import { computeNormalized, HEAT_NORMALIZATION, type NormalizationScale } from './normalize.ts';
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
  HEAT_CATEGORY_WEIGHTS,
  HEAT_COMPONENT_POINTS,
  HEAT_MODEL_VERSION,
  type HeatComponentKey,
  NEUTRAL_SCORE,
  STATUS_BONUS,
} from './weights.ts';

const CATEGORIES = Object.keys(HEAT_CATEGORY_WEIGHTS) as HeatCategory[];

type HeatComponent = {
  key: HeatComponentKey;
  category: HeatCategory;
  /** Model weight when every input is present: category weight × points / category points. */
  weight: number;
  points: number;
  categoryIndex: number;
};

/** Every heat component in breakdown order, with its category and its model weight when all inputs are present. */
export const HEAT_COMPONENTS: readonly HeatComponent[] = CATEGORIES.flatMap((category, categoryIndex) => {
  const points = HEAT_COMPONENT_POINTS[category];
  const total = Object.values(points).reduce((a, b) => a + b, 0);
  return Object.entries(points).map(([key, p]) => ({
    key: key as HeatComponentKey,
    category,
    weight: (HEAT_CATEGORY_WEIGHTS[category] * p) / total,
    points: p,
    categoryIndex,
  }));
});

const CATEGORY_WEIGHT_LIST = CATEGORIES.map((c) => HEAT_CATEGORY_WEIGHTS[c]);
const SCALES = HEAT_COMPONENTS.map((c) => HEAT_NORMALIZATION[c.key]);

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

/** A component's raw value: the signal itself, or volume / market cap for the derived ratio; null without data. */
export function rawComponent(signals: HeatSignals, key: HeatComponentKey): number | null {
  if (key !== 'volumeToMarketCap') {
    const value = signals[key];
    return hasValue(value) ? value : null;
  }
  const { volume24hUsd: volume, marketCapUsd: cap } = signals;
  return hasValue(volume) && hasValue(cap) && cap > 0 ? volume / cap : null;
}

/**
 * The multi-factor heat model (spec section 9), deterministic: the same signals and `now` always give the same result.
 *
 * score = clamp(base × ageFactor + statusBonus, 0, 100), where base = 100 × Σ effectiveWeight_i × normalised_i.
 * Reddit mentions are scored as min(posts, 3 × distinct authors) when the authors are known (mentions.ts, the
 * distinct-authors rule); their entry then carries `authors` and `effective`. Effective weights renormalise twice: inside a category over the components with data (by their points), then over
 * the categories with any data (by category weight). With no data at all, the score is the neutral 50 and
 * `noData` is true (age and status are not applied). The breakdown lists every component, then `age`
 * (base × (factor − 1)), `status` (the bonus) and `clamp`; its contributions sum to the score.
 */
export function heatScore(signals: HeatSignals, now: Date): ScoreResult {
  const n = HEAT_COMPONENTS.length;
  const raws: (number | null)[] = new Array(n);
  // Points with data per category (index as CATEGORIES), then the total category weight with data.
  const presentPoints = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const c = HEAT_COMPONENTS[i] as HeatComponent;
    const raw = rawComponent(signals, c.key);
    raws[i] = raw;
    if (raw !== null) presentPoints[c.categoryIndex] = (presentPoints[c.categoryIndex] as number) + c.points;
  }
  let presentCategoryWeight = 0;
  for (let k = 0; k < CATEGORIES.length; k++) {
    if ((presentPoints[k] as number) > 0) presentCategoryWeight += CATEGORY_WEIGHT_LIST[k] as number;
  }

  const breakdown: BreakdownEntry[] = new Array(n);
  let base = 0;
  for (let i = 0; i < n; i++) {
    const c = HEAT_COMPONENTS[i] as HeatComponent;
    const raw = raws[i] as number | null;
    if (raw === null) {
      breakdown[i] = entry(c, null, null, 0, 0, true);
      continue;
    }
    const effectiveWeight =
      ((CATEGORY_WEIGHT_LIST[c.categoryIndex] as number) / presentCategoryWeight) *
      (c.points / (presentPoints[c.categoryIndex] as number));
    const authors = c.key === 'redditMentions' ? signals.redditAuthors : null;
    const scored = hasValue(authors) ? (computeEffectiveMentions(raw, authors) as number) : raw;
    const normalised = computeNormalized(scored, SCALES[i] as NormalizationScale);
    const contribution = 100 * normalised * effectiveWeight;
    base += contribution;
    breakdown[i] = entry(c, raw, normalised, effectiveWeight, contribution, false);
    if (hasValue(authors)) Object.assign(breakdown[i] as BreakdownEntry, { authors, effective: scored });
  }

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

function entry(
  c: HeatComponent,
  raw: number | null,
  normalised: number | null,
  effectiveWeight: number,
  contribution: number,
  noData: boolean,
): BreakdownEntry {
  return { key: c.key, category: c.category, raw, normalised, weight: c.weight, effectiveWeight, contribution, noData };
}

function adjustment(
  key: string,
  raw: number | string | null,
  contribution: number,
  noData: boolean,
  multiplier?: number,
): BreakdownEntry {
  const result: BreakdownEntry = {
    key,
    category: 'adjustment',
    raw,
    normalised: null,
    weight: 0,
    effectiveWeight: 0,
    contribution,
    noData,
  };
  if (multiplier !== undefined) result.multiplier = multiplier;
  return result;
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
