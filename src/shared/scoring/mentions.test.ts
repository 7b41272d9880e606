import { describe, expect, test } from 'vitest';
import { computeEvidence } from './evidence.ts';
import { heatScore } from './heat-score.ts';
import { computeEffectiveMentions } from './mentions.ts';
import { EXAMPLE_A, NO_SIGNALS, NOW } from './test-fixtures.ts';
import type { HeatSignals } from './types.ts';
import { HEAT_MODEL_VERSION, MENTIONS_PER_AUTHOR } from './weights.ts';

const reddit = (signals: HeatSignals) => heatScore(signals, NOW).breakdown.find((e) => e.key === 'redditMentions');
/** A project known by its market cap and its Reddit posts only, so the news category is Reddit alone. */
const withReddit = (posts: number | null, authors?: number | null): HeatSignals => ({
  ...NO_SIGNALS,
  marketCapUsd: 1e9,
  redditMentions: posts,
  redditAuthors: authors,
});

describe('distinct authors (our first anti-manipulation rule)', () => {
  test('effective mentions = min(posts, 3 × distinct authors)', () => {
    expect(MENTIONS_PER_AUTHOR).toBe(3);
    expect(computeEffectiveMentions(100, 80)).toBe(100);
    expect(computeEffectiveMentions(100, 2)).toBe(6);
    expect(computeEffectiveMentions(42, 31)).toBe(42);
    expect(computeEffectiveMentions(10, 3)).toBe(9);
    expect(computeEffectiveMentions(0, 0)).toBe(0);
  });

  test('posts whose authors are all gone ([deleted]) count for nothing', () => {
    expect(computeEffectiveMentions(12, 0)).toBe(0);
  });

  test('unknown authors (X, or a value stored before the rule) leave the count as it is; no posts stay no data', () => {
    expect(computeEffectiveMentions(100, null)).toBe(100);
    expect(computeEffectiveMentions(100, undefined)).toBe(100);
    expect(computeEffectiveMentions(100, Number.NaN)).toBe(100);
    expect(computeEffectiveMentions(null, 5)).toBeNull();
  });

  test('manipulation: 100 posts by 2 authors score far below 100 posts by 80 authors', () => {
    const burst = reddit(withReddit(100, 2));
    const crowd = reddit(withReddit(100, 80));

    expect(burst).toMatchObject({ raw: 100, authors: 2, effective: 6 });
    expect(crowd).toMatchObject({ raw: 100, authors: 80, effective: 100 });
    // log10 scale 1…10⁴: 6 posts → 0.19, 100 posts → 0.5.
    expect(burst?.normalised).toBeCloseTo(Math.log10(6) / 4, 9);
    expect(crowd?.normalised).toBeCloseTo(0.5, 9);
    expect((burst?.contribution ?? 0) * 2.5).toBeLessThan(crowd?.contribution ?? 0);
    expect(heatScore(withReddit(100, 2), NOW).score).toBeLessThan(heatScore(withReddit(100, 80), NOW).score - 1);
  });

  test('a burst by 2 authors scores no better than 6 honest posts, and one author cannot outweigh a crowd', () => {
    expect(heatScore(withReddit(100, 2), NOW).score).toBeCloseTo(heatScore(withReddit(6, 6), NOW).score, 9);
    expect(heatScore(withReddit(10_000, 1), NOW).score).toBeLessThan(heatScore(withReddit(20, 15), NOW).score);
  });

  test('without authors the entry is as before (no authors or effective field)', () => {
    const entry = reddit(withReddit(100));

    expect(entry).not.toHaveProperty('authors');
    expect(entry).not.toHaveProperty('effective');
    expect(entry?.normalised).toBeCloseTo(0.5, 9);
  });

  test('the breakdown still sums to the score, and the rule is a new model version', () => {
    const result = heatScore({ ...EXAMPLE_A, redditAuthors: 2 }, NOW);

    expect(result.breakdown.reduce((sum, e) => sum + e.contribution, 0)).toBeCloseTo(result.score, 9);
    expect(result.score).toBeLessThan(heatScore(EXAMPLE_A, NOW).score);
    expect(HEAT_MODEL_VERSION).toBe('heat-v2');
  });

  test('authors are a qualifier, not evidence: they never add a signal of their own', () => {
    const signals: HeatSignals = { ...NO_SIGNALS, redditAuthors: 5 };

    expect(computeEvidence(signals).count).toBe(0);
  });
});

describe('a real 0 from a source is evidence', () => {
  // GDELT or Reddit answered, and the answer was "no article / no post this week": that is data, and a demanding
  // user expects it to count. Only "no answer" (null: never fetched, no credentials, no query) is not evidence.
  test('news 0 and Reddit 0 from a successful answer are two signals: scored', () => {
    const signals: HeatSignals = { ...NO_SIGNALS, newsMentions: 0, redditMentions: 0, redditAuthors: 0 };
    const evidence = computeEvidence(signals);

    expect(evidence).toMatchObject({ count: 2, signals: ['newsMentions', 'redditMentions'], scored: true });
  });

  test('a 0 scores as the bottom of its scale, never as "no data"', () => {
    const entry = reddit({ ...withReddit(0, 0) });

    expect(entry).toMatchObject({ raw: 0, noData: false, normalised: 0, effective: 0 });
  });

  test('no answer (null) is not evidence', () => {
    expect(computeEvidence({ ...NO_SIGNALS, newsMentions: null, redditMentions: null }).count).toBe(0);
  });
});
