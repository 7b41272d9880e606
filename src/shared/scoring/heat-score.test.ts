import { describe, expect, test } from 'vitest';
import { DAY_MS } from '../time/duration.ts';
import {
  computeAgeFactor,
  computeCategoryScores,
  computeSignalHeat,
  HEAT_COMPONENTS,
  heatScore,
} from './heat-score.ts';
import { daysAgo, EXAMPLE_A, EXAMPLE_B, EXAMPLE_C, NO_SIGNALS, NOW, sumContributions } from './test-fixtures.ts';
import type { HeatSignals } from './types.ts';
import { SPEC_SIGNAL_WEIGHTS } from './weights.ts';

const entry = (signals: HeatSignals, key: string) => heatScore(signals, NOW).breakdown.find((e) => e.key === key);

describe('heatScore worked examples (docs/heat-score.md)', () => {
  test.each([
    { name: 'A: every signal present, 200 days old, active', signals: EXAMPLE_A, expected: 57.09 },
    { name: 'B: four signals, renormalised, 3 days old, new', signals: EXAMPLE_B, expected: 79.866_666_667 },
    { name: 'C: everything at the top, 1 day old, trending → clamped to 100', signals: EXAMPLE_C, expected: 100 },
    {
      name: 'D: no signals at all → neutral 50',
      signals: { ...NO_SIGNALS, status: 'trending' as const },
      expected: 50,
    },
  ])('$name', ({ signals, expected }) => {
    const result = heatScore(signals, NOW);

    expect(result.score).toBeCloseTo(expected, 6);
    expect(sumContributions(result.breakdown)).toBeCloseTo(result.score, 9);
    expect(result.model).toBe('heat-v2');
  });

  test('A: category sub-scores are social 69, market 56.667, development 68.889, news 56.667', () => {
    const scores = computeCategoryScores(heatScore(EXAMPLE_A, NOW).breakdown);

    expect(scores.social).toBeCloseTo(69, 6);
    expect(scores.market).toBeCloseTo(170 / 3, 6);
    expect(scores.development).toBeCloseTo(620 / 9, 6);
    expect(scores.news).toBeCloseTo(170 / 3, 6);
  });

  test('A: the age entry carries base × (0.9 − 1) = −6.3433', () => {
    const age = entry(EXAMPLE_A, 'age');

    expect(age?.multiplier).toBe(0.9);
    expect(age?.contribution).toBeCloseTo(-6.343_333_333, 6);
    expect(age?.raw).toBeCloseTo(200, 9);
  });

  test('B: twitter gets (0.40 / 0.75) × (30 / 45) of the weight; missing signals are noData with weight 0', () => {
    const result = heatScore(EXAMPLE_B, NOW);

    const twitter = result.breakdown.find((e) => e.key === 'twitterFollowers');
    const volume = result.breakdown.find((e) => e.key === 'volume24hUsd');
    const ratio = result.breakdown.find((e) => e.key === 'volumeToMarketCap');
    expect(twitter?.effectiveWeight).toBeCloseTo(0.4 / 0.75 / 1.5, 9);
    expect(twitter?.weight).toBeCloseTo(0.12, 9);
    expect(volume).toMatchObject({ noData: true, effectiveWeight: 0, contribution: 0, normalised: null, raw: null });
    expect(ratio?.noData).toBe(true);
    expect(computeCategoryScores(result.breakdown)).toMatchObject({ development: null, news: null });
  });

  test('C: the clamp entry removes the 25 points above 100', () => {
    expect(entry(EXAMPLE_C, 'clamp')?.contribution).toBeCloseTo(-25, 9);
  });

  test('D: the neutral entry and noData flag explain a score without inputs', () => {
    const result = heatScore(NO_SIGNALS, NOW);

    expect(result.noData).toBe(true);
    expect(result.breakdown.find((e) => e.key === 'neutral')).toMatchObject({ contribution: 50, noData: true });
    expect(
      result.breakdown.filter((e) => e.category !== 'base' && e.category !== 'adjustment').every((e) => e.noData),
    ).toBe(true);
  });
});

