import { expect, test } from 'vitest';
import { computeNormalized, HEAT_NORMALIZATION } from './normalize.ts';
import { computeSearchInterestIndex } from './search-interest.ts';

test('the index is log-scaled from 70 to 700 000 views a week, and feeds the 0–100 googleTrends input', () => {
  expect(computeSearchInterestIndex(0)).toBe(0);
  expect(computeSearchInterestIndex(70)).toBe(0);
  expect(computeSearchInterestIndex(700)).toBe(25);
  expect(computeSearchInterestIndex(7_000)).toBe(50);
  expect(computeSearchInterestIndex(70_000)).toBe(75);
  expect(computeSearchInterestIndex(700_000)).toBe(100);
  expect(computeSearchInterestIndex(9e9)).toBe(100);
  expect(computeNormalized(computeSearchInterestIndex(7_000), HEAT_NORMALIZATION.googleTrends)).toBe(0.5);
});
