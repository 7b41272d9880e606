import { describe, expect, test } from 'vitest';
import { pickContentCoding } from './content-coding.ts';
import { isEtagMatch } from './send-cached.ts';

describe('pickContentCoding', () => {
  test.each([
    { header: undefined, expected: 'identity' },
    { header: '', expected: 'identity' },
    { header: 'gzip, deflate, br, zstd', expected: 'br' },
    { header: 'gzip', expected: 'gzip' },
    { header: 'GZIP', expected: 'gzip' },
    { header: 'deflate', expected: 'identity' },
    { header: 'br;q=0.5, gzip;q=0.8', expected: 'gzip' },
    { header: 'br;q=0, gzip;q=0', expected: 'identity' },
    { header: 'br;q=0, *', expected: 'gzip' },
    { header: '*', expected: 'br' },
    { header: 'identity', expected: 'identity' },
    { header: 'br;q=abc, gzip', expected: 'gzip' },
  ])('$header → $expected', ({ header, expected }) => {
    expect(pickContentCoding(header)).toBe(expected);
  });
});

describe('isEtagMatch', () => {
  test.each([
    { header: undefined, expected: false },
    { header: '"abc"', expected: true },
    { header: 'W/"abc"', expected: true },
    { header: '"x", "abc"', expected: true },
    { header: '*', expected: true },
    { header: '"abcd"', expected: false },
    { header: 'abc', expected: false },
  ])('$header → $expected', ({ header, expected }) => {
    expect(isEtagMatch(header, '"abc"')).toBe(expected);
  });
});
