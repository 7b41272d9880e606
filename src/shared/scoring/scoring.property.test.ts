import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HEAT_COMPONENTS, heatScore } from './heat-score.ts';
import { computeNormalized, computeRawForNormalized, HEAT_NORMALIZATION } from './normalize.ts';
import { sectorHeat } from './sector-heat.ts';
import { heatFromSocial, socialScore } from './social-score.ts';
import { NO_SIGNALS, NOW, sumContributions } from './test-fixtures.ts';
import { type HeatSignals, PROJECT_STATUSES, type SignalKey } from './types.ts';

const SIGNAL_KEYS = HEAT_COMPONENTS.map((c) => c.key).filter((k): k is SignalKey => k !== 'volumeToMarketCap');

// Any double (incl. ±Infinity, −0, negatives), realistic magnitudes, or no data.
const anyValue = fc.oneof(
  fc.constant(null),
  fc.double({ noNaN: false }),
  fc.double({ min: -100, max: 1e13, noNaN: true }),
  fc.integer({ min: 0, max: 2_000_000_000 }),
);
const presentValue = fc.double({ min: -200, max: 1e13, noNaN: true, noDefaultInfinity: true });
const dateArb = fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true });

const signalsArb = (value: fc.Arbitrary<number | null>): fc.Arbitrary<HeatSignals> =>
  fc.record({
    ...Object.fromEntries(SIGNAL_KEYS.map((k) => [k, value])),
    listedAt: fc.option(dateArb, { nil: null }),
    status: fc.constantFrom(...PROJECT_STATUSES),
    verified: fc.boolean(),
  }) as fc.Arbitrary<HeatSignals>;

