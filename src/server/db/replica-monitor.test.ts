import { describe, expect, test } from 'vitest';
import { computeLag, parseLsn } from './replica-monitor.ts';

describe('replica lag from WAL positions', () => {
  test('parses an LSN into one comparable number (high and low hex halves)', () => {
    expect(parseLsn('0/3000000')).toBe(0x3000000n);
    expect(parseLsn('1/0')).toBe(1n << 32n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });

  test('a replica at the newest sampled position is as fresh as that sample, whatever the primary did before', () => {
    const samples = [
      { at: 1_000, lsn: 100n },
      { at: 2_000, lsn: 200n },
      { at: 3_000, lsn: 200n }, // idle primary: the position did not move, and the replica is not behind
    ];

    expect(computeLag(samples, 200n, 3_010)).toEqual({ lagMs: 10, bounded: true });
  });

  test('a replica between two samples is at most as stale as the older one', () => {
    const samples = [
      { at: 1_000, lsn: 100n },
      { at: 2_000, lsn: 200n },
      { at: 3_000, lsn: 300n },
    ];

    expect(computeLag(samples, 250n, 3_000)).toEqual({ lagMs: 1_000, bounded: true });
  });

  test('a replica behind every sample is at least as stale as the oldest (a lower bound)', () => {
    const samples = [
      { at: 1_000, lsn: 100n },
      { at: 2_000, lsn: 200n },
    ];

    expect(computeLag(samples, 50n, 9_000)).toEqual({ lagMs: 8_000, bounded: false });
  });
});