describe('heatScore constants', () => {
  test('model weights keep the spec category totals and sum to 1', () => {
    const byCategory = (c: string) => HEAT_COMPONENTS.filter((x) => x.category === c).reduce((s, x) => s + x.weight, 0);
    const specTotal = Object.values(SPEC_SIGNAL_WEIGHTS).reduce((a, b) => a + b, 0);

    expect(specTotal).toBeCloseTo(1, 12);
    expect(byCategory('social')).toBeCloseTo(0.4, 12);
    expect(byCategory('market')).toBeCloseTo(0.35, 12);
    expect(byCategory('development')).toBeCloseTo(0.15, 12);
    expect(byCategory('news')).toBeCloseTo(0.1, 12);
  });

  test('development, news, mentions and engagement use the exact spec weights', () => {
    const weight = (key: string) => HEAT_COMPONENTS.find((c) => c.key === key)?.weight;

    for (const key of [
      'commits52w',
      'stars',
      'forks',
      'contributors',
      'codeFrequency',
      'newsMentions',
      'googleTrends',
      'redditMentions',
      'mentions7d',
      'engagementAvg',
    ] as const) {
      expect(weight(key)).toBeCloseTo(SPEC_SIGNAL_WEIGHTS[key], 12);
    }
  });

  test.each([
    { ageDays: 0, factor: 1.1 },
    { ageDays: 7, factor: 1.1 },
    { ageDays: 7 + 1 / DAY_MS, factor: 1.0 },
    { ageDays: 30, factor: 1.0 },
    { ageDays: 30.5, factor: 0.95 },
    { ageDays: 90, factor: 0.95 },
    { ageDays: 91, factor: 0.9 },
    { ageDays: 365, factor: 0.9 },
    { ageDays: 366, factor: 0.8 },
    { ageDays: null, factor: 1.0 },
  ])('age factor at $ageDays days is $factor', ({ ageDays, factor }) => {
    expect(computeAgeFactor(ageDays)).toBe(factor);
  });

  test.each([
    { listedAt: daysAgo(7), expected: 50 * 1.1 },
    { listedAt: new Date(daysAgo(7).getTime() - 1), expected: 50 },
    { listedAt: daysAgo(365), expected: 50 * 0.9 },
    { listedAt: daysAgo(400), expected: 40 },
    { listedAt: new Date(NOW.getTime() + DAY_MS), expected: 55 }, // listed "tomorrow" counts as age 0
  ])('age boundary: listed $listedAt scales a base of 50 to $expected', ({ listedAt, expected }) => {
    const signals = { ...NO_SIGNALS, googleTrends: 50, listedAt };

    expect(heatScore(signals, NOW).score).toBeCloseTo(expected, 9);
  });

  test.each([
    { status: 'trending' as const, expected: 65 },
    { status: 'rising' as const, expected: 60 },
    { status: 'new' as const, expected: 58 },
    { status: 'active' as const, expected: 50 },
  ])('status $status adds its bonus to a base of 50', ({ status, expected }) => {
    const result = heatScore({ ...NO_SIGNALS, googleTrends: 50, status }, NOW);

    expect(result.score).toBeCloseTo(expected, 9);
    expect(computeSignalHeat(result)).toBeCloseTo(50, 9);
  });
});

describe('heatScore normalisation and clamping', () => {
  test.each([
    { name: 'market cap at $1M (bottom reference) → 0', signals: { marketCapUsd: 1e6 }, expected: 0 },
    { name: 'market cap at $1T (top reference) → 100', signals: { marketCapUsd: 1e12 }, expected: 100 },
    { name: 'market cap above $1T is clamped to 1', signals: { marketCapUsd: 1e15 }, expected: 100 },
    { name: 'market cap at $1B → 50', signals: { marketCapUsd: 1e9 }, expected: 50 },
    { name: 'market cap 0 → 0 (not −Infinity)', signals: { marketCapUsd: 0 }, expected: 0 },
    { name: 'price change −20 % → 0', signals: { priceChange24hPct: -20 }, expected: 0 },
    { name: 'price change −35 % is clamped to 0', signals: { priceChange24hPct: -35 }, expected: 0 },
    { name: 'price change 0 % → 50', signals: { priceChange24hPct: 0 }, expected: 50 },
    { name: 'price change +20 % → 100', signals: { priceChange24hPct: 20 }, expected: 100 },
    { name: 'followers exactly 100000 → 60 (log10 5 of 2..7)', signals: { twitterFollowers: 100_000 }, expected: 60 },
    {
      name: 'volume $100k on cap $1M → ratio 0.1 → 2/3 of the ratio 10 points of 65',
      signals: { marketCapUsd: 1e6, volume24hUsd: 1e5 },
      expected: ((0 * 30 + 0 * 25 + 10 * (2 / 3)) / 65) * 100,
    },
  ])('$name', ({ signals, expected }) => {
    const result = heatScore({ ...NO_SIGNALS, ...signals }, NOW);

    expect(result.score).toBeCloseTo(expected, 9);
  });

  test('the lowest possible input scores exactly 0 and the clamp adds nothing', () => {
    const zero = { ...NO_SIGNALS, listedAt: daysAgo(1000) } as HeatSignals;
    for (const c of HEAT_COMPONENTS) if (c.key !== 'volumeToMarketCap') (zero as Record<string, unknown>)[c.key] = 0;
    zero.priceChange24hPct = -100;
    zero.priceChange7dPct = -100;

    const result = heatScore(zero, NOW);

    expect(result.score).toBe(0);
    expect(result.breakdown.find((e) => e.key === 'clamp')?.contribution).toBe(0);
    expect(result.breakdown.find((e) => e.key === 'volumeToMarketCap')?.noData).toBe(true); // cap 0: no ratio
  });

  test('a single signal carries the whole weight (renormalisation)', () => {
    const result = heatScore({ ...NO_SIGNALS, stars: 10_000 }, NOW);

    expect(result.breakdown.find((e) => e.key === 'stars')?.effectiveWeight).toBeCloseTo(1, 12);
    expect(result.score).toBeCloseTo(75, 9);
  });

  test('non-finite signals count as no data', () => {
    const result = heatScore({ ...NO_SIGNALS, stars: Number.POSITIVE_INFINITY, forks: Number.NaN }, NOW);

    expect(result.noData).toBe(true);
    expect(result.score).toBe(50);
  });
});
