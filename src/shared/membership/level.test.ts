import { describe, expect, test } from 'vitest';
import {
  canReadHistoryRange,
  canUse,
  computeEffectiveLevel,
  computePointsLevel,
  FEATURES,
  type Feature,
  MEMBERSHIP_LEVELS,
  minimumLevelFor,
  nextPointsLevel,
  quotaLimit,
  TEAM_SEATS,
  UNLIMITED,
  updateModeOf,
} from './level.ts';

const NOW = new Date('2030-06-01T00:00:00Z');

describe('membership level', () => {
  test('points thresholds at 999 / 1000 / 4999 / 5000', () => {
    expect(computePointsLevel(0)).toBe('free');
    expect(computePointsLevel(999)).toBe('free');
    expect(computePointsLevel(1000)).toBe('premium');
    expect(computePointsLevel(4999)).toBe('premium');
    expect(computePointsLevel(5000)).toBe('vip');
  });

  test('a paid plan in the future wins over a lower points level, never lowers a higher one', () => {
    const future = new Date(NOW.getTime() + 1000);
    expect(computeEffectiveLevel({ points: 0, paidLevel: 'premium', paidExpiresAt: future }, NOW)).toBe('premium');
    expect(computeEffectiveLevel({ points: 0, paidLevel: 'vip', paidExpiresAt: future }, NOW)).toBe('vip');
    expect(computeEffectiveLevel({ points: 5000, paidLevel: 'premium', paidExpiresAt: future }, NOW)).toBe('vip');
  });

  test('an expired plan falls back to the points level, also exactly at expiry', () => {
    const past = new Date(NOW.getTime() - 1);
    expect(computeEffectiveLevel({ points: 999, paidLevel: 'vip', paidExpiresAt: past }, NOW)).toBe('free');
    expect(computeEffectiveLevel({ points: 1000, paidLevel: 'vip', paidExpiresAt: NOW }, NOW)).toBe('premium');
    expect(computeEffectiveLevel({ points: 10, paidLevel: 'vip', paidExpiresAt: null }, NOW)).toBe('free');
    const justBefore = new Date(NOW.getTime() - 1);
    expect(computeEffectiveLevel({ points: 10, paidLevel: 'vip', paidExpiresAt: NOW }, justBefore)).toBe('vip');
  });

  test('points to the next level', () => {
    expect(nextPointsLevel(0)).toEqual({ level: 'premium', pointsNeeded: 1000 });
    expect(nextPointsLevel(999)).toEqual({ level: 'premium', pointsNeeded: 1 });
    expect(nextPointsLevel(1000)).toEqual({ level: 'vip', pointsNeeded: 4000 });
    expect(nextPointsLevel(5000)).toBeNull();
  });

  test('the matrix: quotas and features per level, each level includes the one below', () => {
    expect(MEMBERSHIP_LEVELS.map((l) => quotaLimit(l, 'dailySearches'))).toEqual([10, 100, UNLIMITED]);
    expect(MEMBERSHIP_LEVELS.map((l) => quotaLimit(l, 'dailyExports'))).toEqual([0, 10, UNLIMITED]);
    expect(MEMBERSHIP_LEVELS.map((l) => quotaLimit(l, 'hourlyApiCalls'))).toEqual([0, 0, 1000]);
    expect(MEMBERSHIP_LEVELS.map((l) => quotaLimit(l, 'concurrentAlerts'))).toEqual([0, 5, 20]);
    expect(canUse('free', 'basic_search')).toBe(true);
    expect(canUse('free', 'export_data')).toBe(false);
    expect(canUse('premium', 'ad_free')).toBe(true);
    expect(canUse('premium', 'api_access')).toBe(false);
    expect(canUse('vip', 'api_access')).toBe(true);
    expect(minimumLevelFor('heat_analytics')).toBe('premium');
    expect(minimumLevelFor('bulk_export')).toBe('vip');
    for (const feature of FEATURES) {
      const from = MEMBERSHIP_LEVELS.indexOf(minimumLevelFor(feature));
      MEMBERSHIP_LEVELS.forEach((level, i) => {
        expect(canUse(level, feature)).toBe(i >= from);
      });
    }
  });

  test('history ranges and update mode per level', () => {
    expect(
      MEMBERSHIP_LEVELS.map((l) => ['7d', '30d', '90d', '1y'].filter((r) => canReadHistoryRange(l, r as '7d'))),
    ).toEqual([
      ['7d', '30d'],
      ['7d', '30d', '90d', '1y'],
      ['7d', '30d', '90d', '1y'],
    ]);
    expect(MEMBERSHIP_LEVELS.map(updateModeOf)).toEqual(['interval', 'live', 'live']);
  });

  test("the spec's team-era features sit at their tier: custom dashboard premium; teams, support, premium data vip", () => {
    expect(
      ['custom_dashboard', 'team_collaboration', 'priority_support', 'premium_data'].map((feature) =>
        MEMBERSHIP_LEVELS.filter((level) => canUse(level, feature as Feature)),
      ),
    ).toEqual([['premium', 'vip'], ['vip'], ['vip'], ['vip']]);
    // A team is vip's: no seats below it, 5 (the owner included) at vip.
    expect(MEMBERSHIP_LEVELS.map((level) => TEAM_SEATS[level])).toEqual([0, 0, 5]);
  });
});
