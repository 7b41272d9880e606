import { describe, expect, it } from 'vitest';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { toProposalDefinition } from '../../../shared/methodology/proposal.ts';
import { SPEC_SIGNAL_WEIGHTS } from '../../../shared/scoring/weights.ts';
import { buildModelRows } from './model-view.ts';

const ALL_KEYS = [...Object.keys(SPEC_SIGNAL_WEIGHTS), 'volumeToMarketCap'].sort();

describe('the methodology page’s model table', () => {
  const rows = buildModelRows({ id: CODE_MODEL_ID, definition: CODE_MODEL_DEFINITION });
  const inputs = rows.flatMap((r) => r.inputs);

  it('lists every weighted input once, plus the derived volume / market-cap ratio', () => {
    expect(inputs.map((i) => i.key).sort()).toEqual(ALL_KEYS);
  });

  it('gives weights that sum to the whole score, per category and overall', () => {
    expect(rows.reduce((s, r) => s + r.weight, 0)).toBeCloseTo(1, 10);
    for (const row of rows) {
      expect(row.inputs.reduce((s, i) => s + i.fullDataWeight, 0)).toBeCloseTo(row.weight, 10);
    }
    expect(inputs.reduce((s, i) => s + i.fullDataWeight, 0)).toBeCloseTo(1, 10);
  });

  it('reads the points the engine uses: X followers are 30 of the social category’s 100 points', () => {
    const followers = inputs.find((i) => i.key === 'twitterFollowers');
    expect(followers?.fullDataWeight).toBeCloseTo(0.4 * 0.3, 10);
    expect(followers?.specWeight).toBe(0.15);
    expect(followers?.source).toBe('x');
    const ratio = inputs.find((i) => i.key === 'volumeToMarketCap');
    expect(ratio).toMatchObject({ specWeight: null, source: null, refreshMs: null });
  });
});

describe('the table of another version (a promoted candidate)', () => {
  it('states that version’s weights, not the code’s, and no published per-input weight', () => {
    const categoryWeights = { social: 0.3, market: 0.35, development: 0.25, news: 0.1 };
    const rows = buildModelRows({ id: 'heat-v3', definition: { ...CODE_MODEL_DEFINITION, categoryWeights } });
    const inputs = rows.flatMap((r) => r.inputs);

    expect(rows.map((r) => r.weight)).toEqual([0.3, 0.35, 0.25, 0.1]);
    expect(inputs.find((i) => i.key === 'twitterFollowers')?.fullDataWeight).toBeCloseTo(0.3 * 0.3, 10);
    expect(inputs.find((i) => i.key === 'commits52w')?.fullDataWeight).toBeCloseTo((0.25 * 5) / 15, 10);
    expect(inputs.every((i) => i.specWeight === null)).toBe(true);
  });

  it('lists an input the version gives no points in its usual category at 0 %, in the code’s order', () => {
    const weights = { ...SPEC_SIGNAL_WEIGHTS, stars: 0, commits52w: 0.08 };
    const rows = buildModelRows({ id: 'heat-proposal', definition: toProposalDefinition(weights) });
    const development = rows.find((r) => r.category === 'development');

    expect(rows.flatMap((r) => r.inputs.map((i) => i.key)).sort()).toEqual(ALL_KEYS);
    expect(development?.inputs.map((i) => i.key)).toEqual([
      'commits52w',
      'stars',
      'forks',
      'contributors',
      'codeFrequency',
    ]);
    expect(development?.inputs.find((i) => i.key === 'stars')?.fullDataWeight).toBe(0);
  });
});
