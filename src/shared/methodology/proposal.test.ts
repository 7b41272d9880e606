import { describe, expect, test } from 'vitest';
import { countEvidence } from '../scoring/evidence.ts';
import { NO_SIGNALS } from '../scoring/test-fixtures.ts';
import type { HeatSignals } from '../scoring/types.ts';
import { compileHeatModel, computeModelHeat } from './models.ts';
import { CURRENT_WEIGHTS, explainMove, proposalKey, toProposalDefinition } from './proposal.ts';

const signals: HeatSignals = {
  ...NO_SIGNALS,
  twitterFollowers: 2_000_000,
  marketCapUsd: 5e8,
  volume24hUsd: 2e7,
  commits52w: 400,
};
const now = new Date('2026-11-28T00:00:00Z');
const score = (weights: typeof CURRENT_WEIGHTS) =>
  computeModelHeat(compileHeatModel(toProposalDefinition(weights)), signals, countEvidence(signals), now);

describe('a weight proposal as a model', () => {
  test('category weights are the sums of their inputs, and sum to 1', () => {
    const def = toProposalDefinition(CURRENT_WEIGHTS);
    expect(def.categoryWeights.social).toBeCloseTo(0.4, 10);
    expect(def.categoryWeights.market).toBeCloseTo(0.35, 10);
    expect(Object.values(def.categoryWeights).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(def.componentPoints.market.volumeToMarketCap).toBeUndefined();
  });

  test('all weight on followers scores the followers alone; on commits, the commits alone', () => {
    const onlyFollowers = {
      ...Object.fromEntries(Object.keys(CURRENT_WEIGHTS).map((k) => [k, 0])),
      twitterFollowers: 1,
    };
    const onlyCommits = { ...Object.fromEntries(Object.keys(CURRENT_WEIGHTS).map((k) => [k, 0])), commits52w: 1 };
    // 2 M followers on 1e2–1e7 log: (6.301 − 2) / 5 = 0.860; 400 commits on 1–1e4: 2.602 / 4 = 0.650; age unknown × 1.
    expect(score(onlyFollowers as typeof CURRENT_WEIGHTS)).toBeCloseTo(86.02, 1);
    expect(score(onlyCommits as typeof CURRENT_WEIGHTS)).toBeCloseTo(65.05, 1);
  });

  test('explains a move by the inputs whose weight changed most, scaled by their value', () => {
    const more = { ...CURRENT_WEIGHTS, twitterFollowers: 0.25, marketCapUsd: 0.02 };
    const why = explainMove(signals, more);
    // Followers +0.10 × 0.860 = +8.6 points; market cap −0.10 × 0.450 = −4.5.
    expect(why.map((w) => w.input)).toEqual(['twitterFollowers', 'marketCapUsd']);
    expect(why[0]?.points).toBeCloseTo(8.6, 1);
    expect(why[1]?.points).toBeCloseTo(-4.5, 1);
  });

  test('the same weights give the same key', () => {
    expect(proposalKey({ ...CURRENT_WEIGHTS })).toBe(proposalKey(CURRENT_WEIGHTS));
    expect(proposalKey({ ...CURRENT_WEIGHTS, stars: 0.031 })).not.toBe(proposalKey(CURRENT_WEIGHTS));
  });
});
