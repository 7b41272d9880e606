import { expect, test } from 'vitest';
import { DEFILLAMA_CATEGORY_SECTORS, mapDefillamaCategory, SECTORS } from './category-map.ts';

test('every mapped sector is one of our 11 sectors', () => {
  const sectors = new Set<string>(SECTORS);

  expect(Object.values(DEFILLAMA_CATEGORY_SECTORS).filter((s) => !sectors.has(s))).toEqual([]);
});

test.each([
  { category: 'Dexes', expected: { sector: 'DeFi', mapped: true } },
  { category: 'bridge', expected: { sector: 'Infrastructure', mapped: true } },
  { category: 'Gaming', expected: { sector: 'GameFi', mapped: true } },
  { category: 'Chain', expected: { sector: 'Layer1', mapped: true } },
  { category: 'Something New', expected: { sector: 'Fallback', mapped: false } },
  { category: null, expected: { sector: 'Fallback', mapped: false } },
])('$category → $expected.sector', ({ category, expected }) => {
  expect(mapDefillamaCategory(category, 'Fallback')).toEqual(expected);
});
