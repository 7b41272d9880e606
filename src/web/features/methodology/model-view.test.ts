import { describe, expect, it } from 'vitest';
import { SPEC_SIGNAL_WEIGHTS } from '../../../shared/scoring/weights.ts';
import { buildModelRows } from './model-view.ts';

describe('the methodology page’s model table', () => {
  const rows = buildModelRows();
  const inputs = rows.flatMap((r) => r.inputs);

  it('lists every weighted input once, plus the derived volume / market-cap ratio', () => {
    const keys = inputs.map((i) => i.key).sort();
    expect(keys).toEqual([...Object.keys(SPEC_SIGNAL_WEIGHTS), 'volumeToMarketCap'].sort());
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
