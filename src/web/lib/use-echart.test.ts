import { describe, expect, test } from 'vitest';
import { drawnOption } from './use-echart.ts';

describe('drawnOption', () => {
  test('a reader asking for reduced motion gets the chart drawn at once, even where the chart asks to animate', () => {
    expect(drawnOption({ animation: true, series: [] }, true)).toEqual({
      backgroundColor: 'transparent',
      animation: false,
      series: [],
    });
  });

  test("otherwise the chart's own choice stands, and the background is transparent unless it sets one", () => {
    expect(drawnOption({ series: [] }, false)).toEqual({ backgroundColor: 'transparent', series: [] });
    expect(drawnOption({ animation: false }, false)).toEqual({ backgroundColor: 'transparent', animation: false });
    expect(drawnOption({ backgroundColor: '#000' }, false)).toEqual({ backgroundColor: '#000' });
  });
});
