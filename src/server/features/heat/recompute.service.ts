import {
  computeTrendingCutoff,
  countEvidence,
  DAY_MS,
  deriveStatus,
  HEAT_MODEL_VERSION,
  heatScore,
  isScored,
  type ProjectStatus,
  SECTOR_MODEL_VERSION,
  socialScore,
} from '../../../shared/scoring/index.ts';
import { lockCatalogueWrites } from '../../db/catalogue-lock.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';
import { computeInputsHash, toHeatSignals, toHistoryContributions } from './heat.mappers.ts';
import {
  countProjects,
  insertProjectHistoryFromScores,
  insertSectorHistory,
  type ProjectInputs,
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
  /** Scored projects by derived status (unscored projects have no status). */
  statuses: Record<ProjectStatus, number>;
  /** Projects with enough evidence for a heat score (docs/heat-score.md, "Minimum evidence"), and those without. */
  scored: number;
  unscored: number;
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

/** What the steps share: the run's time, page size, progress callback and the step timer. */
type RunContext = {
  now: Date;
  batchSize: number;
  progress: (phase: RecomputePhase, done: number, total: number) => void;
  lap: (step: string) => void;
};

/**
 * Recomputes every project's heat, social score and derived status, then every sector's heat, 24 h change, trend,
 * breadth and concentration, and writes one heat_history row per project and per sector — all in one transaction,
 * so readers see either the previous run or this one. Pure scoring runs in JS; writes are one statement per batch.
 * Deterministic: the same rows and `now` give the same scores. Throws on database errors (nothing is written then).
 * Steps: read and score → derive statuses → score sectors → write.
 */
export async function recomputeHeat(db: Db, options: RecomputeOptions): Promise<RecomputeResult> {
  // Wall-clock milliseconds per step, for the bench and the sync log (never used for scoring).
  const timingsMs: Record<string, number> = {};
  let lapStart = performance.now();
  const run: RunContext = {
    now: options.now,
    batchSize: options.batchSize ?? DEFAULT_BATCH,
    progress: options.onProgress ?? (() => {}),
    lap: (step) => {
      const at = performance.now();
      timingsMs[step] = Math.round((timingsMs[step] ?? 0) + at - lapStart);
      lapStart = at;
    },
  };

  const { baselineAt, scored, inputs } = await readAndScoreProjects(db, run);
  const { writes, changed, statuses, scoredCount } = deriveStatuses(scored, inputs, run.now);
  inputs.length = 0;
  const strategy = chooseStrategy(options.strategy ?? 'auto', changed.length, writes.length);
  run.lap('score');
  const sectors = await scoreSectors(db, scored, run);
  const historyRows = await writeRun(db, { strategy, writes, changed, projects: scored.length, sectors }, run);

  return {
    at: run.now.toISOString(),
    projects: scored.length,
    projectsChanged: changed.length,
    sectors: sectors.rows.length,
    historyRows: historyRows + sectors.history.length,
    strategy,
    baselineAt: baselineAt?.toISOString() ?? null,
    statuses,
    scored: scoredCount,
    unscored: scored.length - scoredCount,
    timingsMs,
  };
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
 * Step 1, read and score: every project page by page, scored status-free (the gain must not include the status
 * bonus). Only small summaries are kept: 100,000 retained breakdowns would cost more in garbage collection than the
 * scoring itself. `inputs[i]` is the row `scored[i]` came from. A project below the minimum evidence rule is not
 * scored at all: no heat, no signal heat, no gain (it is outside the trending universe and every sector aggregate).
 */
async function readAndScoreProjects(db: Db, run: RunContext) {
  const baseline = await readBaseline(db, 'project', run.now);
  const total = await countProjects(db);
  run.lap('baseline');
  const scored: ScoredProject[] = [];
  const inputs: ProjectInputs[] = [];
  let afterId = '';
  for (;;) {
    const page = await selectProjectInputsPage(db, afterId, run.batchSize);
    run.lap('read');
    if (page.length === 0) break;
    for (const row of page) {
      const signals = toHeatSignals(row, 'active');
      const evidence = countEvidence(signals);
      const social = socialScore({
        twitterFollowers: row.followersTwitter,
        mentions7d: row.mentions7d,
        engagementAvg: row.engagementAvg,
        verified: row.isVerified,
      }).score;
      inputs.push(row);
      if (!isScored(evidence)) {
        scored.push({ ...UNSCORED, id: row.id, category: row.category, evidence, social });
        continue;
      }
      const heat = heatScore(signals, run.now);
      const prev = baseline.scores.get(row.id);
      scored.push({
        id: row.id,
        category: row.category,
        score: heat.score,
        evidence,
        contributions: toHistoryContributions(heat.breakdown),
        social,
        signal: heat.score, // active adds no bonus: this is clamp(base × age factor)
        gain: prev === undefined ? null : heat.score - prev,
      });
    }
    afterId = page[page.length - 1]?.id ?? afterId;
    run.lap('score');
    run.progress('read', scored.length, total);
  }
  return { baselineAt: baseline.at, scored, inputs };
}

/** The outputs of a project below the minimum evidence rule: nothing to rank, nothing to compare. */
const UNSCORED = { score: null, contributions: null, signal: null, gain: null } as const;

/**
 * Step 2, derive: statuses against the universe of scored projects (unscored ones have no gain, so they neither are
 * nor shift the trending cutoff, and get no status), then a rescore of the projects whose status carries a bonus.
 * A row counts as changed when its outputs, evidence, model or inputs differ from what the last run stored.
 */
function deriveStatuses(scored: ScoredProject[], inputs: ProjectInputs[], now: Date) {
  const cutoff = computeTrendingCutoff(scored.map((s) => s.gain));
  const statuses: Record<ProjectStatus, number> = { trending: 0, rising: 0, new: 0, active: 0 };
  const writes: ProjectScoreWrite[] = [];
  const changed: ProjectScoreWrite[] = [];
  let scoredCount = 0;
  for (let i = 0; i < scored.length; i++) {
    const s = scored[i] as ScoredProject;
    const row = inputs[i] as ProjectInputs;
    const signals = toHeatSignals(row, 'active');
    let status: ProjectStatus | null = null;
    if (s.score !== null) {
      scoredCount++;
      status = deriveStatus({ gain24h: s.gain, listedAt: signals.listedAt }, cutoff, now);
      statuses[status]++;
      signals.status = status;
      if (status !== 'active') {
        const heat = heatScore(signals, now);
        s.score = heat.score;
        s.contributions = toHistoryContributions(heat.breakdown);
      }
    }
    const write: ProjectScoreWrite = {
      id: s.id,
      category: s.category,
      heat: s.score,
      social: s.social,
      signal: s.signal,
      status,
      evidence: s.evidence,
      contributions: s.contributions,
      hash: computeInputsHash(signals),
    };
    writes.push(write);
    const unchanged =
      row.storedHeat === write.heat &&
      row.storedSocial === write.social &&
      row.storedStatus === status &&
      row.storedEvidence === write.evidence &&
      row.storedModel === HEAT_MODEL_VERSION &&
      row.storedHash === write.hash;
    if (!unchanged) changed.push(write);
  }
  return { writes, changed, statuses, scoredCount };
}

/** Step 3, sectors: membership by category name, compared with the sector baseline. */
async function scoreSectors(db: Db, scored: ScoredProject[], run: RunContext) {
  const rows = await selectSectorNames(db);
  const baseline = await readBaseline(db, 'sector', run.now);
  const results = computeSectorResults(rows, scored, baseline.scores);
  run.lap('sectors');
  return { rows, ...results };
}

type RunWrites = {
  strategy: 'update' | 'rebuild';
  writes: ProjectScoreWrite[];
  changed: ProjectScoreWrite[];
  projects: number;
  sectors: Awaited<ReturnType<typeof scoreSectors>>;
};

/**
 * Step 4, write, in one transaction: project scores (changed rows in place, or the table rebuilt), project history,
 * sectors, sector history, sector membership facts. Returns the project history rows written.
 */
async function writeRun(db: Db, w: RunWrites, run: RunContext): Promise<number> {
  const { now, batchSize, progress } = run;
  const historyRows = await withTransaction(db, async (tx) => {
    await lockCatalogueWrites(tx); // first: admin edits and recounts lock the same tables in other orders
    const steps = (w.strategy === 'rebuild' ? 1 : w.changed.length) + w.projects;
    if (w.strategy === 'rebuild') {
      await rebuildProjectScores(tx, w.writes, HEAT_MODEL_VERSION, now);
      progress('write', 1, steps);
    } else {
      for (let start = 0; start < w.changed.length; start += batchSize) {
        await updateProjectScores(tx, w.changed.slice(start, start + batchSize), HEAT_MODEL_VERSION, now);
        progress('write', Math.min(start + batchSize, w.changed.length), steps);
      }
    }
    run.lap('writeScores');
    const written = await insertProjectHistoryFromScores(tx, HEAT_MODEL_VERSION, now);
    run.lap('insertHistory');
    progress('write', steps, steps);
    await updateSectorHeat(tx, w.sectors.updates, SECTOR_MODEL_VERSION, now);
    await insertSectorHistory(tx, w.sectors.history, SECTOR_MODEL_VERSION, now);
    await refreshSectorAggregates(tx);
    progress('sectors', w.sectors.rows.length, w.sectors.rows.length);
    return written;
  });
  run.lap('writeSectors');
  return historyRows;
}

function chooseStrategy(
  requested: 'auto' | 'update' | 'rebuild',
  changed: number,
  total: number,
): 'update' | 'rebuild' {
  if (requested !== 'auto') return requested;
  return changed >= REBUILD_MIN_ROWS && changed >= total * REBUILD_MIN_SHARE ? 'rebuild' : 'update';
}
