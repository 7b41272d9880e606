import { type HeatScoringModel, type ProjectStatus, SECTOR_MODEL_VERSION } from '../../../shared/scoring/index.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { BULK_INSERT_ROWS_PER_COPY } from '../../db/bulk-insert.ts';
import { lockCatalogueWrites } from '../../db/catalogue-lock.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { getScoringModel } from '../methodology/models.service.ts';
import { takeSectorAggregateMarks, updateSectorAggregates, updateSectorLeaders } from '../sectors/sectors.service.ts';
import {
  countProjects,
  insertHeatRun,
  insertProjectHistoryFromScores,
  insertSectorHistory,
  markScoringTransaction,
  type ProjectScoreWrite,
  rebuildProjectScores,
  selectProjectInputsPage,
  selectRunScores,
  selectRunTimeBetween,
  selectSectorNames,
  updateProjectScores,
  updateSectorHeat,
} from './heat.queries.ts';
import { selectProjectSetFingerprint, selectRecomputeState, writeRecomputeState } from './incremental.queries.ts';
import { type IncrementalPlan, planIncremental, type RunOutputs, scoreIncremental } from './incremental-recompute.ts';
import type { KeptOutputs } from './kept-outputs.ts';
import { scoreStatusFree } from './project-scoring.ts';
import { RunColumns } from './run-columns.ts';
import { computeSectorResultsOf, type SectorMembers } from './sector-aggregate.ts';

export type RecomputePhase = 'read' | 'write' | 'sectors';
export type RecomputeOptions = {
  /** The run's time: every score, history row and age factor uses it (never the clock inside). */
  now: Date;
  /** Rows per read page and per write statement. */
  batchSize?: number;
  /** Awaited after each read page (before anything is written), so a caller may pause the run there. */
  onProgress?: (phase: RecomputePhase, done: number, total: number) => void | Promise<void>;
  /**
   * How changed scores are written: 'update' rewrites changed rows in place, 'rebuild' replaces project_scores with
   * a freshly loaded and indexed table. 'auto' (default) rebuilds when at least REBUILD_MIN_ROWS rows and a quarter
   * of all rows changed — where the rebuild's fixed cost undercuts per-row index maintenance.
   */
  strategy?: 'auto' | 'update' | 'rebuild';
  /**
   * Which projects are scored: 'auto' (default) re-scores only those whose score can have moved since the last run
   * (incremental-recompute.ts) and falls back to every project when that is not safe; 'full' scores every project.
   * Both give the same rows.
   */
  scope?: 'auto' | 'full';
};
export type RecomputeResult = {
  at: string;
  /** 'incremental': only projects whose score could have moved were scored; 'full': every project. */
  scope: 'incremental' | 'full';
  projects: number;
  /** Projects whose row was rewritten (heat, social score, status or inputs changed). */
  projectsChanged: number;
  /** Projects scored from their inputs in this run (every project in a full run). */
  projectsRescored: number;
  /**
   * project_scores rows an incremental run's plan read (0 for a full run): every row, or only those to re-score when
   * this process kept the last run's outputs and no project was added, removed or moved since.
   */
  planRowsRead: number;
  /** project_scores rows written, including those where only the gain, re-score time or inputs version moved. */
  rowsWritten: number;
  sectors: number;
  historyRows: number;
  /** How project_scores was written. */
  strategy: 'update' | 'rebuild';
  /** The run 24 h back that gains and sector changes compare with; null before there are 24 h of history. */
  baselineAt: string | null;
  /** Scored projects by derived status (unscored projects have no status). */
  statuses: Record<ProjectStatus, number>;
  /** Projects with enough evidence for a heat score (docs/heat-score.md, "Minimum evidence"), and those without. */
  scored: number;
  unscored: number;
  /** Wall-clock milliseconds per step (plan, baseline, read, score, sectors, writeScores, insertHistory, writeSectors). */
  timingsMs: Record<string, number>;
};

/** A baseline must be at least 24 h old and at most 48 h, or a "24 h" change would silently span days. */
const BASELINE_MIN_AGE_MS = DAY_MS;
const BASELINE_MAX_AGE_MS = 2 * DAY_MS;
const DEFAULT_BATCH = 25_000;
/** Measured on PGlite: updating a row under project_scores' indexes ~45 µs; rebuilding costs ~16 µs per row. */
const REBUILD_MIN_ROWS = 20_000;
const REBUILD_MIN_SHARE = 0.25;

