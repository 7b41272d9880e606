import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evaluateHeat } from '../../../shared/methodology/evaluate.ts';
import { createSyntheticPanel } from '../../../shared/methodology/evaluation.test-support.ts';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { CURRENT_WEIGHTS, toProposalDefinition } from '../../../shared/methodology/proposal.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loadEvaluationInputs, toPanel } from './evaluation-inputs.service.ts';
import { evaluateProposal, PROPOSAL_HORIZON, PROPOSAL_RESAMPLES } from './evaluation-proposal.service.ts';
import { EVALUATION_SEED, toEvaluationWindow } from './evaluation-run.service.ts';
import { seedStoredHistory } from './methodology.test-support.ts';

// A weight proposal's evaluation reuses the window's inputs and the current model's figures, computes the overall
// cells only, and keeps each result by its weights: none of that may change a figure.

let t: TestApp;
const panel = createSyntheticPanel({ projects: 60, days: 75, seed: 5, attentionLag: 7, sectors: ['AI', 'DeFi'] });
const now = new Date(Date.parse(`${panel.days[74]}T12:00:00Z`) + 86_400_000);
const LOUD = { ...CURRENT_WEIGHTS, twitterFollowers: 0, googleTrends: 0.18 };

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await seedStoredHistory(t.db, panel, CODE_MODEL_ID);
});
afterAll(() => t.close());

/** The figures as computed before any reuse: both models replayed row by row, every group evaluated. */
async function evaluateUncached(weights: typeof CURRENT_WEIGHTS) {
  const window = toEvaluationWindow(now);
  const inputs = await loadEvaluationInputs(t.db, {
    ...window,
    replay: [
      { id: CODE_MODEL_ID, definition: CODE_MODEL_DEFINITION },
      { id: 'proposal', definition: toProposalDefinition(weights) },
    ],
  });
  const options = { seed: EVALUATION_SEED, horizons: [PROPOSAL_HORIZON], resamples: PROPOSAL_RESAMPLES };
  const overall = (id: string) =>
    evaluateHeat(toPanel(inputs, inputs.replayed.get(id) as Float32Array, id), options).cells.filter(
      (c) => c.group.kind === 'all',
    );
  return { current: overall(CODE_MODEL_ID), proposal: overall('proposal') };
}

describe('evaluateProposal', () => {
  test('gives the figures of a full, uncached evaluation of both models on the same history', async () => {
    const expected = await evaluateUncached(LOUD);

    const evaluation = await evaluateProposal(t.db, LOUD, now);

    expect(evaluation.outcomes.length).toBeGreaterThan(0);
    for (const o of evaluation.outcomes) {
      const proposal = expected.proposal.find((c) => c.outcome === o.outcome);
      const current = expected.current.find((c) => c.outcome === o.outcome);
      const { blockLength: _p, ...proposalCorrelation } = proposal?.correlation ?? { blockLength: null };
      const { blockLength: _c, ...currentHitRate } = current?.hitRate ?? { blockLength: null };
      expect(o.proposal.correlation).toEqual(proposalCorrelation);
      expect(o.current.hitRate).toEqual(currentHitRate);
    }
    expect(evaluation.outcomes.some((o) => o.proposal.correlation.mean !== o.current.correlation.mean)).toBe(true);
  });

  test('the same weights answer from the cache; other weights are evaluated afresh on the same inputs', async () => {
    const first = await evaluateProposal(t.db, LOUD, now);

    const again = await evaluateProposal(t.db, { ...LOUD }, now);
    const other = await evaluateProposal(t.db, CURRENT_WEIGHTS, now);

    expect(again).toBe(first);
    expect(other).not.toBe(first);
    // The current model's figures come from the same reused evaluation in both answers.
    expect(other.outcomes.map((o) => o.current)).toEqual(first.outcomes.map((o) => o.current));
  });
});
