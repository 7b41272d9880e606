import {
  CODE_SCORING_MODEL,
  computeTrendingCutoff,
  deriveStatus,
  type HeatScoringModel,
  hasValue,
  type ProjectStatus,
  RISING_MIN_GAIN,
} from '../../../shared/scoring/index.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { type ProjectInputs, selectProjectInputsOf, selectRunTimeBetween } from './heat.queries.ts';
import {
  type StoredScoreRow,
  selectBaselineMoved,
  selectBaselineScoresOf,
  selectRecomputeState,
  selectRowsToRescore,
  selectScoreVersions,
  selectStoredScores,
  storedContributions,
} from './incremental.queries.ts';
import { KeptOutputs, type StoredOutputs } from './kept-outputs.ts';
import {
  type DerivedRun,
  emptyDerived,
  finishProject,
  listedAt,
  recordStatus,
  recordWrite,
  scoreStatusFree,
} from './project-scoring.ts';
import type { ScoredProject } from './sector-aggregate.ts';

// The scheduled recompute's fast path: re-score only the projects whose score can have moved since the last run, and
// take every other project's outputs from its stored row. It gives the same rows as a full recompute (the tests
// compare both); when it cannot know that, it answers null and the caller runs the full recompute.

/** Above this share of dirty rows, reading every project's inputs in one pass is cheaper than by id. */
const MAX_DIRTY_SHARE = 0.25;

/** A baseline must be at least 24 h old and at most 48 h (the same window as the full run's readBaseline). */
const baselineBetween = (db: Db, at: Date) =>
  selectRunTimeBetween(db, 'project', new Date(at.getTime() - 2 * DAY_MS), new Date(at.getTime() - DAY_MS));

/**
 * Every project's outputs as a run committed them, kept by the process that ran it (recompute.service.ts) so its next
 * run need not read them back: valid only while that run is still the last one committed (`writtenBy`, the version
 * of heat_recompute_state it wrote) under `model`. Any other change of a stored output resets the row's
 * scored_version (migration 0050), so the plan sees it as dirty.
 */
export type RunOutputs = { writtenBy: string; model: string; kept: KeptOutputs; projectSet: string };

export type IncrementalPlan = {
  /** The last committed run this plan builds on: the write checks it is still the last one. */
  previousRunAt: Date;
  baselineAt: Date | null;
  /** Every project in id order, with its stored outputs (null when dirty and read without them). */
  rows: { id: string; stored: StoredOutputs | null }[];
  dirty: Set<string>;
  /** project_scores rows the plan read: every row, or (with the last run's outputs kept) only those to re-score. */
  rowsRead: number;
};

/**
 * What must be re-scored at `now` under the model version `model` (default: the code's), or null when only a full
 * recompute is safe. A project's score can move only when
 * 1. its inputs changed (a trigger bumps inputs_version; the score keeps the version it came from), or it is new;
 * 2. a time-dependent factor stepped (age factor, the "new" window: rescore_at, set when it was scored);
 * 3. its 24 h baseline moved: the baseline run changed and its score in it differs from the previous baseline's;
 * 4. the model changed (a promotion: every project, see below);
 * 5. the trending cutoff (a statistic of every gain) moved across its gain — handled after scoring, in
 *    scoreIncremental, since the cutoff depends on the fresh gains.
 * Full instead: before any run, after a model change (the last run's model is not `model`, the registry's current
 * version: a promotion re-scores every project), when the last run is not older than `now` (stored rows may be
 * from a later time), when a baseline appears or disappears (every gain changes), and when more than a quarter of
 * the rows are dirty. The last run and its baseline come from heat_recompute_state, which each run writes in its own
 * transaction, so they are exactly what the stored rows came from.
 */
