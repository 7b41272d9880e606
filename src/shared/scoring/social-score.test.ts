import { describe, expect, test } from 'vitest';
import { heatFromSocial, type SocialInput, socialScore } from './social-score.ts';
import { sumContributions } from './test-fixtures.ts';

const NONE: SocialInput = { twitterFollowers: null, mentions7d: null, engagementAvg: null, verified: false };

describe('socialScore', () => {
  test.each([
    {
      name: 'zeros everywhere add nothing',
      input: { ...NONE, twitterFollowers: 0, mentions7d: 0, engagementAvg: 0 },
      expected: 50,
    },
    {
      name: 'followers exactly 1000 add nothing (strictly above)',
      input: { ...NONE, twitterFollowers: 1_000 },
      expected: 50,
    },
    { name: 'followers 1001 add 10', input: { ...NONE, twitterFollowers: 1_001 }, expected: 60 },
    { name: 'followers exactly 10000 add 10', input: { ...NONE, twitterFollowers: 10_000 }, expected: 60 },
    { name: 'followers 10001 add 15', input: { ...NONE, twitterFollowers: 10_001 }, expected: 65 },
    { name: 'followers exactly 100000 add 15', input: { ...NONE, twitterFollowers: 100_000 }, expected: 65 },
    { name: 'followers 100001 add 20', input: { ...NONE, twitterFollowers: 100_001 }, expected: 70 },
    {
      name: 'verified adds 5 to a read profile',
      input: { ...NONE, twitterFollowers: 10, verified: true },
      expected: 55,
    },
    { name: 'mentions exactly 10 add nothing', input: { ...NONE, mentions7d: 10 }, expected: 50 },
    { name: 'mentions 11 add 5', input: { ...NONE, mentions7d: 11 }, expected: 55 },
    { name: 'mentions exactly 100 add 5', input: { ...NONE, mentions7d: 100 }, expected: 55 },
    { name: 'mentions 101 add 10', input: { ...NONE, mentions7d: 101 }, expected: 60 },
    { name: 'mentions exactly 1000 add 10', input: { ...NONE, mentions7d: 1_000 }, expected: 60 },
    { name: 'mentions 1001 add 15', input: { ...NONE, mentions7d: 1_001 }, expected: 65 },
    { name: 'engagement exactly 50 adds nothing', input: { ...NONE, engagementAvg: 50 }, expected: 50 },
    { name: 'engagement 50.5 adds 5', input: { ...NONE, engagementAvg: 50.5 }, expected: 55 },
    { name: 'engagement exactly 100 adds 5', input: { ...NONE, engagementAvg: 100 }, expected: 55 },
    { name: 'engagement 100.1 adds 10', input: { ...NONE, engagementAvg: 100.1 }, expected: 60 },
    {
      name: 'worked example: 250k followers, verified, 150 mentions, engagement 75 → 90',
      input: { twitterFollowers: 250_000, mentions7d: 150, engagementAvg: 75, verified: true },
      expected: 90,
    },
    {
      name: 'every top tier reaches exactly 100 (the clamp never has to cut)',
      input: { twitterFollowers: 1e9, mentions7d: 1e9, engagementAvg: 1e9, verified: true },
      expected: 100,
    },
    {
      name: 'NaN is treated as no data (another input keeps the profile read)',
      input: { ...NONE, twitterFollowers: Number.NaN, mentions7d: 0 },
      expected: 50,
    },
  ])('$name', ({ input, expected }) => {
    const result = socialScore(input);

    expect(result.score).toBe(expected);
    expect(sumContributions(result.breakdown)).toBeCloseTo(expected, 9);
    expect(result.model).toBe('social-v2');
  });

  test('marks missing inputs as noData with no contribution', () => {
    const result = socialScore({ ...NONE, twitterFollowers: 5_000 });

    const byKey = Object.fromEntries(result.breakdown.map((e) => [e.key, e]));
    expect(result.noData).toBe(false);
    expect(byKey.twitterFollowers).toMatchObject({ raw: 5_000, normalised: 0.5, contribution: 10, noData: false });
    expect(byKey.mentions7d).toMatchObject({ raw: null, normalised: null, contribution: 0, noData: true });
    expect(byKey.engagementAvg?.noData).toBe(true);
  });

  test.each([
    { name: 'no input at all', input: NONE },
    { name: 'verified alone (no profile read)', input: { ...NONE, verified: true } },
    { name: 'only non-finite values', input: { ...NONE, twitterFollowers: Number.NaN, engagementAvg: Infinity } },
  ])('no social profile read ($name): null, never the base 50; nothing contributes', ({ input }) => {
    const result = socialScore(input);

    expect(result.score).toBeNull();
    expect(result.noData).toBe(true);
    expect(sumContributions(result.breakdown)).toBe(0);
    expect(result.breakdown.map((e) => e.key)).toEqual([
      'base',
      'twitterFollowers',
      'verified',
      'mentions7d',
      'engagementAvg',
    ]);
    expect(result.breakdown.find((e) => e.key === 'base')).toMatchObject({ noData: true, contribution: 0 });
  });
});

describe('heatFromSocial', () => {
  test.each([
    { name: 'social 0, unverified → 30', social: 0, verified: false, expected: 30 },
    { name: 'social 50, unverified → 65', social: 50, verified: false, expected: 65 },
    { name: 'social 60, verified → 82', social: 60, verified: true, expected: 82 },
    { name: 'social 100, unverified → 100 exactly', social: 100, verified: false, expected: 100 },
    { name: 'social 90, verified → 103, clamped to 100', social: 90, verified: true, expected: 100 },
    { name: 'social 85.7142857, verified → 100 without clamping', social: 600 / 7, verified: true, expected: 100 },
    { name: 'social −50 → −5, clamped to 0', social: -50, verified: false, expected: 0 },
    { name: 'social −42.857142 → exactly 0', social: -300 / 7, verified: false, expected: 0 },
  ])('$name', ({ social, verified, expected }) => {
    const result = heatFromSocial(social, verified);

    expect(result?.score).toBeCloseTo(expected, 9);
    expect(sumContributions(result?.breakdown ?? [])).toBeCloseTo(expected, 9);
    expect(result?.model).toBe('heat-social-v1');
  });

  test('shows the clamp as its own breakdown entry', () => {
    const result = heatFromSocial(90, true);

    const clampEntry = result?.breakdown.find((e) => e.key === 'clamp');
    expect(clampEntry?.contribution).toBeCloseTo(-3, 9);
  });

  test('a missing social score (no profile read) gives no heat, not 30 (or 40 verified)', () => {
    expect(heatFromSocial(null, false)).toBeNull();
    expect(heatFromSocial(null, true)).toBeNull();
  });

  test('rejects a non-finite social score', () => {
    expect(() => heatFromSocial(Number.NaN, false)).toThrow(RangeError);
  });
});
