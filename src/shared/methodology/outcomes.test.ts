import { describe, expect, test } from 'vitest';
import { computeAbsLogReturn, computeFlowGrowth, createFlowPrefix, fillFlowPrefix } from './outcomes.ts';

const prefixOf = (row: number[]) => {
  const prefix = createFlowPrefix(1, row.length);
  fillFlowPrefix(prefix, Float64Array.from(row));
  return prefix;
};

describe('computeFlowGrowth (mean daily count after vs before, (a − b) / (a + b))', () => {
  test.each([
    { name: 'doubling gives 1/3 (log ratio ln 2)', row: [2, 2, 4, 4], expected: 1 / 3 },
    { name: 'from nothing to something is +1, not a division by zero', row: [0, 0, 5, 1], expected: 1 },
    { name: 'from something to nothing is −1', row: [3, 1, 0, 0], expected: -1 },
    { name: 'nothing before and after is no change (0)', row: [0, 0, 0, 0], expected: 0 },
    { name: 'a missing day is averaged over, not read as 0', row: [2, Number.NaN, 2, 2], expected: 0 },
    { name: 'a negative count is treated as missing', row: [2, -5, 2, 2], expected: 0 },
  ])('$name', ({ row, expected }) => {
    expect(computeFlowGrowth(prefixOf(row), 0, 1, 2, 1)).toBeCloseTo(expected, 12);
  });

  test('an under-observed window or one outside the panel gives NaN (the project is left out)', () => {
    const prefix = prefixOf([Number.NaN, Number.NaN, 4, 4]);

    expect(computeFlowGrowth(prefix, 0, 1, 2, 1)).toBeNaN();
    expect(computeFlowGrowth(prefixOf([1, 1, 1, 1]), 0, 0, 2, 1)).toBeNaN();
    expect(computeFlowGrowth(prefixOf([1, 1, 1, 1]), 0, 2, 2, 1)).toBeNaN();
  });
});

describe('computeAbsLogReturn', () => {
  test('is |ln(p(t+h) / p(t))|, the same for a rise and the matching fall', () => {
    const prices = Float64Array.from([100, 50, 200]);

    expect(computeAbsLogReturn(prices, 1, 3, 0, 0, 1)).toBeCloseTo(Math.LN2, 12);
    expect(computeAbsLogReturn(prices, 1, 3, 0, 1, 1)).toBeCloseTo(Math.log(4), 12);
  });

  test('a missing or non-positive price on either end gives NaN', () => {
    expect(computeAbsLogReturn(Float64Array.from([100, Number.NaN]), 1, 2, 0, 0, 1)).toBeNaN();
    expect(computeAbsLogReturn(Float64Array.from([0, 5]), 1, 2, 0, 0, 1)).toBeNaN();
    expect(computeAbsLogReturn(Float64Array.from([1, 5]), 1, 2, 0, 1, 1)).toBeNaN();
  });
});
