import { describe, expect, test } from 'vitest';
import { computeRotation } from './rotation.ts';

const row = (sectorId: string, score: number) => ({ sectorId, name: sectorId.toUpperCase(), score });
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('sector rotation', () => {
  test('shares sum to 1 on each side and the changes sum to 0', () => {
    const rotation = computeRotation(
      [row('defi', 70.3), row('ai', 55.1), row('gaming', 20.7), row('new', 5)],
      [row('defi', 60), row('ai', 65.2), row('gaming', 33.3), row('gone', 12)],
    );

    expect(Math.abs(sum(rotation.map((r) => r.shareNow)) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(sum(rotation.map((r) => r.shareBefore)) - 1)).toBeLessThan(1e-9);
    expect(Math.abs(sum(rotation.map((r) => r.shareChange)))).toBeLessThan(1e-9);
  });

  test('the sector that gained share comes first, the one that lost it last', () => {
    const rotation = computeRotation([row('defi', 60), row('ai', 40)], [row('defi', 40), row('ai', 60)]);

    expect(rotation.map((r) => [r.sectorId, r.shareChange])).toEqual([
      ['defi', expect.closeTo(0.2, 9)],
      ['ai', expect.closeTo(-0.2, 9)],
    ]);
  });

  test('no heat at all gives zero shares, not NaN', () => {
    const rotation = computeRotation([row('defi', 0)], []);
    expect(rotation).toEqual([{ sectorId: 'defi', name: 'DEFI', shareNow: 0, shareBefore: 0, shareChange: 0 }]);
  });
});
