import { DAY_MS } from '../time/duration.ts';
import { CODE_SCORING_MODEL, HEAT_CATEGORIES, type HeatComponent, type HeatScoringModel } from './heat-model.ts';
import { computeEffectiveMentions } from './mentions.ts';
import { computeNormalized } from './normalize.ts';
import { clampEntry } from './social-score.ts';
import {
  type BreakdownEntry,
  clamp,
  type HeatCategory,
  type HeatSignals,
  hasValue,
  type ScoreResult,
} from './types.ts';
import { type HeatComponentKey, NEUTRAL_SCORE } from './weights.ts';

const CATEGORIES = HEAT_CATEGORIES;

/** Every heat component of the code's model in breakdown order, with its category and its model weight. */
export const HEAT_COMPONENTS: readonly HeatComponent[] = CODE_SCORING_MODEL.components;

/** Days between listing and `now` (never negative); null without a listing date. */
export function computeAgeDays(listedAt: Date | null, now: Date): number | null {
  if (listedAt === null) return null;
  return Math.max(0, (now.getTime() - listedAt.getTime()) / DAY_MS);
}

/**
 * Age factor for an age in days under `model` (the code's: inclusive bounds, exactly 7 days is still 1.1); the
 * model's unknown-age factor (1.0) without a listing date.
 */
export function computeAgeFactor(ageDays: number | null, model: HeatScoringModel = CODE_SCORING_MODEL): number {
  if (ageDays === null) return model.ageFactorUnknown;
  for (const row of model.ageFactors) if (ageDays <= row.withinDays) return row.factor;
  return model.ageFactorOlder;
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
 * The multi-factor heat model (spec section 9) under `model` (the code's own by default; a stored version from
 * toScoringModel), deterministic: the same signals, `now` and model always give the same result.
 *
 * score = clamp(base × ageFactor + statusBonus, 0, 100), where base = 100 × Σ effectiveWeight_i × normalised_i.
 * Reddit mentions are scored as min(posts, 3 × distinct authors) when the authors are known (mentions.ts, the
 * distinct-authors rule); their entry then carries `authors` and `effective`. Effective weights renormalise twice: inside a category over the components with data (by their points), then over
 * the categories with any data (by category weight). With no data at all, the score is the neutral 50 and
 * `noData` is true (age and status are not applied). The breakdown lists every component, then `age`
 * (base × (factor − 1)), `status` (the bonus) and `clamp`; its contributions sum to the score.
 */
export function heatScore(signals: HeatSignals, now: Date, model: HeatScoringModel = CODE_SCORING_MODEL): ScoreResult {
  const components = model.components;
  const categoryWeights = model.categoryWeights;
  const n = components.length;
  const raws: (number | null)[] = new Array(n);
  // Points with data per category (index as CATEGORIES), then the total category weight with data.
  const presentPoints = categoryWeights.map(() => 0);
  for (let i = 0; i < n; i++) {
    const c = components[i] as HeatComponent;
    const raw = rawComponent(signals, c.key);
    raws[i] = raw;
    if (raw !== null) presentPoints[c.categoryIndex] = (presentPoints[c.categoryIndex] as number) + c.points;
  }
  let presentCategoryWeight = 0;
  for (let k = 0; k < CATEGORIES.length; k++) {
    if ((presentPoints[k] as number) > 0) presentCategoryWeight += categoryWeights[k] as number;
  }

  const breakdown: BreakdownEntry[] = new Array(n);
  let base = 0;
  for (let i = 0; i < n; i++) {
    const c = components[i] as HeatComponent;
    const raw = raws[i] as number | null;
    if (raw === null) {
      breakdown[i] = entry(c, null, null, 0, 0, true);
      continue;
    }
    const categoryPoints = presentPoints[c.categoryIndex] as number;
    // A stored model may give every present input of a category 0 points: that category then weighs nothing (never
    // 0 / 0). The code's model has no zero points, so this never changes its scores.
    const effectiveWeight =
      categoryPoints === 0
        ? 0
        : ((categoryWeights[c.categoryIndex] as number) / presentCategoryWeight) * (c.points / categoryPoints);
    const authors = c.key === 'redditMentions' ? signals.redditAuthors : null;
    const scored = hasValue(authors) ? (computeEffectiveMentions(raw, authors) as number) : raw;
    const normalised = computeNormalized(scored, c.scale);
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
      adjustment('age', ageDays, 0, true, model.ageFactorUnknown),
      adjustment('status', signals.status, 0, true),
      clampEntry(NEUTRAL_SCORE, NEUTRAL_SCORE),
    );
    return { score: NEUTRAL_SCORE, breakdown, model: model.version, noData: true };
  }

  const factor = computeAgeFactor(ageDays, model);
  const bonus = model.statusBonus[signals.status] ?? 0;
  const unclamped = base * factor + bonus;
  const score = clamp(unclamped, 0, 100);
  breakdown.push(
    adjustment('age', ageDays, base * factor - base, ageDays === null, factor),
    adjustment('status', signals.status, bonus, false),
    clampEntry(unclamped, score),
  );
  return { score, breakdown, model: model.version, noData: false };
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
