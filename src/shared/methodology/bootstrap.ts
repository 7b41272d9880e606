import { createRandom } from './random.ts';

/** A percentile interval. */
export type Interval = { low: number; high: number };

/**
 * A moving-block bootstrap interval for the mean of `values` (a series over days, in order). Blocks of
 * `blockLength` consecutive values, starting anywhere, are drawn with replacement and laid end to end (the last one
 * cut) until the series' length is reached; this keeps the serial dependence of overlapping windows (a horizon-h
 * outcome overlaps its neighbours for h − 1 days) that an i.i.d. bootstrap would ignore and so understate. Blocks
 * wrap around the end (the circular variant, Politis & Romano 1992), so every day is drawn equally often and the
 * resampled means centre on the sample mean; the plain variant under-draws both ends and narrows the interval.
 * Deterministic for a given `seed`. Returns the (1 − confidence) / 2 and (1 + confidence) / 2 percentiles of the
 * resampled means. Throws when `values` is empty.
 */
export function computeBlockBootstrapInterval(
  values: ArrayLike<number>,
  blockLength: number,
  resamples: number,
  confidence: number,
  seed: number,
): Interval {
  const n = values.length;
  if (n === 0) throw new Error('Cannot bootstrap an empty series');
  const length = Math.max(1, Math.min(Math.floor(blockLength), n));
  // Prefix sums over the series followed by its first `length` values again, for the wrap-around.
  const prefix = new Float64Array(n + length + 1);
  for (let i = 0; i < n + length; i++) prefix[i + 1] = (prefix[i] as number) + (values[i % n] as number);
  const next = createRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let total = 0;
    for (let filled = 0; filled < n; filled += length) {
      const start = Math.floor(next() * n);
      const take = Math.min(length, n - filled);
      total += (prefix[start + take] as number) - (prefix[start] as number);
    }
    means[r] = total / n;
  }
  means.sort();
  const tail = (1 - confidence) / 2;
  const low = computeQuantile(means, tail);
  const high = computeQuantile(means, 1 - tail);
  // With b blocks the resampled means spread like b − 1 degrees of freedom divided by b (the batch-means analogy):
  // widen the percentile distances from the mean by √(b / (b − 1)) · t(b − 1) / z, or a few long blocks give
  // intervals that miss far more often than 1 − confidence.
  const blocks = n / length;
  if (blocks < 2 || blocks > 1000) return { low, high };
  const z = computeNormalQuantile(1 - tail);
  // Whole degrees of freedom, rounded down: the conservative side.
  const widen = (Math.sqrt(blocks / (blocks - 1)) * computeStudentQuantile(1 - tail, Math.floor(blocks) - 1)) / z;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i] as number;
  mean /= n;
  return { low: mean - (mean - low) * widen, high: mean + (high - mean) * widen };
}

/** The standard normal p-quantile (Acklam's rational approximation, relative error < 1.2e-9). */
export function computeNormalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const tailQ = (q: number) =>
    (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) / ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
  if (p < 0.02425) return tailQ(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tailQ(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/**
 * Student's t p-quantile with `df` whole degrees of freedom (≥ 1): exact for 1 and 2, otherwise the Cornish–Fisher
 * expansion around the normal quantile (error < 0.01 at df = 3, p = 0.975; far smaller beyond).
 */
export function computeStudentQuantile(p: number, df: number): number {
  if (df === 1) return Math.tan(Math.PI * (p - 0.5));
  if (df === 2) return (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
  const z = computeNormalQuantile(p);
  const z2 = z * z;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * ((5 * z2 + 16) * z2 + 3)) / 96;
  const g3 = (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / 384;
  const g4 = (z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945)) / 92160;
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4;
}

/** The q-quantile of ascending `sorted`, linearly interpolated between order statistics. */
export function computeQuantile(sorted: ArrayLike<number>, q: number): number {
  const last = sorted.length - 1;
  const pos = Math.min(last, Math.max(0, q * last));
  const below = Math.floor(pos);
  const above = Math.min(last, below + 1);
  const frac = pos - below;
  return (sorted[below] as number) * (1 - frac) + (sorted[above] as number) * frac;
}

/**
 * The block length the data ask for: the Politis & White (2004) estimate for the circular block bootstrap, with the
 * correction of Patton, Politis & White (2009). It grows with the series' autocorrelation (persistent heat ranks make
 * neighbouring days' correlations alike), is 1 for white noise, and is capped at min(3√n, n / 3). Days, ≥ 1.
 */
export function computeAutomaticBlockLength(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 4) return 1;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i] as number;
  mean /= n;
  const maxLag = Math.min(n - 1, Math.ceil(Math.sqrt(n)) + 2 * Math.max(5, Math.ceil(Math.sqrt(Math.log10(n)))));
  const acov = new Float64Array(maxLag + 1);
  for (let k = 0; k <= maxLag; k++) {
    let s = 0;
    for (let i = 0; i + k < n; i++) s += ((values[i] as number) - mean) * ((values[i + k] as number) - mean);
    acov[k] = s / n;
  }
  const variance = acov[0] as number;
  if (!(variance > 0)) return 1;
  // The first lag m after which K_N autocorrelations in a row are insignificant; the flat-top window spans 2m.
  const kn = Math.max(5, Math.ceil(Math.sqrt(Math.log10(n))));
  const threshold = 2 * Math.sqrt(Math.log10(n) / n);
  const limit = Math.ceil(Math.sqrt(n)) + kn;
  let m = limit;
  for (let lag = 1; lag + kn - 1 <= maxLag; lag++) {
    let quiet = true;
    for (let j = 0; j < kn && quiet; j++) quiet = Math.abs((acov[lag + j] as number) / variance) < threshold;
    if (quiet) {
      m = lag - 1;
      break;
    }
  }
  const window = Math.min(2 * Math.max(m, 1), maxLag);
  let g = 0;
  let spectrum = variance;
  for (let k = 1; k <= window; k++) {
    const t = k / window;
    const weight = t <= 0.5 ? 1 : 2 * (1 - t);
    g += 2 * weight * k * (acov[k] as number);
    spectrum += 2 * weight * (acov[k] as number);
  }
  if (g === 0 || spectrum <= 0) return 1;
  const length = ((2 * g * g) / ((4 / 3) * spectrum * spectrum)) ** (1 / 3) * n ** (1 / 3);
  return Math.max(1, Math.min(Math.ceil(length), Math.floor(3 * Math.sqrt(n)), Math.floor(n / 3)));
}
