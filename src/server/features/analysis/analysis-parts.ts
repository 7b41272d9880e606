import { detectAnomaly, sortAnomalies } from '../../../shared/analysis/anomalies.ts';
import { ANOMALY_MAX_AGE_DAYS, ANOMALY_WINDOW_DAYS, ATTENTION_SIGNALS } from '../../../shared/analysis/constants.ts';
import { computeMover } from '../../../shared/analysis/movers.ts';
import { computeRotation } from '../../../shared/analysis/rotation.ts';
import type { Anomaly, Mover } from '../../../shared/api/analysis.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { fromHistoryContributions } from '../heat/heat.service.ts';
import {
  type MoverRow,
  type RunRef,
  type StatsRow,
  selectHeatWindowStats,
  selectNames,
  selectRunAtOrBefore,
  selectRunSectorScores,
  selectSignalWindowStats,
} from './analysis.queries.ts';

// Pieces the project, sector and market analyses share.

/** The data an analysis was computed from: the last heat run's time, or none before the first run. */
export type DataVersion = { dataVersion: string; atMs: number | null };

/** The time an analysis judges ages by: the data version's, so a cached answer never depends on when it was asked. */
export const referenceTime = (v: DataVersion) => new Date(v.atMs ?? Date.now());

/** A history mover row → a mover (contributions decoded from the compact history arrays). */
export function toRunMover(row: MoverRow, window: Mover['window'], since: RunRef): Mover {
  return computeMover(
    { projectId: row.id, name: row.name },
    window,
    { score: row.now_score, contributions: fromHistoryContributions(row.now_c ?? []) },
    {
      at: new Date(since.atMs).toISOString(),
      score: row.before_score,
      contributions: fromHistoryContributions(row.before_c ?? []),
    },
  );
}

/** The latest run and the runs at least 24 h and 7 d before it (null without history). */
export async function selectRuns(db: Db) {
  const latest = await selectRunAtOrBefore(db);
  if (!latest) return null;
  const [day, week] = await Promise.all([
    selectRunAtOrBefore(db, new Date(latest.atMs - DAY_MS)),
    selectRunAtOrBefore(db, new Date(latest.atMs - 7 * DAY_MS)),
  ]);
  return { latest, day, week };
}

/** Sector rotation between the latest run and the run 7 days before it (empty without both). */
export async function computeRunRotation(db: Db, runs: Awaited<ReturnType<typeof selectRuns>>) {
  if (!runs?.week) return [];
  const [now, before] = await Promise.all([
    selectRunSectorScores(db, runs.latest),
    selectRunSectorScores(db, runs.week),
  ]);
  const shape = (r: { sector_id: string; name: string; score: number }) => ({
    sectorId: r.sector_id,
    name: r.name,
    score: r.score,
  });
  return computeRotation(now.map(shape), before.map(shape));
}

/**
 * Anomalies of heat and the attention signals among `ids` (30-day windows computed in SQL), largest |z| first; a
 * series whose latest day is more than ANOMALY_MAX_AGE_DAYS before `ref` is left out (it is not news any more).
 */
export async function findAnomalies(
  db: Db,
  ids: readonly string[],
  ref: Date,
  names?: Map<string, string>,
): Promise<{ anomaly: Anomaly; source: string }[]> {
  const since = new Date(ref.getTime() - (ANOMALY_WINDOW_DAYS - 1) * DAY_MS);
  since.setUTCHours(0, 0, 0, 0);
  const [heat, signals, known] = await Promise.all([
    selectHeatWindowStats(db, 'project', ids, since),
    selectSignalWindowStats(db, ids, ATTENTION_SIGNALS, since),
    names ? Promise.resolve(names) : selectNames(db, ids),
  ]);
  const oldest = ref.getTime() - ANOMALY_MAX_AGE_DAYS * DAY_MS;
  const out: { anomaly: Anomaly; source: string }[] = [];
  for (const row of [...heat, ...signals] as StatsRow[]) {
    if (row.at_ms < oldest) continue;
    const stats = {
      value: row.value,
      mean: row.mean,
      stdDev: row.sd ?? 0,
      count: row.n,
      at: new Date(row.at_ms).toISOString(),
    };
    const anomaly = detectAnomaly({ projectId: row.id, name: known.get(row.id) ?? row.id }, row.signal, stats);
    if (anomaly) out.push({ anomaly, source: row.source });
  }
  const order = sortAnomalies(out.map((o) => o.anomaly));
  return order.map((a) => out.find((o) => o.anomaly === a) as { anomaly: Anomaly; source: string });
}
