import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatCny, formatCompact, formatDate, formatPercent, formatScore, formatUsd } from './format.ts';
import { i18n } from './i18n.ts';
import { getNumberStyle, setNumberStyle } from './number-style.ts';

// Chinese units are separated from the figure by a no-break space.
const cjk = (text: string) => text.replace(' ', '\u00a0');

describe('formatCompact in English (spec §9: thousands as K with one decimal, then M, B, T)', () => {
  beforeAll(() => i18n.changeLanguage('en'));

  test.each([
    { value: 950, expected: '950' },
    { value: 1000, expected: '1.0K' },
    { value: 1234, expected: '1.2K' },
    { value: 999_949, expected: '999.9K' },
    { value: 5_600_000, expected: '5.6M' },
    { value: 7_250_000_000, expected: '7.3B' },
    { value: 999_960, expected: '1.0M' },
    { value: 2_100_000_000_000, expected: '2.1T' },
    { value: -12_500, expected: '-12.5K' },
    { value: 0, expected: '0' },
    { value: null, expected: '—' },
    { value: undefined, expected: '—' },
    { value: Number.NaN, expected: '—' },
  ])('$value → $expected', ({ value, expected }) => {
    expect(formatCompact(value)).toBe(expected);
  });
});

describe('the other number formats', () => {
  beforeAll(() => i18n.changeLanguage('en'));

  test('dollars use the compact form from a thousand up and keep significant digits below one', () => {
    expect(formatUsd(3_900_000_000)).toBe('$3.9B');
    expect(formatUsd(2_100_000_000_000)).toBe('$2.1T');
    expect(formatUsd(999_999_999_999)).toBe('$1.0T');
    expect(formatUsd(-1_250_000)).toBe('-$1.3M');
    expect(formatUsd(0)).toBe('$0.00');
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

describe("Chinese reads 万 / 亿 / 万亿 (two decimals), or K / M / B / T by the reader's setting", () => {
  beforeAll(() => i18n.changeLanguage('zh'));
  beforeEach(() => setNumberStyle('cjk'));
  afterEach(() => setNumberStyle('cjk'));

  test.each([
    { value: 9_999, compact: '9,999', usd: '$9,999.00' },
    { value: 10_000, compact: '1.00 万', usd: '1.00 万美元' },
    { value: 12_345, compact: '1.23 万', usd: '1.23 万美元' },
    { value: 99_999_999, compact: '1.00 亿', usd: '1.00 亿美元' },
    { value: 100_000_000, compact: '1.00 亿', usd: '1.00 亿美元' },
    { value: 390_000_000, compact: '3.90 亿', usd: '3.90 亿美元' },
    { value: 999_999_999_999, compact: '1.00 万亿', usd: '1.00 万亿美元' },
    { value: 1_000_000_000_000, compact: '1.00 万亿', usd: '1.00 万亿美元' },
    { value: 2_100_000_000_000, compact: '2.10 万亿', usd: '2.10 万亿美元' },
    { value: -35_000_000, compact: '-3500.00 万', usd: '-3500.00 万美元' },
    { value: 0, compact: '0', usd: '$0.00' },
    { value: null, compact: '—', usd: '—' },
  ])('$value → $compact / $usd', ({ value, compact, usd }) => {
    expect(formatCompact(value)).toBe(cjk(compact));
    expect(formatUsd(value)).toBe(cjk(usd));
  });

  test('never "$2100.0B": 2.1 trillion reads 万亿 by default and T with the Western setting', () => {
    expect(formatUsd(2.1e12)).toBe(cjk('2.10 万亿美元'));

    setNumberStyle('western');

    expect(getNumberStyle()).toBe('western');
    expect(formatUsd(2.1e12)).toBe('$2.1T');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatUsd(0.004213)).toBe('$0.00421');
  });

  test('the setting does not change English', async () => {
    setNumberStyle('cjk');
    await i18n.changeLanguage('en');

    expect(formatUsd(2.1e12)).toBe('$2.1T');
    expect(formatCompact(12_345)).toBe('12.3K');

    await i18n.changeLanguage('zh');
  });
});

describe('primeFormats', () => {
  test('builds the formatters a first page uses, so formatting its first date and figures builds none', async () => {
    // A fresh copy of the module: its formatter caches start empty, whatever the tests above built.
    vi.resetModules();
    const fresh = await import('./format.ts');
    const { i18n: freshI18n } = await import('./i18n.ts');
    await freshI18n.changeLanguage('zh');
    fresh.primeFormats();
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    try {
      expect(fresh.formatDate('2026-11-30T12:00:00Z')).toContain('2026');
      fresh.formatDateTime('2026-11-30T12:00:00Z');
      fresh.formatInteger(12_345);
      fresh.formatDecimal(1.5);
      expect(dates).not.toHaveBeenCalled();
      expect(numbers).not.toHaveBeenCalled();
    } finally {
      dates.mockRestore();
      numbers.mockRestore();
    }
  });
});
