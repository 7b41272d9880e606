import { describe, expect, it } from 'vitest';
import { EVIDENCE_SIGNAL_KEYS } from './evidence.ts';
import { SIGNAL_SOURCES, signalRefreshMs } from './input-sources.ts';
import { SPEC_SIGNAL_WEIGHTS } from './weights.ts';

describe('the heat inputs’ sources', () => {
  it('names a source for each of the 17 weighted inputs, and only those', () => {
    expect(Object.keys(SIGNAL_SOURCES).sort()).toEqual(Object.keys(SPEC_SIGNAL_WEIGHTS).sort());
    expect(Object.keys(SIGNAL_SOURCES).sort()).toEqual([...EVIDENCE_SIGNAL_KEYS].sort());
  });

  it('gives every input the refresh interval its staleness rule uses', () => {
    expect(signalRefreshMs('marketCapUsd')).toBe(3_600_000);
    expect(signalRefreshMs('twitterFollowers')).toBe(7 * 86_400_000);
    for (const key of EVIDENCE_SIGNAL_KEYS) expect(signalRefreshMs(key)).toBeGreaterThan(0);
  });
});
