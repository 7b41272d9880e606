import { describe, expect, test } from 'vitest';
import { computeLevelProgress, computePageCount, computeSecondsLeft, readSecondsLeft } from './progress.ts';

describe('computeLevelProgress', () => {
  test.each([
    { balance: 0, level: 'free', next: 'premium', from: 0, to: 1000, percent: 0, needed: 1000 },
    { balance: 60, level: 'free', next: 'premium', from: 0, to: 1000, percent: 6, needed: 940 },
    { balance: 999, level: 'free', next: 'premium', from: 0, to: 1000, percent: 99.9, needed: 1 },
    { balance: 1000, level: 'premium', next: 'vip', from: 1000, to: 5000, percent: 0, needed: 4000 },
    { balance: 3000, level: 'premium', next: 'vip', from: 1000, to: 5000, percent: 50, needed: 2000 },
    { balance: 4999, level: 'premium', next: 'vip', from: 1000, to: 5000, percent: 99.9, needed: 1 },
    { balance: 5000, level: 'vip', next: null, from: 5000, to: 5000, percent: 100, needed: 0 },
    { balance: -5, level: 'free', next: 'premium', from: 0, to: 1000, percent: 0, needed: 1000 },
  ])('$balance points → $level, $percent% towards $next', ({ balance, level, next, from, to, percent, needed }) => {
    expect(computeLevelProgress(balance)).toEqual({ level, next, from, to, percent, pointsNeeded: needed });
  });
});

describe('computeSecondsLeft', () => {
  const serverNow = '2026-11-24T08:00:00.000Z';
  const creditableAt = '2026-11-24T08:00:15.000Z';

  test.each([
    { name: 'the whole wait right after the answer', elapsedMs: 0, expected: 15 },
    { name: 'a started second still counts as a second', elapsedMs: 14_001, expected: 1 },
    { name: 'zero at creditableAt', elapsedMs: 15_000, expected: 0 },
    { name: 'never negative after it', elapsedMs: 60_000, expected: 0 },
    { name: 'a negative elapsed time (clock glitch) does not add time', elapsedMs: -5_000, expected: 15 },
  ])('$name', ({ elapsedMs, expected }) => {
    expect(computeSecondsLeft(creditableAt, serverNow, elapsedMs)).toBe(expected);
  });

  test('uses the server clock, not the local one: a local clock hours off changes nothing', () => {
    const farFuture = computeSecondsLeft('2030-01-01T00:00:15.000Z', '2030-01-01T00:00:00.000Z', 0);

    expect(farFuture).toBe(15);
  });

  test('unparseable times give 0 instead of NaN', () => {
    expect(computeSecondsLeft('nope', serverNow, 0)).toBe(0);
  });
});

test.each([
  { details: { secondsLeft: 4.2 }, expected: 5 },
  { details: { seconds: 3 }, expected: 3 },
  { details: { retryAfter: -1 }, expected: 0 },
  { details: { other: 1 }, expected: null },
  { details: 'x', expected: null },
  { details: undefined, expected: null },
])('readSecondsLeft($details) → $expected', ({ details, expected }) => {
  expect(readSecondsLeft(details)).toBe(expected);
});

test.each([
  { total: 0, limit: 20, expected: 1 },
  { total: 20, limit: 20, expected: 1 },
  { total: 21, limit: 20, expected: 2 },
])('$total entries at $limit a page → $expected pages', ({ total, limit, expected }) => {
  expect(computePageCount(total, limit)).toBe(expected);
});