export async function planIncremental(
  db: Db,
  now: Date,
  model: string = CODE_SCORING_MODEL.version,
  known: RunOutputs | null = null,
  projectSet: string | null = null,
): Promise<IncrementalPlan | null> {
  const previous = await selectRecomputeState(db);
  if (previous === null || previous.model !== model || previous.lastRunAt >= now) return null;
  const previousBaselineAt = previous.baselineAt;
  const baselineAt = await baselineBetween(db, now);
  if ((baselineAt === null) !== (previousBaselineAt === null)) return null;
  const moved =
    baselineAt !== null && previousBaselineAt !== null && baselineAt.getTime() !== previousBaselineAt.getTime()
      ? await selectBaselineMoved(db, previousBaselineAt, baselineAt)
      : [];
  const dirty = new Set(moved);
  const usable = known !== null && known.writtenBy === previous.writtenBy && known.model === model;
  const read = !usable
    ? await rowsFromStored(db, now.getTime(), model, dirty)
    : known.projectSet === projectSet
      ? await rowsFromKnownSet(db, known, now, dirty)
      : await rowsFromKnown(db, known, now.getTime(), dirty);
  if (read === null) return null;
  const { rows, rowsRead } = read;
  if (dirty.size > rows.length * MAX_DIRTY_SHARE) return null;
  return { previousRunAt: previous.lastRunAt, baselineAt, rows, dirty, rowsRead };
}

/** A row whose inputs moved since it was scored, or whose time factor stepped by `nowMs`. */
const needsRescore = (
  row: Pick<StoredScoreRow, 'storedInputsVersion' | 'storedScoredVersion' | 'storedRescoreAtMs'>,
  nowMs: number,
) =>
  row.storedInputsVersion !== row.storedScoredVersion ||
  (row.storedRescoreAtMs !== null && row.storedRescoreAtMs <= nowMs);

/** Every stored row with its outputs (what a process that did not commit the last run reads). */
async function rowsFromStored(db: Db, nowMs: number, model: string, dirty: Set<string>) {
  const stored = await selectStoredScores(db);
  const rows = stored.map((row) => {
    if (needsRescore(row, nowMs) || row.storedModel !== model) {
      dirty.add(row.id);
      return { id: row.id, stored: null };
    }
    return { id: row.id, stored: { project: fromStored(row), status: row.storedStatus } };
  });
  return { rows, rowsRead: stored.length };
}

/**
 * Every stored row's versions only, its outputs taken from `known` (the last run, committed by this process): a
 * project absent from it is new, a moved category is read from the row.
 */
async function rowsFromKnown(db: Db, known: RunOutputs, nowMs: number, dirty: Set<string>) {
  const versions = await selectScoreVersions(db);
  const rows = versions.map((row) => {
    const stored = needsRescore(row, nowMs) ? undefined : known.kept.outputsOf(row.id, row.category);
    if (stored === undefined) {
      dirty.add(row.id);
      return { id: row.id, stored: null };
    }
    return { id: row.id, stored };
  });
  return { rows, rowsRead: versions.length };
}

/**
 * The same as {@link rowsFromKnown} when the projects and their categories are those of the last run (the caller
 * compared the project-set fingerprints): only the rows to re-score are read, every other project's outputs and
 * category are the kept ones. Null when more than MAX_DIRTY_SHARE of them are to re-score (a full run then).
 */
async function rowsFromKnownSet(db: Db, known: RunOutputs, now: Date, dirty: Set<string>) {
  const { kept } = known;
  // One id past the share that makes a full recompute cheaper is enough to know it.
  const limit = Math.floor(kept.size * MAX_DIRTY_SHARE) + 1;
  const toRescore = await selectRowsToRescore(db, now, limit);
  if (toRescore.length >= limit) return null;
  // A row the last run did not have means the fingerprints met by a hash collision: read every row's versions.
  if (toRescore.some((id) => !kept.has(id))) return rowsFromKnown(db, known, now.getTime(), dirty);
  for (const id of toRescore) dirty.add(id);
  const rows = new Array<{ id: string; stored: StoredOutputs | null }>(kept.size);
  for (let i = 0; i < kept.size; i++) {
    const id = kept.idAt(i);
    rows[i] = { id, stored: dirty.has(id) ? null : kept.outputsAt(i) };
  }
  return { rows, rowsRead: toRescore.length };
}

/** A clean row's outputs, as the full run would compute them again (inputs, age factor and baseline unchanged). */
function fromStored(row: StoredScoreRow): ScoredProject {
  const scored = row.storedHeat !== null;
  return {
    id: row.id,
    category: row.category,
    score: row.storedHeat,
    evidence: row.storedEvidence,
    contributions: scored ? storedContributions(row) : null,
    social: row.storedSocial,
    signal: row.storedSignal,
    gain: row.storedGain,
  };
}