describe('heatScore properties', () => {
  test('bounds: score ∈ [0, 100], never NaN, breakdown sums to the score, normalised ∈ [0, 1]', () => {
    fc.assert(
      fc.property(signalsArb(anyValue), (signals) => {
        const result = heatScore(signals, NOW);

        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(100);
        expect(Math.abs(sumContributions(result.breakdown) - result.score)).toBeLessThan(1e-9);
        for (const e of result.breakdown) {
          if (e.normalised !== null) expect(e.normalised >= 0 && e.normalised <= 1).toBe(true);
          expect(Number.isFinite(e.contribution)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('determinism: the same inputs always give the same result', () => {
    fc.assert(
      fc.property(signalsArb(anyValue), (signals) => {
        const copy = { ...signals, listedAt: signals.listedAt && new Date(signals.listedAt.getTime()) };

        expect(heatScore(copy, new Date(NOW.getTime()))).toStrictEqual(heatScore(signals, NOW));
      }),
    );
  });

  test.each(SIGNAL_KEYS.filter((k) => k !== 'marketCapUsd'))(
    'monotonicity: raising %s never lowers the score',
    (key) => {
      fc.assert(
        fc.property(signalsArb(anyValue), presentValue, presentValue, (signals, a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];

          const low = heatScore({ ...signals, [key]: lo }, NOW).score;
          const high = heatScore({ ...signals, [key]: hi }, NOW).score;

          expect(high).toBeGreaterThanOrEqual(low);
        }),
        { numRuns: 300 },
      );
    },
  );

  // Market cap alone is not monotone: a larger cap at the same volume lowers the turnover ratio (documented).
  test('monotonicity: raising market cap at constant turnover (volume scaled alike) never lowers the score', () => {
    fc.assert(
      fc.property(
        signalsArb(anyValue),
        fc.double({ min: 1, max: 1e13, noNaN: true }),
        fc.double({ min: 1, max: 1000, noNaN: true }),
        fc.double({ min: 1e-4, max: 10, noNaN: true }),
        (signals, cap, factor, turnover) => {
          const low = heatScore({ ...signals, marketCapUsd: cap, volume24hUsd: cap * turnover }, NOW).score;
          const high = heatScore(
            { ...signals, marketCapUsd: cap * factor, volume24hUsd: cap * factor * turnover },
            NOW,
          );

          expect(high.score).toBeGreaterThanOrEqual(low - 1e-9);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('monotonicity: market cap never lowers the score when volume has no data', () => {
    fc.assert(
      fc.property(signalsArb(anyValue), presentValue, presentValue, (signals, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const base = { ...signals, volume24hUsd: null };

        expect(heatScore({ ...base, marketCapUsd: hi }, NOW).score).toBeGreaterThanOrEqual(
          heatScore({ ...base, marketCapUsd: lo }, NOW).score,
        );
      }),
    );
  });

  test('renormalisation: effective weights of the inputs with data sum to 1; missing inputs weigh 0', () => {
    fc.assert(
      fc.property(signalsArb(anyValue), (signals) => {
        const result = heatScore(signals, NOW);
        const components = result.breakdown.filter((e) => HEAT_COMPONENTS.some((c) => c.key === e.key));
        const total = components.reduce((s, e) => s + e.effectiveWeight, 0);

        if (result.noData) expect(total).toBe(0);
        else expect(total).toBeCloseTo(1, 9);
        for (const e of components) if (e.noData) expect(e.effectiveWeight).toBe(0);
      }),
    );
  });

  test('renormalisation: if every input with data normalises to v, the score is 100·v whatever is missing', () => {
    fc.assert(
      fc.property(fc.subarray(SIGNAL_KEYS, { minLength: 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (keys, v) => {
        // Both market cap and volume would add the derived ratio, whose value is not v: keep one of them.
        const chosen = keys.includes('marketCapUsd') ? keys.filter((k) => k !== 'volume24hUsd') : keys;
        const signals: HeatSignals = { ...NO_SIGNALS };
        for (const k of chosen) signals[k] = computeRawForNormalized(v, HEAT_NORMALIZATION[k]);

        expect(heatScore(signals, NOW).score).toBeCloseTo(100 * v, 6);
      }),
    );
  });
});

describe('normalisation properties', () => {
  test.each(Object.keys(HEAT_NORMALIZATION))('%s: monotone, in [0, 1], inverse round-trips', (key) => {
    const scale = HEAT_NORMALIZATION[key as keyof typeof HEAT_NORMALIZATION];
    fc.assert(
      fc.property(presentValue, presentValue, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, v) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];

        expect(computeNormalized(hi, scale)).toBeGreaterThanOrEqual(computeNormalized(lo, scale));
        expect(computeNormalized(a, scale)).toBeGreaterThanOrEqual(0);
        expect(computeNormalized(a, scale)).toBeLessThanOrEqual(1);
        expect(computeNormalized(computeRawForNormalized(v, scale), scale)).toBeCloseTo(v, 9);
      }),
    );
  });
});

describe('social score properties', () => {
  const socialArb = fc.record({
    twitterFollowers: anyValue,
    mentions7d: anyValue,
    engagementAvg: anyValue,
    verified: fc.boolean(),
  });

  test('bounds: an integer in [50, 100] that its breakdown sums to, or null exactly when no profile was read', () => {
    fc.assert(
      fc.property(socialArb, (input) => {
        const { score, breakdown } = socialScore(input);
        const read = [input.twitterFollowers, input.mentions7d, input.engagementAvg].some(Number.isFinite);

        expect(score === null).toBe(!read);
        expect(sumContributions(breakdown)).toBeCloseTo(score ?? 0, 9);
        if (score === null) return;
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(50);
        expect(score).toBeLessThanOrEqual(100);
      }),
    );
  });

  test.each(['twitterFollowers', 'mentions7d', 'engagementAvg'] as const)('monotone in %s and in verified', (key) => {
    fc.assert(
      fc.property(socialArb, presentValue, presentValue, (input, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];

        const read = { ...input, [key]: lo };

        expect(socialScore({ ...input, [key]: hi }).score).toBeGreaterThanOrEqual(socialScore(read).score as number);
        expect(socialScore({ ...read, verified: true }).score).toBeGreaterThanOrEqual(
          socialScore({ ...read, verified: false }).score as number,
        );
      }),
    );
  });

  test('heatFromSocial: in [0, 100], monotone in the social score, verified never lowers it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.boolean(),
        (a, b, verified) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const result = heatFromSocial(lo, verified);
          const score = result?.score as number;

          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
          expect(sumContributions(result?.breakdown ?? [])).toBeCloseTo(score, 6);
          expect(heatFromSocial(hi, verified)?.score).toBeGreaterThanOrEqual(score);
          expect(heatFromSocial(lo, true)?.score).toBeGreaterThanOrEqual(heatFromSocial(lo, false)?.score as number);
        },
      ),
    );
  });
});

describe('sector heat properties', () => {
  const memberArb = fc.record({
    heatScore: fc.double({ min: 0, max: 100, noNaN: true }),
    socialScore: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { nil: null }),
  });

  test('bounds, sum, and independence from project order', () => {
    fc.assert(
      fc.property(fc.array(memberArb, { maxLength: 40 }), (projects) => {
        const result = sectorHeat(projects);

        expect(result === null).toBe(projects.length === 0);
        if (result === null) return;
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(100);
        expect(sumContributions(result.breakdown)).toBeCloseTo(result.score, 9);
        expect(sectorHeat([...projects].reverse())?.score).toBeCloseTo(result.score, 9);
      }),
    );
  });

  test('raising one project’s heat never lowers the sector', () => {
    fc.assert(
      fc.property(
        fc.array(memberArb, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (projects, i, extra) => {
          const index = i % projects.length;
          const raised = projects.map((p, j) =>
            j === index ? { ...p, heatScore: Math.min(100, p.heatScore + extra) } : p,
          );

          expect(sectorHeat(raised)?.score).toBeGreaterThanOrEqual((sectorHeat(projects)?.score as number) - 1e-9);
        },
      ),
    );
  });
});
