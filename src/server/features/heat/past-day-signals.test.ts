import { describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { toCommits52w } from '../backfill/backfill.service.ts';
import { groupDailySeries, toDayNumber, toPastDaySignals } from './past-day-signals.ts';

const d = (day: string) => toDayNumber(day);

describe("a past day's inputs from daily values", () => {
  const series = groupDailySeries([
    ['p', 'price', d('2026-11-10'), 10],
    ['p', 'price', d('2026-11-16'), 11],
    ['p', 'price', d('2026-11-17'), 12],
    ['p', 'marketCap', d('2026-11-17'), 5e8],
    ['p', 'news', d('2026-11-10'), 100], // outside the 7 days ending 11-17 (11-11 … 11-17)
    ['p', 'news', d('2026-11-12'), 3],
    ['p', 'news', d('2026-11-17'), 4],
    ['p', 'pageViews', d('2026-11-17'), 70_000],
  ]);

  test('momentum and 24 h change come from the stored prices; windows sum 7 days; the rest is no data', () => {
    const s = toPastDaySignals(series.get('p') ?? new Map(), d('2026-11-17'));
    expect(s.priceChange7dPct).toBeCloseTo(20, 9);
    expect(s.priceChange24hPct).toBeCloseTo((12 / 11 - 1) * 100, 9);
    expect(s.marketCapUsd).toBe(5e8);
    expect(s.volume24hUsd).toBeNull(); // no volume that day: never 0
    expect(s.newsMentions).toBe(7);
    expect(s.googleTrends).toBeGreaterThan(0);
    expect(s.twitterFollowers).toBeNull();
    expect(s.commits52w).toBeNull();
  });

  test('a day without the price seven days back has no momentum', () => {
    expect(toPastDaySignals(series.get('p') ?? new Map(), d('2026-11-16')).priceChange7dPct).toBeNull();
  });
});

describe('commits over 52 weeks per day', () => {
  test('each day sums the 364 days ending it, from the days GitHub lists', () => {
    const commits = new Map<string, number>();
    const start = Date.UTC(2025, 11, 1);
    for (let i = 0; i < 364; i++) commits.set(new Date(start + i * DAY_MS).toISOString().slice(0, 10), 1);
    const toMs = start + 363 * DAY_MS + DAY_MS - 1000;
    const fromMs = start + 360 * DAY_MS;
    const points = toCommits52w(commits, { fromDay: '', toDay: '', fromMs, toMs, days: 4 });
    expect(points.map((p) => p.value)).toEqual([361, 362, 363, 364]);
    expect(points[3]?.day).toBe(new Date(start + 363 * DAY_MS).toISOString().slice(0, 10));
  });
});
