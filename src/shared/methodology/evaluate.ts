import { computeAutomaticBlockLength, computeBlockBootstrapInterval } from './bootstrap.ts';
import {
  createWorkspace,
  type DailyTable,
  evaluateCrossSections,
  evaluateGivenChange,
  loadOutcome,
} from './cross-section.ts';
import { getOutcome, OUTCOMES } from './outcomes.ts';
import { validatePanel } from './panel.ts';
import { deriveSeed } from './random.ts';
import type {
  EvaluationCell,
  EvaluationDay,
  EvaluationGroup,
  EvaluationOptions,
  EvaluationPanel,
  EvaluationResult,
  EvaluationSummary,
  OutcomeDefinition,
  OutcomeKey,
  PanelProject,
  PanelSeries,
} from './types.ts';

export const EVALUATION_HORIZONS: readonly number[] = [1, 7, 30];
/** A day's cross-section needs this many projects to count (the minimum-evidence rule). */
export const MIN_CROSS_SECTION = 10;
/** The hit rate compares top deciles; a random ranking hits this share. */
export const TOP_SHARE = 0.1;
/** An interval needs at least this many days, and at least {@link MIN_BLOCKS} bootstrap blocks. */
export const MIN_EVALUATION_DAYS = 20;
export const MIN_BLOCKS = 3;
export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_CONFIDENCE = 0.95;

/**
 * The shortest bootstrap block in days: the horizon, since neighbouring days' windows overlap by h − 1 days (and at
 * least 5). The data may ask for longer blocks ({@link computeAutomaticBlockLength}).
 */
export function computeBlockLength(horizon: number): number {
  return Math.max(horizon, 5);
}

/** Days of evidence a horizon needs before a mean and its interval are reported. */
export function computeMinDays(horizon: number): number {
  return Math.max(MIN_EVALUATION_DAYS, MIN_BLOCKS * computeBlockLength(horizon));
}

/**
 * Does a high heat score at day t go with more attention and activity over (t, t+h]? For every outcome, horizon and
 * group (all, each sector, each model version), the cross-sectional Spearman correlation and top-decile hit rate per
 * day, their means over days and moving-block-bootstrap intervals. Pure and deterministic: the same panel and options
 * give identical tables. Throws when the panel is malformed (see {@link validatePanel}), a horizon is not a whole
 * number of days ≥ 1, or an outcome is unknown.
 */
export function evaluateHeat(panel: EvaluationPanel, options: EvaluationOptions): EvaluationResult {
  validatePanel(panel);
  const horizons = options.horizons ?? EVALUATION_HORIZONS;
  for (const h of horizons)
    if (!Number.isInteger(h) || h < 1) throw new Error(`A horizon is a whole number of days ≥ 1, not ${h}`);
  const outcomes = options.outcomes ? options.outcomes.map(getOutcome) : OUTCOMES;
  const minProjects = Math.max(2, options.minProjects ?? MIN_CROSS_SECTION);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const D = panel.days.length;
  const work = createWorkspace(panel);
  const cells: EvaluationCell[] = [];
  for (const outcome of outcomes) {
    loadOutcome(panel, work, outcome);
    for (const h of horizons) {
      const daily = evaluateCrossSections(work, outcome, h, minProjects, TOP_SHARE);
      work.groups.groups.forEach((group, g) => {
        const { used, skipped, pending } = toDailyList(daily, g, panel.days);
        const seed = deriveCellSeed(options.seed, outcome, h, group);
        cells.push(toEvaluationCell(outcome, h, group, used, skipped, pending, resamples, confidence, seed));
      });
    }
  }
  return {
    from: panel.days[0] ?? null,
    to: panel.days[D - 1] ?? null,
    seed: options.seed,
    resamples,
    confidence,
    minProjects,
    topShare: TOP_SHARE,
    cells,
  };
}

/** The bootstrap seed of one cell, from the evaluation's seed: each cell draws its own stream. */
export function deriveCellSeed(seed: number, outcome: OutcomeDefinition, horizon: number, group: EvaluationGroup) {
  return deriveSeed(seed, `${outcome.key}|${horizon}|${group.kind}|${group.id ?? ''}`);
}

/**
 * The day indices [first, last] of a D-day window whose cross-section at horizon h can be computed: a growth needs
 * the h days up to t inside the window, every change the h days after t (empty when first > last).
 */