/** What the steps share: the run's time and model, page size, progress callback and the step timer. */
type RunContext = {
  now: Date;
  /** The registry's current model version, read once at the start of the run: every row is scored with it. */
  model: HeatScoringModel;
  batchSize: number;
  progress: (phase: RecomputePhase, done: number, total: number) => void | Promise<void>;
  lap: (step: string) => void;
};

/**
 * Recomputes every project's heat, social score and derived status, then every sector's heat, 24 h change, trend,
 * breadth and concentration, and writes one heat_history row per project and per sector — all in one transaction,
 * so readers see either the previous run or this one. Pure scoring runs in JS; writes are one statement per batch.
 * Deterministic: the same rows, `now` and model give the same scores. The model is the registry's current version
 * (methodology/models.service.ts getScoringModel: the code's own until an admin promotes another), and every score
 * and history row records it. Throws on database errors (nothing is written then).
 * A scheduled run usually scores only the projects whose inputs, time factors or baseline moved (scope 'auto'), with
 * the same result as scoring all of them. Steps: plan → read and score → derive statuses → score sectors → write.
 */
export async function recomputeHeat(db: Db, options: RecomputeOptions): Promise<RecomputeResult> {
  try {
    return await recomputeOnce(db, options);
  } catch (error) {
    // Another run committed between this run's plan and its write: what it took as stored is not anymore.
    if (error instanceof StalePlanError) return recomputeOnce(db, { ...options, scope: 'full' });
    throw error;
  }
}

/** Raised inside the write transaction when the last committed run is not the one the incremental plan read. */
class StalePlanError extends Error {}

/**
 * Per database handle, the outputs of the last run this process committed: the next run's plan reads only each
 * row's versions instead of every output (incremental-recompute.ts RunOutputs; 11 MB of columns at 100k projects,
 * kept-outputs.ts). A run by another process makes it unusable and a failed run removes it; it is never a source of
 * truth, only a copy checked against heat_recompute_state.
 */
const lastOutputs = new WeakMap<Db, RunOutputs>();

async function recomputeOnce(db: Db, options: RecomputeOptions): Promise<RecomputeResult> {
  // Wall-clock milliseconds per step, for the bench and the sync log (never used for scoring).
  const timingsMs: Record<string, number> = {};
  let lapStart = performance.now();
  const run: RunContext = {
    now: options.now,
    model: await getScoringModel(db, options.now, { ensure: true }),
    batchSize: options.batchSize ?? DEFAULT_BATCH,
    progress: options.onProgress ?? (() => {}),
    lap: (step) => {
      const at = performance.now();
      timingsMs[step] = Math.round((timingsMs[step] ?? 0) + at - lapStart);
      lapStart = at;
    },
  };

  const scope = options.scope ?? 'auto';
  const requested = options.strategy ?? 'auto';
  const known = lastOutputs.get(db) ?? null;
  lastOutputs.delete(db); // set again only once this run has committed
  // Read before any row: a change after it shows in the next run's fingerprint (the run keeps outputs under it).
  const projectSet = await selectProjectSetFingerprint(db);
  // A rebuild writes every row, so it needs every project's fresh row: a full run.
  const plan =
    scope === 'full' || requested === 'rebuild'
      ? null
      : await planIncremental(db, run.now, run.model.version, known, projectSet);
  run.lap('plan');
  const scored = plan ? await scoreChanged(db, plan, run) : await scoreEverything(db, run);
  const strategy = plan ? 'update' : chooseStrategy(requested, scored.changed, scored.projects);
  run.lap('score');
  const sectors = await scoreSectors(db, scored, run);
  const { historyRows, writtenBy } = await writeRun(
    db,
    { strategy, scored, sectors, previousRunAt: plan?.previousRunAt ?? null, baselineAt: scored.baselineAt },
    run,
  );
  const kept = scored.keep();
  if (kept) lastOutputs.set(db, { writtenBy, model: run.model.version, kept, projectSet });

  return {
    at: run.now.toISOString(),
    scope: plan ? 'incremental' : 'full',
    projects: scored.projects,
    projectsChanged: scored.rescored,
    projectsRescored: scored.rescoredFromInputs,
    planRowsRead: plan?.rowsRead ?? 0,
    rowsWritten: strategy === 'rebuild' ? scored.projects : scored.changed,
    sectors: sectors.rows.length,
    historyRows: historyRows + sectors.history.length,
    strategy,
    baselineAt: scored.baselineAt?.toISOString() ?? null,
    statuses: scored.statuses,
    scored: scored.scoredCount,
    unscored: scored.projects - scored.scoredCount,
    timingsMs,
  };
}

