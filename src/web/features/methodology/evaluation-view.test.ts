import { describe, expect, test } from 'vitest';
import { formatCorrelation, formatShare, modelsIn } from './evaluation-view.ts';

describe('evaluation figures as read', () => {
  test('a correlation is signed with two decimals, and 0 has no sign', () => {
    expect(formatCorrelation(0.2345)).toBe('+0.23');
    expect(formatCorrelation(-0.05)).toBe('−0.05');
    expect(formatCorrelation(0.001)).toBe('0.00');
    expect(formatCorrelation(null)).toBeNull();
  });

  test('a share is a percentage with at most one decimal', () => {
    expect(formatShare(0.1)).toBe('10%');
    expect(formatShare(0.125)).toBe('12.5%');
    expect(formatShare(null)).toBeNull();
  });

  test('the current model comes first', () => {
    const cell = (modelVersion: string) => ({ modelVersion }) as never;
    expect(modelsIn([cell('b'), cell('heat-v2'), cell('a'), cell('b')], 'heat-v2')).toEqual(['heat-v2', 'a', 'b']);
  });
});
