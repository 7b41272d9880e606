import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatCny, formatCompact, formatDate, formatPercent, formatScore, formatUsd } from './format.ts';
import { i18n } from './i18n.ts';

describe('formatCompact (spec §9: thousands as K with one decimal, then M, B)', () => {
  test.each([
    { value: 950, expected: '950' },
    { value: 1000, expected: '1.0K' },
    { value: 1234, expected: '1.2K' },
    { value: 999_949, expected: '999.9K' },
    { value: 5_600_000, expected: '5.6M' },
    { value: 7_250_000_000, expected: '7.3B' },
    { value: -12_500, expected: '-12.5K' },
    { value: null, expected: '—' },
    { value: Number.NaN, expected: '—' },
  ])('$value → $expected', ({ value, expected }) => {
    expect(formatCompact(value)).toBe(expected);
  });
});

describe('the other number formats', () => {
  test('dollars use the compact form from a thousand up and keep significant digits below one', () => {
    expect(formatUsd(3_900_000_000)).toBe('$3.9B');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(0.004213)).toBe('$0.00421');
    expect(formatUsd(null)).toBe('—');
  });

  test('percent is signed; a score has one decimal', () => {
    expect(formatPercent(3.456)).toBe('+3.46%');
    expect(formatPercent(-0.5, 1)).toBe('-0.5%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatScore(72.04)).toBe('72.0');
  });
});

describe('localised formats follow the UI language', () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('zh'));

  test('dates and yuan prices in English, then in Chinese', async () => {
    expect(formatDate('2025-06-30T00:00:00.000Z')).toBe('Jun 30, 2025');
    expect(formatCny(68)).toBe('CN¥68');

    await i18n.changeLanguage('zh');

    expect(formatDate('2025-06-30T00:00:00.000Z')).toBe('2025年6月30日');
    expect(formatCny(68)).toBe('¥68');
  });
});
