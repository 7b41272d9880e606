import {
  CODE_SCORING_MODEL,
  computeTrendingCutoff,
  deriveStatus,
  type HeatScoringModel,
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
import { KeptOutputs } from './kept-outputs.ts';
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
  /**
   * Every project in id order with its stored outputs (a dirty one's are stale or blank until it is re-scored): the
   * last run's own columns when this process kept them and no project came, went or moved since, which the run then
   * patches in place.
   */
  outputs: KeptOutputs;
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
  const { outputs, rowsRead } = read;
  if (dirty.size > outputs.size * MAX_DIRTY_SHARE) return null;
  return { previousRunAt: previous.lastRunAt, baselineAt, outputs, dirty, rowsRead };
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
  const outputs = new KeptOutputs(stored.length);
  for (const row of stored) {
    const clean = !needsRescore(row, nowMs) && row.storedModel === model;
    if (!clean) dirty.add(row.id);
    if (!outputs.add(clean ? fromStored(row) : blank(row), clean ? row.storedStatus : null)) return null;
  }
  return { outputs, rowsRead: stored.length };
}

/**
 * Every stored row's versions only, its outputs taken from `known` (the last run, committed by this process): a
 * project absent from it is new, a moved category is read from the row.
 */
async function rowsFromKnown(db: Db, known: RunOutputs, nowMs: number, dirty: Set<string>) {
  const versions = await selectScoreVersions(db);
  const outputs = new KeptOutputs(versions.length);
  for (const row of versions) {
    const stored = needsRescore(row, nowMs) ? undefined : known.kept.outputsOf(row.id, row.category);
    if (stored === undefined) dirty.add(row.id);
    const added = stored ? outputs.add(stored.project, stored.status) : outputs.add(blank(row), null);
    if (!added) return null;
  }
  return { outputs, rowsRead: versions.length };
}

/**
 * The same as {@link rowsFromKnown} when the projects and their categories are those of the last run (the caller
 * compared the project-set fingerprints): only the rows to re-score are read, and the last run's columns are this
 * run's, patched in place as it re-scores (the caller dropped them from the process's keeping: a run that fails
 * leaves nothing half-patched behind). Null when more than MAX_DIRTY_SHARE of them are to re-score (a full run then).
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
  return { outputs: kept, rowsRead: toRescore.length };
}

/** A dirty row's place among the outputs until it is re-scored: its id and category, nothing scored. */
const blank = (row: { id: string; category: string }): ScoredProject => ({
  id: row.id,
  category: row.category,
  score: null,
  evidence: 0,
  contributions: null,
  social: null,
  signal: null,
  gain: null,
});

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
 * re-scores the clean projects whose trending/rising status the moved cutoff flips. The re-scored projects are
 * written into the plan's columns in place; `outputs` holds every project afterwards, in id order (as the full run's),
 * for the sector aggregates and the next run.
 */
export async function scoreIncremental(
  db: Db,
  plan: IncrementalPlan,
  now: Date,
  batchSize: number,
  model: HeatScoringModel = CODE_SCORING_MODEL,
): Promise<{ outputs: KeptOutputs; derived: DerivedRun; rescoredFromInputs: number }> {
  const scoring = { now, batchSize, model };
  const fresh = await scoreRows(db, [...plan.dirty], plan.baselineAt, scoring);
  // Projects deleted since the plan are not in this run.
  const gone = new Set([...plan.dirty].filter((id) => !fresh.has(id)));
  const outputs = gone.size === 0 ? plan.outputs : plan.outputs.without(gone);
  const gains = outputs.gains();
  for (const [id, f] of fresh) gains[outputs.indexOf(id) as number] = f.s.gain ?? Number.NaN;
  const cutoff = computeTrendingCutoff(gains);

  // A clean project's status changes only when its gain is a rising one and the cutoff moved across it: its new/active
  // status hangs on its listing date and `now`, whose next step is its rescore_at. Re-scored from its inputs.
  const flipped = new Map<string, ProjectStatus>();
  for (let i = 0; i < outputs.size; i++) {
    const gain = gains[i] as number;
    if (!(gain >= RISING_MIN_GAIN) || outputs.scoreAt(i) === null) continue;
    const id = outputs.idAt(i);
    if (fresh.has(id)) continue;
    const status = deriveStatus({ gain24h: gain, listedAt: null }, cutoff, now);
    if (status !== outputs.statusAt(i)) flipped.set(id, status);
  }
  const restatused = await scoreRows(db, [...flipped.keys()], plan.baselineAt, scoring);
  for (const [id, f] of restatused) fresh.set(id, f);
  // A flipped project deleted meanwhile keeps its stored outputs under its new status (the next run drops it).
  for (const [id, status] of flipped)
    if (!restatused.has(id)) outputs.setStatusAt(outputs.indexOf(id) as number, status);

  const derived = emptyDerived();
  // In id order, as the full run writes its rows.
  const order = [...fresh.keys()].map((id) => outputs.indexOf(id) as number).sort((a, b) => a - b);
  for (const i of order) {
    const f = fresh.get(outputs.idAt(i)) as { s: ScoredProject; row: ProjectInputs };
    const status =
      f.s.score === null ? null : deriveStatus({ gain24h: f.s.gain, listedAt: listedAt(f.row) }, cutoff, now);
    recordWrite(derived, finishProject(f.s, f.row, status, now, model), f.row, model.version);
    outputs.setAt(i, f.s, status);
  }
  for (let i = 0; i < outputs.size; i++) recordStatus(derived, outputs.statusAt(i));
  return { outputs, derived, rescoredFromInputs: fresh.size };
}
