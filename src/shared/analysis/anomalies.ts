import type { Anomaly } from '../api/analysis.schema.ts';
import { ANOMALY_MIN_LEVEL, ANOMALY_MIN_POINTS, ANOMALY_Z_THRESHOLD } from './constants.ts';
import { ANCHORS, type FactBook } from './facts.ts';

/** A series' latest value and its window's statistics (the latest day included), as SQL or JS computes them. */
export type WindowStats = { value: number; mean: number; stdDev: number; count: number; at: string };

/** Mean and population standard deviation of a window of daily values (oldest first; the last is "now"). */
export function computeWindowStats(points: readonly { at: string; value: number }[]): WindowStats | null {
  const last = points.at(-1);
  if (!last) return null;
  const n = points.length;
  const mean = points.reduce((s, p) => s + p.value, 0) / n;
  const variance = points.reduce((s, p) => s + (p.value - mean) ** 2, 0) / n;
  return { value: last.value, mean, stdDev: Math.sqrt(variance), count: n, at: last.at };
}

/**
 * The anomaly of a series' latest value, or null: it needs ANOMALY_MIN_POINTS days, a spread (a flat series has
 * stdDev 0 and is never an anomaly, nothing is divided by it), |z| ≥ ANOMALY_Z_THRESHOLD, and the value or its mean
 * at the signal's minimum level (a drop counts from a level that mattered).
 */
export function detectAnomaly(
  entity: { projectId: string; name: string },
  signal: string,
  stats: WindowStats | null,
  minLevel: number = ANOMALY_MIN_LEVEL[signal] ?? 0,
): Anomaly | null {
  if (!stats || stats.count < ANOMALY_MIN_POINTS || !(stats.stdDev > 0)) return null;
  const zScore = (stats.value - stats.mean) / stats.stdDev;
  if (!Number.isFinite(zScore) || Math.abs(zScore) < ANOMALY_Z_THRESHOLD) return null;
  if (Math.max(stats.value, stats.mean) < minLevel) return null;
  return {
    ...entity,
    signal,
    value: stats.value,
    mean: stats.mean,
    stdDev: stats.stdDev,
    zScore,
    direction: zScore > 0 ? 'up' : 'down',
    at: stats.at,
  };
}

/** Largest |z| first, then by project and signal (a stable order). */
export function sortAnomalies(anomalies: Anomaly[]): Anomaly[] {
  return anomalies.sort(
    (a, b) =>
      Math.abs(b.zScore) - Math.abs(a.zScore) ||
      a.projectId.localeCompare(b.projectId) ||
      a.signal.localeCompare(b.signal),
  );
}

/** Records an anomaly's numbers as `<prefix>.<signal>.{zScore,value,mean,stdDev}` ('anomaly', 'market.anomaly.<id>'). */
export function recordAnomaly(
  facts: FactBook,
  prefix: string,
  a: Anomaly,
  origin?: { source: string; asOf: string | null },
): void {
  const key = `${prefix}.${a.signal}`;
  facts.add(`${key}.zScore`, a.zScore, 'zscore', ANCHORS.anomalies);
  facts.add(`${key}.value`, a.value, a.signal === 'heat' ? 'points' : 'count', ANCHORS.anomalies, origin);
  facts.add(`${key}.mean`, a.mean, a.signal === 'heat' ? 'points' : 'count', ANCHORS.anomalies);
  facts.add(`${key}.stdDev`, a.stdDev, a.signal === 'heat' ? 'points' : 'count', ANCHORS.anomalies);
}