/** A run's scored projects as the sector step and the write take them, whichever way they were scored. */
type ScoredRun = {
  baselineAt: Date | null;
  projects: number;
  /** Projects scored from their inputs in this run. */
  rescoredFromInputs: number;
  /** Rows that differ from what is stored, and of those the rows whose outputs changed. */
  changed: number;
  rescored: number;
  statuses: Record<ProjectStatus, number>;
  scoredCount: number;
  /** Fresh rows in pages of at most `size`, in id order: every project's (full runs only) or those that differ. */
  pages: (which: 'all' | 'changed', size: number) => Iterable<ProjectScoreWrite[]>;
  /** A sector's scored members by its name, in id order. */
  membersOf: (name: string) => SectorMembers;
  /** Every project's outputs as the run stores them, for the next run (after the run committed). */
  keep: () => KeptOutputs | null;
};

/** Every project read and scored (project-scoring.ts), then every status derived (run-columns.ts). */
async function scoreEverything(db: Db, run: RunContext): Promise<ScoredRun> {
  const { baselineAt, columns } = await readAndScoreProjects(db, run);
  const { statuses, scoredCount } = columns.applyCutoff(run.now);
  return {
    baselineAt,
    projects: columns.length,
    rescoredFromInputs: columns.length,
    ...columns.countDifferences(),
    statuses,
    scoredCount,
    pages: (which, size) => columns.pages(which, size),
    membersOf: (name) => columns.membersOf(name),
    keep: () => columns.keptOutputs(),
  };
}

/** Only the plan's dirty projects (and those a moved cutoff flips) scored; the rest taken from their stored rows. */
async function scoreChanged(db: Db, plan: IncrementalPlan, run: RunContext): Promise<ScoredRun> {
  run.lap('read');
  const { outputs, derived, rescoredFromInputs } = await scoreIncremental(db, plan, run.now, run.batchSize, run.model);
  await run.progress('read', outputs.size, outputs.size);
  return {
    baselineAt: plan.baselineAt,
    projects: outputs.size,
    rescoredFromInputs,
    changed: derived.toWrite.length,
    rescored: derived.rescored,
    statuses: derived.statuses,
    scoredCount: derived.scoredCount,
    pages: (which, size) => slices(which === 'all' ? derived.writes : derived.toWrite, size),
    membersOf: (name) => outputs.membersOf(name),
    keep: () => outputs,
  };
}

function* slices<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/** The newest run of `entityType` that is 24–48 h old, as a baseline: its score per entity. */
async function readBaseline(db: Db, entityType: 'project' | 'sector', now: Date) {
  const at = await selectRunTimeBetween(
    db,
    entityType,
    new Date(now.getTime() - BASELINE_MAX_AGE_MS),
    new Date(now.getTime() - BASELINE_MIN_AGE_MS),
  );
  const scores = new Map<string, number>();
  if (at) {
    for (const row of await selectRunScores(db, entityType, at)) {
      scores.set(row.entityId, entityType === 'project' ? (row.signalScore ?? row.score) : row.score);
    }
  }
  return { at, scores };
}

/**
 * Step 1 (full), read and score: every project page by page, scored status-free (project-scoring.ts) and finished
 * under the status it has unless the trending cutoff says otherwise (run-columns.ts). Only typed arrays are kept:
 * 100,000 retained inputs, summaries and breakdowns would cost ~100 MB of heap and more in garbage collection than
 * the scoring itself.
 */
async function readAndScoreProjects(db: Db, run: RunContext) {
  const baseline = await readBaseline(db, 'project', run.now);
  const total = await countProjects(db);
  run.lap('baseline');
  const columns = new RunColumns(total);
  let afterId = '';
  for (;;) {
    const page = await selectProjectInputsPage(db, afterId, run.batchSize);
    run.lap('read');
    if (page.length === 0) break;
    for (const row of page) {
      columns.push(row, scoreStatusFree(row, baseline.scores.get(row.id), run.now, run.model), run.now, run.model);
    }
    afterId = page[page.length - 1]?.id ?? afterId;
    run.lap('score');
    await run.progress('read', columns.length, total);
  }
  return { baselineAt: baseline.at, columns };
}

