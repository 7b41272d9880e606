import { describe, expect, test } from 'vitest';
import {
  computeAutomaticBlockLength,
  computeBlockBootstrapInterval,
  computeNormalQuantile,
  computeStudentQuantile,
} from './bootstrap.ts';
import { createRandom } from './random.ts';

const series = (n: number, seed: number, phi: number) => {
  const next = createRandom(seed);
  let x = 0;
  return Array.from({ length: n }, () => {
    x = phi * x + (next() - 0.5);
    return x;
  });
};

describe('computeBlockBootstrapInterval', () => {
  test('is deterministic for a seed, brackets the mean, and moves with the seed', () => {
    const values = series(80, 3, 0.5);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;

    const a = computeBlockBootstrapInterval(values, 7, 500, 0.95, 1);
    const b = computeBlockBootstrapInterval(values, 7, 500, 0.95, 1);
    const c = computeBlockBootstrapInterval(values, 7, 500, 0.95, 2);

    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(a.low).toBeLessThan(mean);
    expect(a.high).toBeGreaterThan(mean);
  });

  test('a persistent series gets a wider interval from longer blocks than from single days', () => {
    const values = series(90, 4, 0.9);

    const single = computeBlockBootstrapInterval(values, 1, 1000, 0.95, 1);
    const blocked = computeBlockBootstrapInterval(values, 15, 1000, 0.95, 1);

    expect(blocked.high - blocked.low).toBeGreaterThan(1.5 * (single.high - single.low));
  });

  test('a constant series has a zero-width interval', () => {
    const { low, high } = computeBlockBootstrapInterval([0.2, 0.2, 0.2, 0.2, 0.2, 0.2], 2, 100, 0.95, 1);

    expect(low).toBeCloseTo(0.2, 12);
    expect(high).toBeCloseTo(0.2, 12);
  });
});

describe('computeAutomaticBlockLength', () => {
  test('is short for white noise and long for a persistent series (10 series of 90 days each)', () => {
    const seeds = Array.from({ length: 10 }, (_, i) => i + 1);

    const noise = seeds.map((s) => computeAutomaticBlockLength(series(90, s, 0))).sort((a, b) => a - b);
    const persistent = seeds.map((s) => computeAutomaticBlockLength(series(90, s, 0.9)));

    expect(noise[5]).toBeLessThanOrEqual(2);
    expect(Math.min(...persistent)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...persistent)).toBeLessThanOrEqual(30); // capped at n / 3
  });
});

describe('quantiles', () => {
  test.each([
    { df: 1, expected: 12.706 },
    { df: 2, expected: 4.303 },
    { df: 3, expected: 3.182 },
    { df: 5, expected: 2.571 },
    { df: 10, expected: 2.228 },
    { df: 30, expected: 2.042 },
  ])('Student t 0.975 quantile at df = $df', ({ df, expected }) => {
    expect(computeStudentQuantile(0.975, df)).toBeCloseTo(expected, 1);
    expect(Math.abs(computeStudentQuantile(0.975, df) - expected)).toBeLessThan(0.01);
  });

  test('the normal quantile matches the tables', () => {
    expect(computeNormalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(computeNormalQuantile(0.5)).toBeCloseTo(0, 12);
    expect(computeNormalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });
});
