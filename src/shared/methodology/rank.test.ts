import { describe, expect, test } from 'vitest';
import { createRandom } from './random.ts';
import { assignTieGroups, computeTopShare, createSortScratch, sortIndicesByValue } from './rank.ts';

const sortByRadix = (values: Float64Array) => {
  const idx = Uint32Array.from(values, (_, i) => i);
  sortIndicesByValue(idx, idx.length, values, createSortScratch(values.length));
  return Array.from(idx, (i) => values[i]);
};

describe('sortIndicesByValue', () => {
  test.each([
    { name: 'small (comparator path)', n: 50 },
    { name: 'large (radix path)', n: 5000 },
  ])('orders negatives, zeros, duplicates and extremes like a numeric sort: $name', ({ n }) => {
    const next = createRandom(7);
    const special = [-0, 0, -1e300, 1e300, Number.MIN_VALUE, -Number.MIN_VALUE, 1, 1, -2.5];
    const values = Float64Array.from({ length: n }, (_, i) =>
      i < special.length ? (special[i] as number) : Math.round((next() - 0.5) * 100) / 7,
    );

    const sorted = sortByRadix(values);

    expect(sorted).toEqual(Array.from(values).sort((a, b) => a - b));
  });

  test('orders values that differ only in bit 32 of their pattern (the seam between the two 32-bit halves)', () => {
    const view = new DataView(new ArrayBuffer(8));
    const fromBits = (hi: number, lo: number) => {
      view.setUint32(0, hi);
      view.setUint32(4, lo);
      return view.getFloat64(0);
    };
    const pair = [fromBits(0x3ff00001, 0), fromBits(0x3ff00000, 0xffffffff)];
    const values = Float64Array.from({ length: 600 }, (_, i) => pair[i % 2] as number);

    const sorted = sortByRadix(values);

    expect(sorted.slice(0, 300).every((v) => v === pair[1])).toBe(true);
    expect(sorted[300]).toBe(pair[0]);
  });

  test('orders values sharing their high 32 bits by their low bits, in short and long runs', () => {
    const view = new DataView(new ArrayBuffer(8));
    const next = createRandom(3);
    const nearOne = () => {
      view.setUint32(0, 0x3ff00000);
      view.setUint32(4, Math.floor(next() * 2 ** 32));
      return view.getFloat64(0);
    };
    const values = Float64Array.from({ length: 700 }, (_, i) =>
      i < 300 ? nearOne() : i < 320 ? 1 + 2 ** -22 * (i % 7) : next(),
    );

    expect(sortByRadix(values)).toEqual(Array.from(values).sort((a, b) => a - b));
  });

  test('sorts only the first n indices', () => {
    const values = Float64Array.from([3, 1, 2, 0]);
    const idx = Uint32Array.from([0, 1, 2, 3]);

    sortIndicesByValue(idx, 3, values, createSortScratch(4));

    expect(Array.from(idx)).toEqual([1, 2, 0, 3]);
  });
});

describe('assignTieGroups and computeTopShare', () => {
  const ranksOf = (out: Uint32Array, n: number) =>
    Array.from({ length: n }, (_, p) => ((out[2 * p] as number) + (out[2 * p + 1] as number) + 1) / 2);
  const topOf = (out: Uint32Array, n: number, k: number) =>
    Array.from({ length: n }, (_, p) => {
      const [from, to] = [out[2 * p] as number, out[2 * p + 1] as number];
      return computeTopShare(k, n - to, to - from);
    });

  test('tied values share the average of their positions', () => {
    const values = Float64Array.from([2, 1, 2, 3, 2]);
    const out = new Uint32Array(10);

    assignTieGroups(Uint32Array.from([1, 0, 2, 4, 3]), 5, values, out);

    expect(ranksOf(out, 5)).toEqual([3, 1, 3, 5, 3]);
  });

  test('a tie group straddling the top cut shares the remaining places, so weights sum to the top count', () => {
    const values = Float64Array.from([1, 2, 3, 3, 3, 4]);
    const out = new Uint32Array(12);

    assignTieGroups(Uint32Array.from([0, 1, 2, 3, 4, 5]), 6, values, out);

    expect(topOf(out, 6, 2)).toEqual([0, 0, 1 / 3, 1 / 3, 1 / 3, 1]);
    expect(ranksOf(out, 6)).toEqual([1, 2, 4, 4, 4, 6]);
  });
});
