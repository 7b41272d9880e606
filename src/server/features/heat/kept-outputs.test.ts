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

  test('a re-scored project is patched in place; sector members and gains follow it', () => {
    const kept = new KeptOutputs(3);
    kept.add(scored, 'rising');
    kept.add(unscored, null);
    kept.add({ ...scored, id: 'gamma', score: 12, gain: 3 }, 'active');
    expect(
      kept
        .membersOf('DeFi')
        .list()
        .map((m) => m.score),
    ).toEqual([scored.score, 12]);
    expect(kept.membersOf('AI').list()).toEqual([]);

    kept.setAt(1, { ...scored, id: 'beta', category: 'AI', score: 30, gain: 7 }, 'trending');
    kept.setAt(2, { ...scored, id: 'gamma', category: 'AI', score: 20, gain: null }, 'new');
    expect(kept.outputsAt(1)).toEqual({
      project: { ...scored, id: 'beta', category: 'AI', score: 30, gain: 7 },
      status: 'trending',
    });
    expect(
      kept
        .membersOf('AI')
        .list()
        .map((m) => [m.score, m.gain]),
    ).toEqual([
      [30, 7],
      [20, null],
    ]);
    expect(
      kept
        .membersOf('DeFi')
        .list()
        .map((m) => m.score),
    ).toEqual([scored.score]);
    expect([...kept.gains()]).toEqual([-0.5, 7, Number.NaN]);
    expect(kept.statusAt(2)).toBe('new');
    expect(() => kept.setAt(0, { ...scored, id: 'beta' }, 'active')).toThrow();
  });

  test('without: the same projects but the gone ones, in order', () => {
    const kept = new KeptOutputs(3);
    kept.add(scored, 'rising');
    kept.add(unscored, null);
    kept.add({ ...scored, id: 'gamma' }, 'active');
    const rest = kept.without(new Set(['beta']));
    expect([rest.idAt(0), rest.idAt(1), rest.size]).toEqual(['alpha', 'gamma', 2]);
    expect(rest.outputsOf('gamma', 'DeFi')).toEqual({ project: { ...scored, id: 'gamma' }, status: 'active' });
  });
});
