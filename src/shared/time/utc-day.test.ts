import { describe, expect, test } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './duration.ts';
import { startOfUtcDay, utcDayKey } from './utc-day.ts';

describe('UTC days', () => {
  test('a day starts at 00:00 UTC whatever the hour', () => {
    expect(startOfUtcDay(new Date('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(startOfUtcDay(new Date('2026-11-29T00:00:00.000Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });

  test('the key is the UTC date, not the local one', () => {
    expect(utcDayKey(new Date('2026-11-29T23:30:00.000Z'))).toBe('2026-11-29');
  });

  test('the lengths agree with each other', () => {
    expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
  });
});
