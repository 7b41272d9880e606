import { describe, expect, test } from 'vitest';
import { computeEvidence, countEvidence, EVIDENCE_SIGNAL_KEYS, isScored } from './evidence.ts';
import { heatScore } from './heat-score.ts';
import { EXAMPLE_A, EXAMPLE_B, NO_SIGNALS, NOW } from './test-fixtures.ts';
import { EVIDENCE_SIGNAL_TOTAL, MIN_EVIDENCE_SIGNALS } from './weights.ts';

describe('minimum evidence rule', () => {
  test('the rule needs two raw inputs with data, out of 17', () => {
    expect(MIN_EVIDENCE_SIGNALS).toBe(2);
    expect(EVIDENCE_SIGNAL_TOTAL).toBe(17);
    expect(EVIDENCE_SIGNAL_KEYS).not.toContain('volumeToMarketCap');
  });

  test('0 signals: not scored', () => {
    expect(computeEvidence(NO_SIGNALS)).toEqual({ count: 0, total: 17, signals: [], sources: [], scored: false });
  });

  test('1 signal: not scored (one number is not a ranking)', () => {
    const evidence = computeEvidence({ ...NO_SIGNALS, marketCapUsd: 1e9 });

    expect(evidence).toMatchObject({ count: 1, signals: ['marketCapUsd'], scored: false });
  });

  test('2 signals: scored', () => {
    const evidence = computeEvidence({ ...NO_SIGNALS, marketCapUsd: 1e9, stars: 10 });

    expect(evidence).toMatchObject({ count: 2, signals: ['marketCapUsd', 'stars'], scored: true });
  });

  test('market cap and volume are 2 signals: the derived volume/market-cap ratio is not a third', () => {
    const signals = { ...NO_SIGNALS, marketCapUsd: 1e9, volume24hUsd: 1e8 };
    // The model does use the ratio as a component…
    expect(heatScore(signals, NOW).breakdown.find((e) => e.key === 'volumeToMarketCap')?.noData).toBe(false);

    // …but it restates two inputs, so it adds no evidence.
    expect(countEvidence(signals)).toBe(2);
  });

  test('zero is data; null, NaN and ±Infinity are not', () => {
    const signals = {
      ...NO_SIGNALS,
      priceChange24hPct: 0,
      stars: Number.NaN,
      forks: Number.POSITIVE_INFINITY,
      commits52w: Number.NEGATIVE_INFINITY,
    };

    expect(countEvidence(signals)).toBe(1);
    expect(isScored(countEvidence(signals))).toBe(false);
  });

  test('the worked examples: A has all 17, B has 4', () => {
    expect(countEvidence(EXAMPLE_A)).toBe(17);
    expect(countEvidence(EXAMPLE_B)).toBe(4);
  });

  test('sources: the distinct recorded sources of the inputs with data, sorted', () => {
    const recorded: Record<string, string> = {
      marketCapUsd: 'coingecko',
      volume24hUsd: 'coingecko',
      twitterFollowers: 'catalogue-sample',
      stars: 'github', // no data for stars: its source does not count
    };

    const evidence = computeEvidence(
      { ...NO_SIGNALS, marketCapUsd: 1e9, volume24hUsd: 1e8, twitterFollowers: 5_000, mentions7d: 3 },
      (key) => recorded[key],
    );

    expect(evidence).toMatchObject({ count: 4, sources: ['catalogue-sample', 'coingecko'], scored: true });
  });
});
