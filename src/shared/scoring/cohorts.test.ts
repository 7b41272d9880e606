import { describe, expect, it } from 'vitest';
import { cohortPercentile, MIN_COHORT_PEERS, marketCapBand } from './cohorts.ts';

describe('cohorts', () => {
  it('puts a market cap in its band, bounds inclusive below', () => {
    expect(marketCapBand(5_000_000)).toEqual({ band: 'micro', from: 0, to: 10_000_000 });
    expect(marketCapBand(10_000_000)?.band).toBe('small');
    expect(marketCapBand(2.5e9)?.band).toBe('large');
    expect(marketCapBand(4e11)).toEqual({ band: 'mega', from: 10_000_000_000, to: null });
  });

  it('has no band without a positive market cap', () => {
    expect(marketCapBand(null)).toBeNull();
    expect(marketCapBand(0)).toBeNull();
    expect(marketCapBand(Number.NaN)).toBeNull();
  });

  it('gives the mid-rank percentile: ties share one, the top of 100 is 99.5', () => {
    expect(cohortPercentile(99, 1, 100)).toBe(99.5);
    expect(cohortPercentile(0, 1, 100)).toBe(0.5);
    expect(cohortPercentile(2, 4, 10)).toBe(40);
  });

  it('says nothing for a cohort too small to rank in', () => {
    expect(cohortPercentile(1, 1, MIN_COHORT_PEERS - 1)).toBeNull();
    expect(cohortPercentile(1, 1, MIN_COHORT_PEERS)).toBe(30);
  });
});