export function computeEvaluableDays(outcome: OutcomeDefinition, horizon: number, D: number) {
  return { first: outcome.change === 'growth' ? horizon - 1 : 0, last: D - 1 - horizon };
}

/** Group g's used days (ascending), and how many were skipped (too few projects) or pending (not evaluable). */
function toDailyList(table: DailyTable, g: number, days: readonly string[]) {
  const D = days.length;
  const used: EvaluationDay[] = [];
  let skipped = 0;
  let pending = 0;
  for (let t = 0; t < D; t++) {
    const n = table.n[g * D + t] as number;
    if (n === 0) pending++;
    else if (n < 0) skipped++;
    else {
      const rho = table.correlation[g * D + t] as number;
      used.push({
        day: days[t] as string,
        n,
        correlation: Number.isNaN(rho) ? null : rho,
        hitRate: table.hitRate[g * D + t] as number,
      });
    }
  }
  return { used, skipped, pending };
}

/**
 * One table cell from its per-day cross-sections (`daily`, ascending by day): the means over days with their
 * moving-block-bootstrap intervals, seeded by `seed` ({@link deriveCellSeed}). The cell depends on nothing else, so
 * per-day figures stored by an earlier run give the same cell as a computation from scratch.
 */
export function toEvaluationCell(
  outcome: OutcomeDefinition,
  horizon: number,
  group: EvaluationGroup,
  daily: EvaluationDay[],
  daysSkipped: number,
  daysPending: number,
  resamples: number,
  confidence: number,
  seed: number,
): EvaluationCell {
  let projectsMin = 0;
  let projectsTotal = 0;
  for (const d of daily) {
    projectsTotal += d.n;
    projectsMin = projectsMin === 0 ? d.n : Math.min(projectsMin, d.n);
  }
  const minDays = computeMinDays(horizon);
  const summarise = (values: number[], label: string): EvaluationSummary => {
    const days = values.length;
    if (days < minDays) return { mean: null, low: null, high: null, days, blockLength: null };
    const mean = values.reduce((a, b) => a + b, 0) / days;
    // At least the horizon (overlapping windows); longer when the series says so; at most a third of the days.
    const wanted = Math.max(computeBlockLength(horizon), computeAutomaticBlockLength(values));
    const blockLength = Math.min(wanted, Math.floor(days / MIN_BLOCKS));
    const interval = computeBlockBootstrapInterval(values, blockLength, resamples, confidence, deriveSeed(seed, label));
    return { mean, low: interval.low, high: interval.high, days, blockLength };
  };
  const correlations = daily.flatMap((d) => (d.correlation === null ? [] : [d.correlation]));
  return {
    outcome: outcome.key,
    family: outcome.family,
    horizon,
    group,
    correlation: summarise(correlations, 'correlation'),
    hitRate: summarise(
      daily.map((d) => d.hitRate),
      'hitRate',
    ),
    hitRateChance: TOP_SHARE,
    daysUsed: daily.length,
    daysSkipped,
    daysPending,
    daysNeeded: Math.max(0, minDays - daily.length),
    projectsMean: daily.length > 0 ? projectsTotal / daily.length : 0,
    projectsMin,
    daily,
  };
}

/**
 * One day's cross-sections in every group from changes computed elsewhere (`heat` and each `change` hold one value
 * per project, NaN = missing): the figures {@link evaluateHeat} gives for that day when its changes are equal. Per
 * outcome and group, the day's figures, or null when fewer than `minProjects` projects have both.
 */
export function evaluateGivenChanges(
  day: string,
  projects: readonly PanelProject[],
  heat: PanelSeries,
  changes: readonly { outcome: OutcomeKey; change: ArrayLike<number> }[],
  minProjects = MIN_CROSS_SECTION,
): { outcome: OutcomeKey; group: EvaluationGroup; day: EvaluationDay | null }[] {
  const work = createWorkspace({ days: [day], projects, heat, signals: {} });
  const out: { outcome: OutcomeKey; group: EvaluationGroup; day: EvaluationDay | null }[] = [];
  for (const { outcome, change } of changes) {
    const table = evaluateGivenChange(work, change, Math.max(2, minProjects), TOP_SHARE);
    work.groups.groups.forEach((group, g) => {
      const { used } = toDailyList(table, g, [day]);
      out.push({ outcome, group, day: used[0] ?? null });
    });
  }
  return out;
}
