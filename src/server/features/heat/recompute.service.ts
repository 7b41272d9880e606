import {
  computeTrendingCutoff,
  DAY_MS,
  deriveStatus,
  HEAT_MODEL_VERSION,
  heatScore,
  type ProjectStatus,
  SECTOR_MODEL_VERSION,
  socialScore,
} from '../../../shared/scoring/index.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';
import { computeInputsHash, toHeatSignals, toHistoryContributions } from './heat.mappers.ts';
import {
  countProjects,
  insertProjectHistoryFromScores,
  insertSectorHistory,
  type ProjectInputsRow,
  type ProjectScoreWrite,
  rebuildProjectScores,
  selectProjectInputsPage,
  selectRunScores,
  selectRunTimeBetween,
  selectSectorNames,
  updateProjectScores,
  updateSectorHeat,
} from './heat.queries.ts';
import { computeSectorResults, type ScoredProject } from './sector-aggregate.ts';

export type RecomputePhase = 'read' | 'write' | 'sectors';
export type RecomputeOptions = {
  /** The run's time: every score, history row and age factor uses it (never the clock inside). */
  now: Date;
  /** Rows per read page and per write statement. */
  batchSize?: number;
  onProgress?: (phase: RecomputePhase, done: number, total: number) => void;
  /**
   * How changed scores are written: 'update' rewrites changed rows in place, 'rebuild' replaces project_scores with
   * a freshly loaded and indexed table. 'auto' (default) rebuilds when at least REBUILD_MIN_ROWS rows and a quarter
   * of all rows changed — where the rebuild's fixed cost undercuts per-row index maintenance.
   */
  strategy?: 'auto' | 'update' | 'rebuild';
};
export type RecomputeResult = {
  at: string;
  projects: number;
  /** Projects whose row was rewritten (heat, social score, status or inputs changed). */
  projectsChanged: number;
  sectors: number;
  historyRows: number;
  /** How project_scores was written. */
  strategy: 'update' | 'rebuild';
  /** The run 24 h back that gains and sector changes compare with; null before there are 24 h of history. */
  baselineAt: string | null;
  statuses: Record<ProjectStatus, number>;
  /** Wall-clock milliseconds per step (baseline, read, score, sectors, writeScores, insertHistory, writeSectors). */
  timingsMs: Record<string, number>;
};

/** A baseline must be at least 24 h old and at most 48 h, or a "24 h" change would silently span days. */
const BASELINE_MIN_AGE_MS = DAY_MS;
const BASELINE_MAX_AGE_MS = 2 * DAY_MS;
const DEFAULT_BATCH = 25_000;
/** Measured on PGlite: updating a row under project_scores' indexes ~45 µs; rebuilding costs ~16 µs per row. */
const REBUILD_MIN_ROWS = 20_000;
const REBUILD_MIN_SHARE = 0.25;

/**
 * Recomputes every project's heat, social score and derived status, then every sector's heat, 24 h change, trend,
 * breadth and concentration, and writes one heat_history row per project and per sector — all in one transaction,
 * so readers see either the previous run or this one. Pure scoring runs in JS; writes are one statement per batch.
 * Deterministic: the same rows and `now` give the same scores. Throws on database errors (nothing is written then).
 */
