import { describe, expect, test } from 'vitest';
import { compareHref, parseCompareIds } from './compare-ids.ts';

describe('compare ids in the URL', () => {
  test('trims, drops empty and repeated ids, keeps the order, caps at five', () => {
    expect(parseCompareIds(' b ,a,,b,c')).toEqual(['b', 'a', 'c']);
    expect(parseCompareIds('a,b,c,d,e,f')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parseCompareIds(null)).toEqual([]);
  });

  test('builds the shareable address', () => {
    expect(compareHref(['bitcoin', 'uni swap'])).toBe('/compare?ids=bitcoin,uni%20swap');
  });
});