/** The dirty projects' inputs and baselines, scored status-free. Projects deleted since the plan are absent. */
async function scoreRows(
  db: Db,
  ids: string[],
  baselineAt: Date | null,
  { now, batchSize, model }: { now: Date; batchSize: number; model: HeatScoringModel },
) {
  const fresh = new Map<string, { s: ScoredProject; row: ProjectInputs }>();
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize);
    const [rows, baseline] = await Promise.all([
      selectProjectInputsOf(db, batch),
      baselineAt === null ? new Map<string, number>() : selectBaselineScoresOf(db, baselineAt, batch),
    ]);
    for (const row of rows) fresh.set(row.id, { s: scoreStatusFree(row, baseline.get(row.id), now, model), row });
  }
  return fresh;
}

/**
 * Scores the plan's dirty projects, derives every status against the cutoff of all gains (fresh and stored), and
 * re-scores the clean projects whose trending/rising status the moved cutoff flips. `scored` lists every project in
 * id order, as the full run's does, for the sector aggregates.
 */
export async function scoreIncremental(
  db: Db,
  plan: IncrementalPlan,
  now: Date,
  batchSize: number,
  model: HeatScoringModel = CODE_SCORING_MODEL,
): Promise<{ scored: ScoredProject[]; derived: DerivedRun; rescoredFromInputs: number; kept: KeptOutputs | null }> {
  const scoring = { now, batchSize, model };
  const fresh = await scoreRows(db, [...plan.dirty], plan.baselineAt, scoring);
  // Every project in id order (as the full run's), each with its stored status (null for a fresh one).
  const scored: ScoredProject[] = [];
  const storedStatus: (string | null)[] = [];
  for (const row of plan.rows) {
    if (!plan.dirty.has(row.id) && row.stored !== null) {
      scored.push(row.stored.project);
      storedStatus.push(row.stored.status);
    } else {
      const f = fresh.get(row.id);
      if (f) {
        scored.push(f.s);
        storedStatus.push(null);
      }
    }
  }
  const cutoff = computeTrendingCutoff(scored.map((s) => s.gain));

  // A clean project's status changes only when its gain is a rising one and the cutoff moved across it: its new/active
  // status hangs on its listing date and `now`, whose next step is its rescore_at.
  const flipped: string[] = [];
  const statusOf: (ProjectStatus | null)[] = new Array(scored.length).fill(null);
  for (let i = 0; i < scored.length; i++) {
    const s = scored[i] as ScoredProject;
    if (s.score === null || fresh.has(s.id)) continue;
    const stored = storedStatus[i] as ProjectStatus;
    const status =
      hasValue(s.gain) && s.gain >= RISING_MIN_GAIN
        ? deriveStatus({ gain24h: s.gain, listedAt: null }, cutoff, now)
        : stored;
    if (status !== stored) flipped.push(s.id);
    statusOf[i] = status;
  }
  const restatused = await scoreRows(db, flipped, plan.baselineAt, scoring);
  for (const [id, f] of restatused) fresh.set(id, f);

  const derived = emptyDerived();
  // Every project's outputs as this run stores them (a clean one's stored outputs, a fresh one's new ones); null
  // when they do not fit its columns, and the next run reads them back.
  let kept: KeptOutputs | null = new KeptOutputs(scored.length);
  for (let i = 0; i < scored.length; i++) {
    const s = scored[i] as ScoredProject;
    const f = fresh.get(s.id);
    if (!f) {
      const status = statusOf[i] ?? null;
      recordStatus(derived, status);
      if (kept && !kept.add(s, status)) kept = null;
      continue;
    }
    // A flipped project re-scored from its inputs replaces its stored summary in the sector universe.
    if (f.s !== s) scored[i] = f.s;
    const status =
      f.s.score === null ? null : deriveStatus({ gain24h: f.s.gain, listedAt: listedAt(f.row) }, cutoff, now);
    recordWrite(derived, finishProject(f.s, f.row, status, now, model), f.row, model.version);
    recordStatus(derived, status);
    if (kept && !kept.add(f.s, status)) kept = null;
  }
  return { scored, derived, rescoredFromInputs: fresh.size, kept };
}