export async function recomputeHeat(db: Db, options: RecomputeOptions): Promise<RecomputeResult> {
  const { now } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  const progress = options.onProgress ?? (() => {});
  // Wall-clock milliseconds per step, for the bench and the sync log (never used for scoring).
  const timingsMs: Record<string, number> = {};
  let lapStart = performance.now();
  const lap = (step: string) => {
    const at = performance.now();
    timingsMs[step] = Math.round((timingsMs[step] ?? 0) + at - lapStart);
    lapStart = at;
  };

  const baselineAt = await selectRunTimeBetween(
    db,
    'project',
    new Date(now.getTime() - BASELINE_MAX_AGE_MS),
    new Date(now.getTime() - BASELINE_MIN_AGE_MS),
  );
  const previous = new Map<string, number>();
  if (baselineAt) {
    for (const row of await selectRunScores(db, 'project', baselineAt)) {
      previous.set(row.entityId, row.signalScore ?? row.score);
    }
  }

  const total = await countProjects(db);
  lap('baseline');

  // 1. Read and score every project (status-free first: the gain must not include the status bonus). Only small
  // summaries are kept: 100,000 retained breakdowns would cost more in garbage collection than the scoring itself.
  const scored: ScoredProject[] = [];
  const rows: ProjectInputsRow[] = [];
  let afterId = '';
  for (;;) {
    const page = await selectProjectInputsPage(db, afterId, batchSize);
    lap('read');
    if (page.length === 0) break;
    for (const row of page) {
      const heat = heatScore(toHeatSignals(row, 'active'), now);
      const prev = previous.get(row[0]);
      rows.push(row);
      scored.push({
        id: row[0],
        category: row[1],
        score: heat.score,
        noData: heat.noData,
        contributions: toHistoryContributions(heat.breakdown),
        social: socialScore({
          twitterFollowers: row[2],
          mentions7d: row[3],
          engagementAvg: row[4],
          verified: row[20],
        }).score,
        signal: heat.score, // active adds no bonus: this is clamp(base × age factor)
        gain: prev === undefined ? null : heat.score - prev,
      });
    }
    afterId = page[page.length - 1]?.[0] ?? afterId;
    lap('score');
    progress('read', scored.length, total);
  }

  // 2. Derive statuses against the universe, then rescore the projects whose status carries a bonus. A row counts as
  // changed when its outputs, model or inputs differ from what the last run stored.
  const cutoff = computeTrendingCutoff(scored.map((s) => s.gain));
  const statuses: Record<ProjectStatus, number> = { trending: 0, rising: 0, new: 0, active: 0 };
  const writes: ProjectScoreWrite[] = [];
  const changed: ProjectScoreWrite[] = [];
  for (let i = 0; i < scored.length; i++) {
    const s = scored[i] as ScoredProject;
    const row = rows[i] as ProjectInputsRow;
    const signals = toHeatSignals(row, 'active');
    const status = deriveStatus({ gain24h: s.gain, listedAt: signals.listedAt }, cutoff, now);
    statuses[status]++;
    signals.status = status;
    if (status !== 'active' && !s.noData) {
      const heat = heatScore(signals, now);
      s.score = heat.score;
      s.contributions = toHistoryContributions(heat.breakdown);
    }
    const write: ProjectScoreWrite = {
      id: s.id,
      category: s.category,
      heat: s.score,
      social: s.social,
      signal: s.signal,
      status,
      contributions: s.contributions,
      hash: computeInputsHash(signals),
    };
    writes.push(write);
    const unchanged =
      row[21] === write.heat &&
      row[22] === write.social &&
      row[23] === status &&
      row[24] === HEAT_MODEL_VERSION &&
      row[25] === write.hash;
    if (!unchanged) changed.push(write);
  }
  rows.length = 0;
  const strategy = chooseStrategy(options.strategy ?? 'auto', changed.length, writes.length);
  lap('score');

  // 3. Sectors: membership by category name.
  const sectorRows = await selectSectorNames(db);
  const sectorBaselineAt = await selectRunTimeBetween(
    db,
    'sector',
    new Date(now.getTime() - BASELINE_MAX_AGE_MS),
    new Date(now.getTime() - BASELINE_MIN_AGE_MS),
  );
  const previousSector = new Map<string, number>();
  if (sectorBaselineAt) {
    for (const row of await selectRunScores(db, 'sector', sectorBaselineAt))
      previousSector.set(row.entityId, row.score);
  }
  const { updates: sectorUpdates, history: sectorHistory } = computeSectorResults(sectorRows, scored, previousSector);

  lap('sectors');
  let historyRows = 0;
  // 4. One transaction: project scores, project history, sectors, sector history, sector membership facts.
  await withTransaction(db, async (tx) => {
    const steps = (strategy === 'rebuild' ? 1 : changed.length) + scored.length;
    if (strategy === 'rebuild') {
      await rebuildProjectScores(tx, writes, HEAT_MODEL_VERSION, now);
      progress('write', 1, steps);
    } else {
      for (let start = 0; start < changed.length; start += batchSize) {
        await updateProjectScores(tx, changed.slice(start, start + batchSize), HEAT_MODEL_VERSION, now);
        progress('write', Math.min(start + batchSize, changed.length), steps);
      }
    }
    lap('writeScores');
    historyRows = await insertProjectHistoryFromScores(tx, HEAT_MODEL_VERSION, now);
    lap('insertHistory');
    progress('write', steps, steps);
    await updateSectorHeat(tx, sectorUpdates, SECTOR_MODEL_VERSION, now);
    await insertSectorHistory(tx, sectorHistory, SECTOR_MODEL_VERSION, now);
    await refreshSectorAggregates(tx);
    progress('sectors', sectorRows.length, sectorRows.length);
  });
  lap('writeSectors');

  return {
    at: now.toISOString(),
    projects: scored.length,
    projectsChanged: changed.length,
    sectors: sectorRows.length,
    historyRows: historyRows + sectorRows.length,
    strategy,
    baselineAt: baselineAt?.toISOString() ?? null,
    statuses,
    timingsMs,
  };
}

function chooseStrategy(
  requested: 'auto' | 'update' | 'rebuild',
  changed: number,
  total: number,
): 'update' | 'rebuild' {
  if (requested !== 'auto') return requested;
  return changed >= REBUILD_MIN_ROWS && changed >= total * REBUILD_MIN_SHARE ? 'rebuild' : 'update';
}
