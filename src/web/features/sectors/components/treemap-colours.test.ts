import { describe, expect, test } from 'vitest';
import { heatColour } from './treemap-colours.ts';

describe('heatColour', () => {
  test('is absolute: the same heat is the same colour whatever else is shown; 0 pale, 100 deep', () => {
    expect(heatColour(0).fill).toBe('rgb(254, 240, 138)');
    expect(heatColour(100).fill).toBe('rgb(127, 29, 29)');
    expect(heatColour(50).fill).toBe('rgb(249, 115, 22)');
    // A sector at 48 is mid-orange, not the deepest red because it happens to be the hottest one on screen.
    expect(heatColour(48).fill).not.toBe(heatColour(100).fill);
    expect(heatColour(0).text).toBe('#111827');
    expect(heatColour(100).text).toBe('#ffffff');
  });

  test('a faded (low-confidence) tile moves towards the background and keeps readable text', () => {
    expect(heatColour(100, { theme: 'light' }).fill).not.toBe(heatColour(100).fill);
    expect(heatColour(100, { theme: 'light' }).text).toBe('#111827');
    expect(heatColour(0, { theme: 'dark' }).text).toBe('#ffffff'); // pale yellow faded into the dark card
  });
});
