import { describe, expect, test } from 'vitest';
import { ProposalWeightsSchema } from '../../../shared/api/weight-proposals.schema.ts';
import { CURRENT_WEIGHTS, PROPOSAL_INPUTS } from '../../../shared/methodology/proposal.ts';
import { formatWeightPercent, rebalance } from './weights-view.ts';

const sum = (w: Record<string, number>) => Object.values(w).reduce((a, b) => a + b, 0);

describe('rebalance', () => {
  test('moves one weight and rescales the others so the sum stays 100 % (the server accepts it)', () => {
    const next = rebalance(CURRENT_WEIGHTS, 'twitterFollowers', 0.5);
    expect(next.twitterFollowers).toBe(0.5);
    expect(sum(next)).toBeCloseTo(1, 12);
    // The others keep their proportions: mentions (0.10) stays five times forks (0.02).
    expect(next.mentions7d / next.forks).toBeCloseTo(0.1 / 0.02, 1);
    expect(() => ProposalWeightsSchema.parse(next)).not.toThrow();
  });

  test('all on one input leaves the rest at 0; from there the rest share equally', () => {
    const all = rebalance(CURRENT_WEIGHTS, 'commits52w', 1);
    expect(all.commits52w).toBe(1);
    expect(sum(all)).toBeCloseTo(1, 12);
    const back = rebalance(all, 'commits52w', 0.84);
    expect(back.stars).toBeCloseTo(0.01, 4);
    expect(sum(back)).toBeCloseTo(1, 12);
  });

  test('clamps to 0–100 % and never goes negative', () => {
    const next = rebalance(CURRENT_WEIGHTS, 'stars', 1.7);
    expect(next.stars).toBe(1);
    expect(PROPOSAL_INPUTS.every((k) => next[k] >= 0)).toBe(true);
    expect(rebalance(CURRENT_WEIGHTS, 'stars', -1).stars).toBe(0);
  });

  test('shows a weight as a percentage', () => {
    expect(formatWeightPercent(0.125)).toBe('12.5%');
  });
});
