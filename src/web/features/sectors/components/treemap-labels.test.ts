import { describe, expect, test } from 'vitest';
import { fitLabel } from './treemap-labels.ts';

// 7 px per character: a stand-in for the canvas measurement.
const measure = (text: string) => text.length * 7;
const lines = { name: 'GameFi', heat: '48.5' };

describe('fitLabel', () => {
  test('a roomy tile shows name and heat', () => {
    expect(fitLabel({ width: 120, height: 60 }, lines, measure)).toBe('full');
  });
  test('a short tile shows the name only', () => {
    expect(fitLabel({ width: 120, height: 28 }, lines, measure)).toBe('name');
  });
  test('a tile narrower than the name shows nothing rather than a cut name', () => {
    expect(fitLabel({ width: 40, height: 80 }, lines, measure)).toBe('none');
    expect(fitLabel({ width: 200, height: 12 }, lines, measure)).toBe('none');
  });
});