/** Step 2, sectors: membership by category name, compared with the sector baseline. */
async function scoreSectors(db: Db, scored: ScoredRun, run: RunContext) {
  const rows = await selectSectorNames(db);
  const baseline = await readBaseline(db, 'sector', run.now);
  const results = computeSectorResultsOf(rows, scored.membersOf, baseline.scores);
  run.lap('sectors');
  return { rows, ...results };
}

type RunWrites = {
  strategy: 'update' | 'rebuild';
  scored: ScoredRun;
  sectors: Awaited<ReturnType<typeof scoreSectors>>;
  /** The last run an incremental plan built on (null for a full run, which builds on nothing stored). */
  previousRunAt: Date | null;
  baselineAt: Date | null;
};

/**
 * Step 3, write, in one transaction: project scores (rows that differ in place, or the table rebuilt), project
 * history, sectors, sector history, sector membership facts. Returns the project history rows written and the
 * version of the recompute state it wrote.
 */
async function writeRun(db: Db, w: RunWrites, run: RunContext): Promise<{ historyRows: number; writtenBy: string }> {
  const { now, batchSize, progress } = run;
  const version = run.model.version;
  const { scored } = w;
  const written = await withTransaction(db, async (tx) => {
    await lockCatalogueWrites(tx); // first: admin edits and recounts lock the same tables in other orders
    await markScoringTransaction(tx);
    const last = await selectRecomputeState(tx, { forUpdate: true });
    if (w.previousRunAt && last?.lastRunAt.getTime() !== w.previousRunAt.getTime()) throw new StalePlanError();
    const steps = (w.strategy === 'rebuild' ? 1 : scored.changed) + scored.projects;
    // The rows this run rewrites: only their history can have moved (a rebuild rewrites them all).
    let candidates: string[] | 'all' = 'all';
    if (w.strategy === 'rebuild') {
      // Built a COPY slice at a time from the run's typed arrays: never every row as objects at once.
      await rebuildProjectScores(tx, scored.pages('all', BULK_INSERT_ROWS_PER_COPY), version, now);
      progress('write', 1, steps);
    } else {
      candidates = [];
      let done = 0;
      for (const page of scored.pages('changed', batchSize)) {
        await updateProjectScores(tx, page, version, now);
        for (const row of page) candidates.push(row.id);
        done += page.length;
        progress('write', done, steps);
      }
    }
    run.lap('writeScores');
    // A run that stores no row at all is no run to the readers (as when every run wrote a row per project).
    const stores = scored.scoredCount > 0 || w.sectors.history.length > 0;
    const { firstOfHour } = await insertHeatRun(tx, now, { projects: scored.scoredCount > 0, list: stores });
    const projectHistoryRows = await insertProjectHistoryFromScores(tx, version, now, { candidates, firstOfHour });
    run.lap('insertHistory');
    progress('write', steps, steps);
    await updateSectorHeat(tx, w.sectors.updates, SECTOR_MODEL_VERSION, now);
    await insertSectorHistory(tx, w.sectors.history, SECTOR_MODEL_VERSION, now);
    // Membership facts read every project's sources: recounted only when a projects statement may have moved them.
    if (await takeSectorAggregateMarks(tx)) await updateSectorAggregates(tx);
    else await updateSectorLeaders(tx);
    const writtenBy = await writeRecomputeState(tx, { lastRunAt: now, baselineAt: w.baselineAt, model: version });
    progress('sectors', w.sectors.rows.length, w.sectors.rows.length);
    return { historyRows: projectHistoryRows, writtenBy };
  });
  run.lap('writeSectors');
  return written;
}

function chooseStrategy(
  requested: 'auto' | 'update' | 'rebuild',
  changed: number,
  total: number,
): 'update' | 'rebuild' {
  if (requested !== 'auto') return requested;
  return changed >= REBUILD_MIN_ROWS && changed >= total * REBUILD_MIN_SHARE ? 'rebuild' : 'update';
}
