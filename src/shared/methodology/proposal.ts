// A user's proposal of weights: one non-negative weight per heat input, summing to 1. As a model it keeps every rule
// of the current one (scales, age, status, evidence) and changes only the weights: a category weighs the sum of its
// inputs' weights, and inside it each input's points are its weight (the derived volume/market-cap ratio gets none).
import { EVIDENCE_SIGNAL_KEYS } from '../scoring/evidence.ts';
import { computeNormalized, HEAT_NORMALIZATION } from '../scoring/normalize.ts';
import type { HeatCategory, HeatSignals, SignalKey } from '../scoring/types.ts';
import { hasValue } from '../scoring/types.ts';
import { HEAT_COMPONENT_POINTS, SPEC_SIGNAL_WEIGHTS } from '../scoring/weights.ts';
import { CODE_MODEL_DEFINITION, type HeatModelDefinition } from './models.ts';

export type ProposalWeights = Record<SignalKey, number>;

/** The 17 inputs a proposal weighs, in breakdown order. */
export const PROPOSAL_INPUTS: readonly SignalKey[] = EVIDENCE_SIGNAL_KEYS;
/** How far from 1 the weights' sum may be (sliders in whole tenths of a percent round). */
export const PROPOSAL_SUM_TOLERANCE = 1e-6;

/** The published weights: where a proposal's sliders start. */
export const CURRENT_WEIGHTS: ProposalWeights = { ...SPEC_SIGNAL_WEIGHTS };

const categoryOf = (key: SignalKey): HeatCategory =>
  (Object.keys(HEAT_COMPONENT_POINTS) as HeatCategory[]).find((c) => key in HEAT_COMPONENT_POINTS[c]) as HeatCategory;

/** The proposal as a heat model version: the current rules with these weights. */
export function toProposalDefinition(weights: ProposalWeights): HeatModelDefinition {
  const categoryWeights: HeatModelDefinition['categoryWeights'] = { social: 0, market: 0, development: 0, news: 0 };
  const componentPoints: HeatModelDefinition['componentPoints'] = { social: {}, market: {}, development: {}, news: {} };
  for (const key of PROPOSAL_INPUTS) {
    const category = categoryOf(key);
    categoryWeights[category] += weights[key];
    if (weights[key] > 0) componentPoints[category][key] = weights[key] * 100;
  }
  return { ...CODE_MODEL_DEFINITION, categoryWeights, componentPoints };
}

/** A stable key of a weight vector (a cache key): each weight to six decimals, in input order. */
export function proposalKey(weights: ProposalWeights): string {
  return PROPOSAL_INPUTS.map((k) => weights[k].toFixed(6)).join(',');
}

/**
 * Why a project moves under a proposal: for each of its inputs with data, the weight's change times the input's
 * scaled value (points it gains or loses before renormalisation), largest first. An explanation, not the exact score.
 */
export function explainMove(
  signals: HeatSignals,
  weights: ProposalWeights,
  limit = 2,
): { input: SignalKey; weightChange: number; points: number }[] {
  return PROPOSAL_INPUTS.flatMap((key) => {
    const raw = signals[key];
    if (!hasValue(raw)) return [];
    const weightChange = weights[key] - CURRENT_WEIGHTS[key];
    const points = 100 * weightChange * computeNormalized(raw, HEAT_NORMALIZATION[key]);
    return points === 0 ? [] : [{ input: key, weightChange, points }];
  })
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
    .slice(0, limit);
}
