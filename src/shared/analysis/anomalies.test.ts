import { describe, expect, test } from 'vitest';
import { computeWindowStats, detectAnomaly } from './anomalies.ts';

const entity = { projectId: 'p', name: 'P' };
/** Daily points, oldest first, ending 2026-11-30. */
const series = (values: number[]) =>
  values.map((value, i) => ({ at: new Date(Date.UTC(2026, 10, 30 - (values.length - 1 - i))).toISOString(), value }));
// A wobbly baseline around 1000 page views a day.
const baseline = Array.from({ length: 29 }, (_, i) => 1000 + ((i * 37) % 11) * 10 - 50);

describe('anomalies (rolling z-score)', () => {
  test('a known spike is flagged, upward, with its z-score', () => {
    const anomaly = detectAnomaly(entity, 'pageViews', computeWindowStats(series([...baseline, 5000])));

    expect(anomaly).toMatchObject({ signal: 'pageViews', value: 5000, direction: 'up' });
    expect(anomaly?.zScore).toBeGreaterThan(3);
    expect(anomaly?.at).toBe('2026-11-30T00:00:00.000Z');
  });

  test('a flat series is not flagged (std 0 divides nothing)', () => {
    const stats = computeWindowStats(series(Array(30).fill(2000)));

    expect(stats?.stdDev).toBe(0);
    expect(detectAnomaly(entity, 'pageViews', stats)).toBeNull();
  });

  test('an ordinary day of a noisy series is not flagged', () => {
    expect(detectAnomaly(entity, 'pageViews', computeWindowStats(series([...baseline, 1010])))).toBeNull();
  });

  test('a spike below the signal’s minimum level is not flagged', () => {
    const small = [
      ...Array(29)
        .fill(0)
        .map((_, i) => (i % 3) + 1),
      60,
    ]; // news: 1–3 a day, then 60 would count…
    expect(detectAnomaly(entity, 'news', computeWindowStats(series(small)))).not.toBeNull();
    const tiny = [
      ...Array(29)
        .fill(0)
        .map((_, i) => (i % 2) * 10 + 10),
      400,
    ]; // … page views 10–20, then 400: below 500
    expect(detectAnomaly(entity, 'pageViews', computeWindowStats(series(tiny)))).toBeNull();
  });

  test('a crash is flagged downward', () => {
    expect(
      detectAnomaly(entity, 'heat', computeWindowStats(series([...baseline.map((v) => v / 20), 0]))),
    ).toMatchObject({
      direction: 'down',
    });
  });

  test('too few days say nothing', () => {
    expect(detectAnomaly(entity, 'pageViews', computeWindowStats(series([1000, 1000, 9000])))).toBeNull();
  });
});
