import { describe, expect, test } from 'vitest';
import type { StatsResponse } from '../../../shared/api/system.schema.ts';
import { whyNotYet } from './stats-why.ts';

const FRESH: StatsResponse = {
  totalProjects: 191,
  scoredProjects: 0,
  activeSectors: 11,
  trendingToday: 0,
  totalUsers: 0,
  dailyActive: null,
  weeklyGrowth: null,
  monthlyGrowth: null,
  heatIndex: null,
  asOf: '2026-11-28T12:00:00.000Z',
};

describe('whyNotYet: a statistic the instance cannot compute says why, never a bare 0 or "—"', () => {
  test.each([
    { key: 'totalUsers', stats: FRESH, why: 'noMembers' },
    { key: 'dailyActive', stats: FRESH, why: 'noMembers' },
    { key: 'weeklyGrowth', stats: FRESH, why: 'noMembers' },
    { key: 'heatIndex', stats: FRESH, why: 'noScored' },
    { key: 'trendingToday', stats: FRESH, why: 'noScored' },
    { key: 'totalProjects', stats: FRESH, why: null },
    { key: 'weeklyGrowth', stats: { ...FRESH, totalUsers: 3, dailyActive: 1 }, why: 'growthWeek' },
    { key: 'monthlyGrowth', stats: { ...FRESH, totalUsers: 3, dailyActive: 1 }, why: 'growthMonth' },
    { key: 'dailyActive', stats: { ...FRESH, totalUsers: 3, dailyActive: 0 }, why: null },
    { key: 'weeklyGrowth', stats: { ...FRESH, totalUsers: 3, weeklyGrowth: 50 }, why: null },
    { key: 'trendingToday', stats: { ...FRESH, scoredProjects: 40, heatIndex: 51.2 }, why: null },
  ] as const)('$key → $why', ({ key, stats, why }) => {
    expect(whyNotYet(stats, key)).toBe(why);
  });
});
