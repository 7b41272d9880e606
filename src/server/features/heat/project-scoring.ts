import {
  countEvidence,
  type HeatScoringModel,
  heatScore,
  nextTimeFactorChangeMs,
  type ProjectStatus,
  socialScore,
} from '../../../shared/scoring/index.ts';
import { computeInputsHash, toHeatSignals, toHistoryContributions } from './heat.mappers.ts';
import type { ProjectInputs, ProjectScoreWrite, StoredScoreState } from './heat.queries.ts';
import type { ScoredProject } from './sector-aggregate.ts';

// One project's scoring, shared by the full and the incremental recompute so both give bit-identical rows.

/** The outputs of a project below the minimum evidence rule: nothing to rank, nothing to compare. */
const UNSCORED = { score: null, contributions: null, signal: null, gain: null } as const;

/**
 * Contributions as stored (float4, project_scores.contributions): rounding them here makes the sector means the same
 * whether a member was scored in this run or read back from its stored row.
 */
const toStoredContributions = (values: number[]): number[] => values.map(Math.fround);

/**
 * Scores a project status-free under `model` (the current version; the gain must not include the status bonus). A
 * project below the model's minimum evidence rule is not scored at all: no heat, no signal heat, no gain — nor is one
 * whose inputs all sit in categories the model weighs 0 (no neutral 50 is ever stored). `baseline` is its score in the
 * run 24 h back.
 */
export function scoreStatusFree(
  row: ProjectInputs,
  baseline: number | undefined,
  now: Date,
  model: HeatScoringModel,
): ScoredProject {
  const signals = toHeatSignals(row, 'active');
  const evidence = countEvidence(signals);
  const social = socialScore({
    twitterFollowers: row.followersTwitter,
    mentions7d: row.mentions7d,
    engagementAvg: row.engagementAvg,
    verified: row.isVerified,
  }).score;
  const unscored = { ...UNSCORED, id: row.id, category: row.category, evidence, social };
  if (evidence < model.minEvidence) return unscored;
  const heat = heatScore(signals, now, model);
  if (heat.noData) return unscored;
  return {
    id: row.id,
    category: row.category,
    score: heat.score,
    evidence,
    contributions: toStoredContributions(toHistoryContributions(heat.breakdown)),
    social,
    signal: heat.score, // active adds no bonus: this is clamp(base × age factor)
    gain: baseline === undefined ? null : heat.score - baseline,
  };
}

/**
 * Applies a derived status to a status-free score (a status with a bonus rescores the project; `s` is updated) and
 * builds the row to store.
 */
export function finishProject(
  s: ScoredProject,
  row: ProjectInputs,
  status: ProjectStatus | null,
  now: Date,
  model: HeatScoringModel,
): ProjectScoreWrite {
  const signals = toHeatSignals(row, status ?? 'active');
  if (status !== null && status !== 'active') {
    const heat = heatScore(signals, now, model);
    s.score = heat.score;
    s.contributions = toStoredContributions(toHistoryContributions(heat.breakdown));
  }
  return {
    id: s.id,
    category: s.category,
    heat: s.score,
    social: s.social,
    signal: s.signal,
    status,
    evidence: s.evidence,
    contributions: s.contributions,
    hash: computeInputsHash(signals),
    gain: s.gain,
    rescoreAtMs: s.score === null ? null : nextTimeFactorChangeMs(row.listedAtMs, now.getTime()),
    version: row.storedInputsVersion,
    rescored: true,
  };
}

/**
 * How a fresh row differs from what the last run stored: 'same' (nothing to write), 'bookkeeping' (only the gain,
 * re-score time or inputs version: written without touching computed_at) or 'rescored' (outputs, evidence, `model` or
 * inputs changed: a changed project). Sets `write.rescored` accordingly.
 */
export function compareWithStored(
  write: ProjectScoreWrite,
  stored: StoredScoreState,
  model: string,
): 'same' | 'bookkeeping' | 'rescored' {
  const outputsSame =
    stored.storedHeat === write.heat &&
    stored.storedSocial === write.social &&
    stored.storedStatus === write.status &&
    stored.storedEvidence === write.evidence &&
    stored.storedModel === model &&
    stored.storedHash === write.hash;
  write.rescored = !outputsSame;
  if (!outputsSame) return 'rescored';
  const bookkeepingSame =
    stored.storedGain === write.gain &&
    stored.storedRescoreAtMs === write.rescoreAtMs &&
    stored.storedScoredVersion === write.version;
  return bookkeepingSame ? 'same' : 'bookkeeping';
}

/** A run's derived rows: every fresh row (the rebuild loads them all), those to write, and the status tally. */
export type DerivedRun = {
  /** Every project's fresh row, in id order (full runs only: an incremental run builds only the rows it re-scored). */
  writes: ProjectScoreWrite[];
  /** Rows that differ from what is stored. */
  toWrite: ProjectScoreWrite[];
  /** Rows whose outputs changed (the run's "changed projects"). */
  rescored: number;
  /** Scored projects by derived status. */
  statuses: Record<ProjectStatus, number>;
  scoredCount: number;
};

export function emptyDerived(): DerivedRun {
  return {
    writes: [],
    toWrite: [],
    rescored: 0,
    statuses: { trending: 0, rising: 0, new: 0, active: 0 },
    scoredCount: 0,
  };
}

/** Queues `write` (scored under the version `model`) when it differs from `stored`. */
export function recordWrite(
  derived: DerivedRun,
  write: ProjectScoreWrite,
  stored: StoredScoreState,
  model: string,
): void {
  const difference = compareWithStored(write, stored, model);
  if (difference === 'same') return;
  derived.toWrite.push(write);
  if (difference === 'rescored') derived.rescored++;
}

/** Counts a project's final status (null = not scored, not counted). */
export function recordStatus(derived: DerivedRun, status: ProjectStatus | null): void {
  if (status === null) return;
  derived.scoredCount++;
  derived.statuses[status]++;
}

/** A row's listing date as the status rule takes it. */
export const listedAt = (row: ProjectInputs): Date | null =>
  row.listedAtMs === null ? null : new Date(row.listedAtMs);
