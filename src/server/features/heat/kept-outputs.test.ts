import { describe, expect, test } from 'vitest';
import { KeptOutputs } from './kept-outputs.ts';
import type { ScoredProject } from './sector-aggregate.ts';

describe('KeptOutputs', () => {
  const scored: ScoredProject = {
    id: 'alpha',
    category: 'DeFi',
    score: 47.31234567891234,
    evidence: 9,
    contributions: [1.5, -2.25, 0, 3.1, 4.7, 0.1, 0.2, 0.3].map(Math.fround),
    social: null,
    signal: 44.1,
    gain: -0.5,
  };
  const unscored: ScoredProject = {
    id: 'beta',
    category: 'AI',
    score: null,
    evidence: 1,
    contributions: null,
    social: 50,
    signal: null,
    gain: null,
  };

  test('gives back exactly what was kept (float4 contributions, nulls), under the category asked for', () => {
    const kept = new KeptOutputs(2);
    expect(kept.add(scored, 'rising')).toBe(true);
    expect(kept.add(unscored, null)).toBe(true);
    expect(kept.outputsOf('alpha', 'DeFi')).toEqual({ project: scored, status: 'rising' });
    expect(kept.outputsOf('beta', 'Layer2')).toEqual({ project: { ...unscored, category: 'Layer2' }, status: null });
    expect(kept.outputsOf('gamma', 'DeFi')).toBeUndefined();
  });

  test('refuses what its columns cannot hold: another contribution count, a second row for an id, more rows', () => {
    const kept = new KeptOutputs(1);
    expect(kept.add({ ...scored, contributions: [1, 2, 3] }, 'active')).toBe(false);
    expect(kept.add(scored, 'active')).toBe(true);
    expect(kept.add(scored, 'active')).toBe(false);
    expect(kept.add(unscored, null)).toBe(false);
    expect(kept.size).toBe(1);
  });
});
