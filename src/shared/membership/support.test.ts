import { describe, expect, test } from 'vitest';
import { addBusinessDays, SUPPORT_RESPONSE_TARGETS, supportPriorityOf } from './support.ts';

describe('support priority and targets', () => {
  test.each([
    { level: 'free', expected: 'normal' },
    { level: 'premium', expected: 'normal' },
    { level: 'vip', expected: 'priority' },
  ] as const)('$level → $expected', ({ level, expected }) => {
    expect(supportPriorityOf(level)).toBe(expected);
  });

  test('vip is promised a shorter first response than everyone else', () => {
    expect(SUPPORT_RESPONSE_TARGETS.priority.businessDays).toBeLessThan(SUPPORT_RESPONSE_TARGETS.normal.businessDays);
  });

  test.each([
    { name: 'a Tuesday plus one is Wednesday', from: '2026-11-24T10:00:00Z', days: 1, due: '2026-11-25T10:00:00Z' },
    { name: 'a Friday plus one is Monday', from: '2026-11-27T10:00:00Z', days: 1, due: '2026-11-30T10:00:00Z' },
    { name: 'a Saturday plus one is Monday', from: '2026-11-28T10:00:00Z', days: 1, due: '2026-11-30T10:00:00Z' },
    { name: 'a Thursday plus three is Tuesday', from: '2026-11-26T10:00:00Z', days: 3, due: '2026-12-01T10:00:00Z' },
  ])('$name (UTC)', ({ from, days, due }) => {
    expect(addBusinessDays(new Date(from), days, 'UTC').toISOString()).toBe(new Date(due).toISOString());
  });

  test('the weekend is the zone’s: Friday 20:00 UTC is already Saturday in Shanghai', () => {
    // Friday 2026-11-27 20:00 UTC = Saturday 04:00 in Shanghai; +1 business day lands on Monday there.
    expect(addBusinessDays(new Date('2026-11-27T20:00:00Z'), 1, 'Asia/Shanghai').toISOString()).toBe(
      '2026-11-29T20:00:00.000Z',
    );
  });
});
