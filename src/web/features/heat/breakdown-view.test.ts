import { beforeAll, describe, expect, test } from 'vitest';
import type { BreakdownEntry } from '../../../shared/scoring/types.ts';
import { i18n } from '../../lib/i18n.ts';
import {
  componentLabelKey,
  displayPercentile,
  formatPoints,
  formatRaw,
  formatWeight,
  groupBreakdown,
} from './breakdown-view.ts';

// Raw values in English units (K / M / B); lib/format.test.ts covers the Chinese 万 / 亿.
beforeAll(() => i18n.changeLanguage('en'));

const entry = (overrides: Partial<BreakdownEntry>): BreakdownEntry => ({
  key: 'stars',
  category: 'development',
  raw: 1,
  normalised: 0.5,
  weight: 0.03,
  effectiveWeight: 0.03,
  contribution: 1.5,
  noData: false,
  ...overrides,
});

describe('formatRaw', () => {
  test.each([
    { key: 'marketCapUsd', raw: 6e9, expected: '$6.0B' },
    { key: 'priceChange24hPct', raw: 3.2, expected: '+3.20%' },
    { key: 'twitterFollowers', raw: 1_200_000, expected: '1.2M' },
    { key: 'volumeToMarketCap', raw: 0.1, expected: '0.10×' },
    { key: 'googleTrends', raw: 49.6, expected: '50/100' },
    { key: 'engagementAvg', raw: 80, expected: '80.0' },
    { key: 'stars', raw: null, expected: '—' },
    { key: 'status', raw: 'trending', expected: 'trending' },
  ])('$key $raw → $expected', ({ key, raw, expected }) => {
    expect(formatRaw({ key, raw })).toBe(expected);
  });
});

test.each([
  { points: 9.6, expected: '+9.60' },
  { points: -6.3433, expected: '−6.34' },
  { points: 0.001, expected: '0.00' },
])('formatPoints($points) → $expected', ({ points, expected }) => {
  expect(formatPoints(points)).toBe(expected);
});

test('formatWeight shows a percentage, and a dash for adjustments', () => {
  expect(formatWeight(0.12)).toBe('12.0%');
  expect(formatWeight(0)).toBe('—');
});

describe('groupBreakdown', () => {
  test('components with data first by points, "no data" last; idle clamp and status hidden', () => {
    const groups = groupBreakdown([
      entry({ key: 'forks', contribution: 1 }),
      entry({ key: 'stars', contribution: 3 }),
      entry({ key: 'commits52w', noData: true, contribution: 0, raw: null }),
      entry({ key: 'age', category: 'adjustment', contribution: -2 }),
      entry({ key: 'status', category: 'adjustment', contribution: 0 }),
      entry({ key: 'clamp', category: 'adjustment', contribution: 0 }),
    ]);

    expect(groups.components.map((e) => e.key)).toEqual(['stars', 'forks', 'commits52w']);
    expect(groups.adjustments.map((e) => e.key)).toEqual(['age', 'status']);
  });
});

test('componentLabelKey maps history and sector keys to the heat catalogue', () => {
  expect(componentLabelKey('heat.market')).toEqual({ key: 'moves.categoryPart', category: 'market' });
  expect(componentLabelKey('market')).toEqual({ key: 'categories.market' });
  expect(componentLabelKey('projectSocial')).toEqual({ key: 'components.projectSocial' });
});

describe('displayPercentile', () => {
  test('shows a whole percentile from 1 to 99', () => {
    expect(displayPercentile(99.5)).toBe(99);
    expect(displayPercentile(0.5)).toBe(1);
    expect(displayPercentile(81.25)).toBe(81);
    expect(displayPercentile(37.5)).toBe(38);
  });
});
