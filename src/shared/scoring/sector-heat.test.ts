import { describe, expect, test } from 'vitest';
import { createRandom } from '../methodology/random.ts';
import {
  computeBreadth,
  computeConcentration,
  computeContributionDeltas,
  computeSectorTrend,
  type SectorMember,
  sectorHeat,
} from './sector-heat.ts';
import { sumContributions } from './test-fixtures.ts';

const members = (count: number, heatScore: number, socialScore: number | null): SectorMember[] =>
  Array.from({ length: count }, () => ({ heatScore, socialScore }));

describe('sectorHeat', () => {
  test.each([
    { name: '1 project heat 60, social 70 → 42 + 21 = 63', projects: members(1, 60, 70), expected: 63 },
    { name: 'exactly 5 projects get no size bonus', projects: members(5, 60, 70), expected: 63 },
    { name: '6 projects get +3', projects: members(6, 60, 70), expected: 66 },
    { name: 'exactly 10 projects get +3', projects: members(10, 60, 70), expected: 66 },
    { name: '11 projects get +5', projects: members(11, 60, 70), expected: 68 },
    {
      name: 'worked example: 12 projects, heat mean 60, social mean 70 → 68',
      projects: [...members(6, 50, 60), ...members(6, 70, 80)],
      expected: 68,
    },
    { name: '11 projects at 100/100 → 105, clamped to 100', projects: members(11, 100, 100), expected: 100 },
    { name: 'all heat and social 0, 3 projects → 0 (lower clamp not needed)', projects: members(3, 0, 0), expected: 0 },
    { name: 'out-of-range inputs (heat −50) are clamped at 0', projects: members(1, -50, -50), expected: 0 },
    { name: 'no social scores: heat mean takes the whole weight', projects: members(2, 60, null), expected: 60 },
    {
      name: 'missing social scores are left out of the social mean',
      projects: [
        { heatScore: 60, socialScore: 70 },
        { heatScore: 60, socialScore: null },
      ],
      expected: 63,
    },
  ])('$name', ({ projects, expected }) => {
    const result = sectorHeat(projects);

    expect(result?.score).toBeCloseTo(expected, 9);
    expect(sumContributions(result?.breakdown ?? [])).toBeCloseTo(expected, 9);
    expect(result?.model).toBe('sector-v1');
    expect(result?.noData).toBe(false);
  });

  test("no projects: no heat (null), not the spec's superseded default 50", () => {
    expect(sectorHeat([])).toBeNull();
  });

  test('no member has a social score: the social entry is "no data" with no weight, heat alone decides', () => {
    const result = sectorHeat(members(3, 40, null));

    const social = result?.breakdown.find((e) => e.key === 'projectSocial');
    expect(result?.score).toBeCloseTo(40, 9);
    expect(social).toMatchObject({ raw: null, noData: true, effectiveWeight: 0, contribution: 0 });
  });

  test('the clamp entry shows the 5 points cut at the top', () => {
    const result = sectorHeat(members(11, 100, 100));

    expect(result?.breakdown.find((e) => e.key === 'clamp')?.contribution).toBeCloseTo(-5, 9);
    expect(result?.breakdown.find((e) => e.key === 'size')?.contribution).toBe(5);
  });
});

describe('computeSectorTrend', () => {
  test.each([
    { change: null, expected: null },
    { change: 0, expected: 'stable' },
    { change: 0.999, expected: 'stable' },
    { change: 1, expected: 'up' },
    { change: 7.5, expected: 'up' },
    { change: -0.999, expected: 'stable' },
    { change: -1, expected: 'down' },
    { change: -12, expected: 'down' },
  ])('a 24 h change of $change is $expected', ({ change, expected }) => {
    expect(computeSectorTrend(change)).toBe(expected);
  });
});

describe('computeBreadth', () => {
  test.each([
    { name: 'no known gains → null', gains: [null, null], expected: null },
    { name: 'empty sector → null', gains: [], expected: null },
    { name: 'a flat project did not rise', gains: [0, 1], expected: 0.5 },
    { name: 'unknown gains are left out', gains: [2, null, -1, 3], expected: 2 / 3 },
    { name: 'all rose → 1', gains: [0.1, 5], expected: 1 },
  ])('$name', ({ gains, expected }) => {
    expect(computeBreadth(gains)).toBe(expected);
  });
});

describe('computeConcentration', () => {
  test.each([
    { name: 'empty → null', scores: [], expected: null },
    { name: 'all zero → null', scores: [0, 0], expected: null },
    { name: 'three or fewer projects → 1', scores: [10, 20, 30], expected: 1 },
    { name: 'top 3 of 5 equal projects → 0.6', scores: [40, 40, 40, 40, 40], expected: 0.6 },
    { name: 'picks the top 3 regardless of order', scores: [10, 90, 10, 80, 70, 40], expected: 240 / 300 },
  ])('$name', ({ scores, expected }) => {
    const result = computeConcentration(scores);

    if (expected === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(expected, 12);
  });

  test('gives exactly what sorting every score gives (ties, unsorted input, 10,000 members)', () => {
    const next = createRandom(7);
    const scores = Array.from({ length: 10_000 }, () => Math.round(next() * 1000) / 10);
    const sorted = [...scores].sort((a, b) => b - a);
    const total = scores.reduce((sum, s) => sum + s, 0);
    expect(computeConcentration(scores)).toBe(
      ((sorted[0] as number) + (sorted[1] as number) + (sorted[2] as number)) / total,
    );
  });
});

describe('computeContributionDeltas', () => {
  test('orders components by the size of their move, ties by key', () => {
    const deltas = computeContributionDeltas({ social: 30, market: 20, news: 5 }, { social: 28, market: 25, dev: 1 });

    expect(deltas.map((d) => [d.key, d.delta])).toEqual([
      ['market', -5],
      ['news', 5],
      ['social', 2],
      ['dev', -1],
    ]);
  });
});
