// Ranking primitives for cross-sections of up to ~10⁵ projects, run thousands of times per evaluation: an exact
// argsort (LSD radix over the IEEE-754 bits, then near-ties by value) and one linear pass that turns an order into
// average ranks and top-share weights. Callers own the buffers; nothing here allocates per element.

const RADIX = 1 << 11;
/** Below this size an insertion or library sort beats clearing the radix histograms. */
const SMALL_SORT = 64;

/** Reusable buffers for {@link sortIndicesByValue}, sized for `capacity` elements. */
export type SortScratch = {
  hi: Uint32Array;
  hi2: Uint32Array;
  idx2: Uint32Array;
  count: Uint32Array;
  f64: Float64Array;
  u32: Uint32Array;
};

/** Buffers for sorting up to `capacity` values. */
export function createSortScratch(capacity: number): SortScratch {
  const n = Math.max(1, capacity);
  const f64 = new Float64Array(1);
  return {
    hi: new Uint32Array(n),
    hi2: new Uint32Array(n),
    idx2: new Uint32Array(n),
    count: new Uint32Array(RADIX),
    f64,
    u32: new Uint32Array(f64.buffer),
  };
}

/** Radix digits (shift, width) over the high 32 bits of the key, least significant first. */
const DIGITS: readonly (readonly [shift: number, bits: number])[] = [
  [0, 11],
  [11, 11],
  [22, 10],
];
/** A run of equal high halves longer than this is finished with a library sort rather than insertion. */
const LONG_RUN = 48;

/**
 * Sorts `idx[0..n)` (indices into `values`) so their values ascend. Values must be finite. Exact: an LSD radix sort
 * on the high 32 bits of an order-preserving map of each double (sign, exponent, 20 mantissa bits), then each run
 * sharing those bits is finished by comparing the values themselves; such runs are ties or near-ties, so short.
 */
export function sortIndicesByValue(idx: Uint32Array, n: number, values: ArrayLike<number>, s: SortScratch): void {
  if (n < 2) return;
  if (n < SMALL_SORT) {
    sortRun(idx, 0, n, values);
    return;
  }
  const { f64, u32, count } = s;
  let hi = s.hi;
  let hi2 = s.hi2;
  let idxA = idx;
  let idxB = s.idx2;
  for (let i = 0; i < n; i++) {
    f64[0] = (values[idx[i] as number] as number) + 0; // + 0 folds −0 into +0
    const h = u32[1] as number;
    // Order-preserving map to unsigned integers: flip all bits of negatives, the sign bit of the others.
    hi[i] = h & 0x80000000 ? ~h >>> 0 : (h | 0x80000000) >>> 0;
  }
  for (const [shift, bits] of DIGITS) {
    const mask = (1 << bits) - 1;
    count.fill(0);
    for (let i = 0; i < n; i++) {
      const d = ((hi[i] as number) >>> shift) & mask;
      count[d] = (count[d] as number) + 1;
    }
    // A digit shared by every key leaves the order as it is: skip the scatter.
    if (count[((hi[0] as number) >>> shift) & mask] === n) continue;
    let sum = 0;
    for (let d = 0; d <= mask; d++) {
      const c = count[d] as number;
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const d = ((hi[i] as number) >>> shift) & mask;
      const to = count[d] as number;
      count[d] = to + 1;
      hi2[to] = hi[i] as number;
      idxB[to] = idxA[i] as number;
    }
    [hi, hi2] = [hi2, hi];
    [idxA, idxB] = [idxB, idxA];
  }
  if (idxA !== idx) idx.set(idxA.subarray(0, n));
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && hi[i] === hi[start]) continue;
    if (i - start > 1) sortRun(idx, start, i, values);
    start = i;
  }
}

/** Sorts idx[from..to) by value: insertion for short runs (linear when all equal), a library sort for long ones. */
function sortRun(idx: Uint32Array, from: number, to: number, values: ArrayLike<number>): void {
  if (to - from > LONG_RUN) {
    let ordered = true;
    for (let i = from + 1; i < to && ordered; i++) ordered = values[idx[i - 1] as number]! <= values[idx[i] as number]!;
    if (!ordered) {
      const run = Array.from(idx.subarray(from, to)).sort((a, b) => values[a]! - values[b]! || a - b);
      idx.set(run, from);
    }
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const p = idx[i] as number;
    const v = values[p] as number;
    let j = i - 1;
    while (j >= from && (values[idx[j] as number] as number) > v) {
      idx[j + 1] = idx[j] as number;
      j--;
    }
    idx[j + 1] = p;
  }
}

/**
 * Walks `order[0..n)` (indices ascending by `values`) and writes, per index p, the positions [start, end) of its tie
 * group to `out[2p]` and `out[2p + 1]`: everything a rank statistic needs, in 8 bytes per project. The average rank
 * (1-based, ties sharing the mean of their positions) is (start + end + 1) / 2; the top-k weight is
 * {@link computeTopShare}(k, n − end, end − start).
 */
export function assignTieGroups(order: Uint32Array, n: number, values: ArrayLike<number>, out: Uint32Array): void {
  let start = 0;
  while (start < n) {
    const v = values[order[start] as number] as number;
    let end = start + 1;
    while (end < n && values[order[end] as number] === v) end++;
    for (let i = start; i < end; i++) {
      const p = order[i] as number;
      out[2 * p] = start;
      out[2 * p + 1] = end;
    }
    start = end;
  }
}

/**
 * The weight in the top `topCount` (possibly fractional) of each of `tied` equal values with `above` values strictly
 * greater, in [0, 1]. A tie group straddling the cut shares the remaining places equally, so the weights sum to
 * `topCount`: the expected membership under a random tie-break, without drawing one.
 */
export function computeTopShare(topCount: number, above: number, tied: number): number {
  return Math.min(1, Math.max(0, (topCount - above) / tied));
}
