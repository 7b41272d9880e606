import { PROPOSAL_INPUTS, type ProposalWeights } from '../../../shared/methodology/proposal.ts';

const STEP = 1e-4;
const round = (v: number) => Math.round(v / STEP) * STEP;

/**
 * Sets one input's weight and rescales the others in proportion so the weights still sum to 1 (100 %): a slider
 * moves one weight and the rest make room. Weights stay on a 0.01 % grid; the rounding remainder goes to the largest
 * other weight, so the sum is exact.
 */
export function rebalance(weights: ProposalWeights, key: keyof ProposalWeights, value: number): ProposalWeights {
  const target = round(Math.min(1, Math.max(0, value)));
  const others = PROPOSAL_INPUTS.filter((k) => k !== key);
  const rest = others.reduce((sum, k) => sum + weights[k], 0);
  const next = { ...weights, [key]: target };
  for (const k of others)
    next[k] = rest > 0 ? round((weights[k] / rest) * (1 - target)) : round((1 - target) / others.length);
  const total = PROPOSAL_INPUTS.reduce((sum, k) => sum + next[k], 0);
  const largest = others.reduce((a, b) => (next[b] > next[a] ? b : a), others[0] as keyof ProposalWeights);
  next[largest] = Math.max(0, next[largest] + (1 - total));
  return next;
}

/** A weight as a percentage with one decimal ("12.5%"). */
export const formatWeightPercent = (weight: number) => `${(weight * 100).toFixed(1)}%`;
