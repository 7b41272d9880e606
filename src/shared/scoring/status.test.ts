import { describe, expect, test } from 'vitest';
import { computeTrendingCutoff, deriveStatus } from './status.ts';
import { daysAgo, NOW } from './test-fixtures.ts';

describe('computeTrendingCutoff', () => {
  test.each([
    { name: 'no known gains → nobody trends', gains: [null], expected: Number.POSITIVE_INFINITY },
    { name: 'one project: it is its own top decile', gains: [3], expected: 3 },
    { name: '10 projects: the single best', gains: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], expected: 10 },
    { name: '11 projects: ceil(1.1) = 2 best', gains: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], expected: 10 },
    { name: 'unknown gains are not counted', gains: [null, 5, null, 1], expected: 5 },
  ])('$name', ({ gains, expected }) => {
    expect(computeTrendingCutoff(gains)).toBe(expected);
  });
});

describe('deriveStatus', () => {
  test.each([
    {
      name: 'gain in the top decile and ≥ 2 → trending',
      gain24h: 12,
      cutoff: 10,
      listedAt: null,
      expected: 'trending',
    },
    { name: 'gain exactly at the cutoff → trending', gain24h: 10, cutoff: 10, listedAt: null, expected: 'trending' },
    { name: 'top decile but gain below 2 → not trending', gain24h: 1.5, cutoff: 1, listedAt: null, expected: 'active' },
    { name: 'gain exactly 2, below the cutoff → rising', gain24h: 2, cutoff: 10, listedAt: null, expected: 'rising' },
    { name: 'gain 1.99 → not rising', gain24h: 1.99, cutoff: 10, listedAt: null, expected: 'active' },
    { name: 'rising beats new', gain24h: 3, cutoff: 10, listedAt: daysAgo(2), expected: 'rising' },
    { name: 'listed exactly 30 days ago → new', gain24h: 0, cutoff: 10, listedAt: daysAgo(30), expected: 'new' },
    {
      name: 'listed 30 days and 1 ms ago → active',
      gain24h: 0,
      cutoff: 10,
      listedAt: new Date(daysAgo(30).getTime() - 1),
      expected: 'active',
    },
    { name: 'no history and no listing date → active', gain24h: null, cutoff: 10, listedAt: null, expected: 'active' },
    { name: 'falling project listed last week → new', gain24h: -8, cutoff: 10, listedAt: daysAgo(7), expected: 'new' },
  ])('$name', ({ gain24h, cutoff, listedAt, expected }) => {
    expect(deriveStatus({ gain24h, listedAt }, cutoff, NOW)).toBe(expected);
  });
});
