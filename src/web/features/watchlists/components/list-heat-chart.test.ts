import { describe, expect, test } from 'vitest';
import { rangeDays } from './list-heat-chart.tsx';

describe('the list heat chart axis', () => {
  test('spans every day of the range in the server zone, today last', () => {
    const now = Date.parse('2026-11-28T20:00:00.000Z');
    const utc = rangeDays('7d', now, 'UTC');
    expect(utc).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    // 20:00 UTC is already the 29th in Shanghai: the days follow the zone the server counts days in.
    expect(rangeDays('7d', now, 'Asia/Shanghai').at(-1)).toBe('2026-11-29');
    expect(rangeDays('90d', now, 'UTC')).toHaveLength(90);
  });
});
