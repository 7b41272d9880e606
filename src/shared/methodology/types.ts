// The evaluation's input (a columnar panel: one typed array per series) and its output tables. The tables are plain
// JSON-ready data, to be served by the API and drawn on /methodology.

/** The daily series a project may have; each is optional and may have gaps. Counts are per UTC day. */
export const PANEL_SIGNALS = [
  'pageViews',
  'newsCount',
  'redditPosts',
  'redditAuthors',
  'commits',
  'volumeUsd',
  'priceUsd',
] as const;
export type PanelSignal = (typeof PANEL_SIGNALS)[number];

/** One project of the panel. */
export type PanelProject = {
  id: string;
  /** Sectors the project belongs to (a project may sit in several). */
  sectorIds: readonly string[];
  /** The model version its heat series was computed with. */
  modelVersion: string;
};

/**
 * Projects × days, row-major: the value of project `p` on day `d` is at `p * days.length + d`. NaN means missing
 * (never 0). Float32Array is accepted to halve memory at 10⁵ projects.
 */
export type PanelSeries = Float64Array | Float32Array;

/** Everything the engine reads. Days are consecutive UTC days, ascending. */
export type EvaluationPanel = {
  /** 'YYYY-MM-DD', consecutive, ascending. */
  days: readonly string[];
  projects: readonly PanelProject[];
  /** The heat score at the end of each day (higher = hotter). Its rank is recomputed within each cross-section. */
  heat: PanelSeries;
  /** An absent series is missing for every project. */
  signals: Partial<Record<PanelSignal, PanelSeries>>;
};

/** The outcomes heat is checked against, by family. */
export type OutcomeFamily = 'attention' | 'community' | 'development' | 'market';
/**
 * How an outcome's change over (t, t+h] is measured:
 * - `growth`: (after − before) / (after + before) of the mean daily count over (t, t+h] vs (t−h, t] — a monotone
 *   transform of log(after / before) that stays defined when either side is 0 (±1), and is 0 when both are;
 * - `absLogReturn`: |ln(price at t+h / price at t)|.
 */
export type ChangeKind = 'growth' | 'absLogReturn';
export type OutcomeKey =
  | 'pageViews'
  | 'newsCount'
  | 'redditPosts'
  | 'redditAuthors'
  | 'commits'
  | 'volume'
  | 'absPriceMove';

export type OutcomeDefinition = {
  key: OutcomeKey;
  family: OutcomeFamily;
  signal: PanelSignal;
  change: ChangeKind;
};

/** A slice of the projects a figure is computed on. `id` is null for `all`. */
export type EvaluationGroup = { kind: 'all' | 'sector' | 'modelVersion'; id: string | null };

/** One day's cross-section: `n` projects with heat at t and the outcome on both ends of the window. */
export type EvaluationDay = {
  day: string;
  n: number;
  /** Spearman ρ ∈ [−1, 1]; null when either side has no spread (all tied). */
  correlation: number | null;
  /** Share ∈ [0, 1] of the top decile by heat that lands in the top decile of the change. */
  hitRate: number;
};

/** A mean over days with its moving-block-bootstrap interval. Nulls when there are too few days. */
export type EvaluationSummary = {
  mean: number | null;
  low: number | null;
  high: number | null;
  /** Days the mean rests on. */
  days: number;
  /** Bootstrap block length used, in days (null without an interval). */
  blockLength: number | null;
};

/** One row of the table: an outcome, a horizon and a group. */
export type EvaluationCell = {
  outcome: OutcomeKey;
  family: OutcomeFamily;
  horizon: number;
  group: EvaluationGroup;
  correlation: EvaluationSummary;
  hitRate: EvaluationSummary;
  /** The hit rate of a random ranking: the top share itself (0.1). */
  hitRateChance: number;
  /** Days in the cross-section series (with enough projects). */
  daysUsed: number;
  /** Days whose cross-section had fewer than `minProjects` projects. */
  daysSkipped: number;
  /** Days not yet evaluable: the window after t has not elapsed, or the one before t is not in the panel. */
  daysPending: number;
  /** More days needed before intervals are given (0 when enough). */
  daysNeeded: number;
  /** Projects per used day: mean and minimum (0 when no day was used). */
  projectsMean: number;
  projectsMin: number;
  daily: EvaluationDay[];
};

export type EvaluationOptions = {
  /** Seed of the bootstrap: same panel + options → identical tables. */
  seed: number;
  /** Horizons in days (default 1, 7, 30). */
  horizons?: readonly number[];
  /** Outcomes to evaluate (default all). */
  outcomes?: readonly OutcomeKey[];
  /** Fewer projects than this in a day's cross-section → the day is skipped (default 10). */
  minProjects?: number;
  /** Bootstrap resamples (default 1000). */
  resamples?: number;
  /** Interval coverage (default 0.95). */
  confidence?: number;
};

export type EvaluationResult = {
  from: string | null;
  to: string | null;
  seed: number;
  resamples: number;
  confidence: number;
  minProjects: number;
  /** Top share used for the hit rate (0.1 = decile). */
  topShare: number;
  cells: EvaluationCell[];
};
