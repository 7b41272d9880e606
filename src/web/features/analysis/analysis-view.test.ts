import { describe, expect, test } from 'vitest';
import type { Anomaly } from '../../../shared/api/analysis.schema.ts';
import {
  dataVersionTime,
  findAnomalyFact,
  formatFactValue,
  formatFraction,
  formatPlain,
  formatRiskParams,
  formatSharePoints,
  isPageAnchor,
  missingParams,
  newestTime,
  topAnomalies,
} from './analysis-view.ts';

const anomaly = (name: string, zScore: number, signal = 'heat'): Anomaly => ({
  projectId: name.toLowerCase(),
  name,
  signal,
  value: 10,
  mean: 5,
  stdDev: 1,
  zScore,
  direction: zScore >= 0 ? 'up' : 'down',
  at: '2026-11-24T00:00:00.000Z',
});

describe('number wording', () => {
  test.each([
    { value: 0.0042, expected: '0.42%' },
    { value: 0.7, expected: '70.0%' },
    { value: 0, expected: '0.00%' },
  ])('a fraction $value reads $expected', ({ value, expected }) => {
    expect(formatFraction(value)).toBe(expected);
  });

  test('share changes are signed percentage points; plain numbers keep at most two decimals', () => {
    expect(formatSharePoints(0.0123)).toBe('+1.23');
    expect(formatSharePoints(-0.004)).toBe('−0.40');
    expect(formatSharePoints(0.00001)).toBe('0.00');
    expect(formatPlain(3)).toBe('3');
    expect(formatPlain(2.4149)).toBe('2.41');
  });
});

describe('risk flag params', () => {
  test('fractions become percentages, signals their label, other numbers stay plain', () => {
    const params = formatRiskParams(
      { ratio: 0.004, signal: 'mentions7d', days: 3, oldestDays: 12.5347, count: 2 },
      (key) => `<${key}>`,
    );

    expect(params).toEqual({ ratio: '0.40%', signal: '<mentions7d>', days: '3', oldestDays: '12.5', count: '2' });
  });

  test('a text whose placeholders the params do not fill is detected', () => {
    expect(missingParams('only {{ratio}} of {{ cap }}', { ratio: '1%' })).toEqual(['cap']);
    expect(missingParams('{{days}} days, {{days}} again', { days: '2' })).toEqual([]);
  });
});

describe('lists and times', () => {
  test('top anomalies: largest |z| first, ties by name, at most n', () => {
    const list = [anomaly('B', 3), anomaly('A', -5), anomaly('C', 3), anomaly('D', 2.5)];

    expect(topAnomalies(list, 3).map((a) => a.name)).toEqual(['A', 'B', 'C']);
  });

  test('the newest time, and a data version that is not a time', () => {
    expect(newestTime([null, '2026-11-23T00:00:00.000Z', '2026-11-24T00:00:00.000Z', undefined])).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    expect(newestTime([])).toBeNull();
    expect(dataVersionTime('none')).toBeNull();
    expect(dataVersionTime('2026-11-24T00:00:00.000Z')).toBe('2026-11-24T00:00:00.000Z');
  });
});

describe('facts on the page', () => {
  test.each([
    { unit: 'points', value: 49.06, expected: '49.1' },
    { unit: 'share', value: 0.694, expected: '69.4%' },
    { unit: 'ratio', value: 0.004, expected: '0.40%' },
    { unit: 'days', value: 12.53, expected: '12.5' },
    { unit: 'zscore', value: 3.456, expected: '3.46' },
  ] as const)('a $unit fact reads $expected', ({ unit, value, expected }) => {
    expect(formatFactValue({ unit, value })).toBe(expected);
  });

  test('breakdown rows and the scores card are page anchors; the panel’s own sections are not', () => {
    expect(isPageAnchor('breakdown-mentions7d')).toBe(true);
    expect(isPageAnchor('project-scores')).toBe(true);
    expect(isPageAnchor('analysis-risks')).toBe(false);
    expect(isPageAnchor(null)).toBe(false);
  });
});

describe('findAnomalyFact', () => {
  test("finds an anomaly's value fact in a project's, a sector's and the market's analysis", () => {
    const fact = (key: string) => ({
      key,
      value: 1,
      unit: 'count' as const,
      source: 'wikipedia',
      asOf: null,
      anchor: null,
    });
    const a = { projectId: 'zora', signal: 'pageViews' };

    expect(findAnomalyFact([fact('anomaly.pageViews.value')], a)?.key).toBe('anomaly.pageViews.value');
    expect(findAnomalyFact([fact('anomaly.zora.pageViews.value')], a)?.key).toBe('anomaly.zora.pageViews.value');
    expect(findAnomalyFact([fact('market.anomaly.zora.pageViews.value')], a)?.source).toBe('wikipedia');
    expect(findAnomalyFact([fact('market.anomaly.other.pageViews.value')], a)).toBeUndefined();
  });
});
