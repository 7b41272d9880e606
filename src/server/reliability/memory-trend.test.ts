import { describe, expect, test } from 'vitest';
import { liveHeapGrowth, rssGrowth } from './memory-trend.ts';

/** A sawtooth of 13-second teeth from `base` up by 10 MB a second, plus `drift` MB a second. */
const sawtooth = (seconds: number, base: number, drift = 0) =>
  Array.from({ length: seconds }, (_, i) => base + (i % 13) * 10 + i * drift);

describe('rssGrowth', () => {
  test('a flat sawtooth is flat wherever the run ends on its tooth', () => {
    for (const seconds of [55, 58, 60, 62, 64]) {
      expect(Math.abs(rssGrowth(sawtooth(seconds, 400), 10, 15).growth)).toBeLessThan(0.05);
    }
  });

  test('a real rise shows: 2 MB a second on 400 MB is over 10 % in 50 s', () => {
    const { earlyMb, lateMb, growth } = rssGrowth(sawtooth(60, 400, 2), 10, 15);
    expect(lateMb).toBeGreaterThan(earlyMb);
    expect(growth).toBeGreaterThan(0.1);
  });

  test('a run shorter than two windows compares what it has', () => {
    expect(rssGrowth([100, 110], 1, 15)).toEqual({ earlyMb: 105, lateMb: 105, growth: 0 });
    expect(rssGrowth([], 10, 15).growth).toBe(0);
  });
});

describe('liveHeapGrowth', () => {
  const at = (second: number) => 1_000_000 + second * 1000;
  test('reads the collections from the given time on', () => {
    const collections = [
      { at: at(5), heapUsedMb: 50, heapTotalMb: 100 },
      { at: at(12), heapUsedMb: 100, heapTotalMb: 300 },
      { at: at(25), heapUsedMb: 98, heapTotalMb: 310 },
      { at: at(38), heapUsedMb: 105, heapTotalMb: 320 },
    ];
    expect(liveHeapGrowth(collections, at(10))).toEqual({ firstMb: 100, lastMb: 105, count: 3, growth: 0.05 });
    expect(liveHeapGrowth(collections, at(30))).toBeNull();
  });
});
