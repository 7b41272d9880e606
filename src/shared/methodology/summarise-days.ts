import {
  computeEvaluableDays,
  DEFAULT_CONFIDENCE,
  DEFAULT_RESAMPLES,
  deriveCellSeed,
  EVALUATION_HORIZONS,
  MIN_CROSS_SECTION,
  TOP_SHARE,
  toEvaluationCell,
} from './evaluate.ts';
import { computePanelGroups } from './groups.ts';
import { getOutcome, OUTCOMES } from './outcomes.ts';
import type {
  EvaluationCell,
  EvaluationDay,
  EvaluationGroup,
  EvaluationOptions,
  EvaluationResult,
  OutcomeKey,
  PanelProject,
} from './types.ts';

/** The stored cross-sections of one (outcome, horizon, group), ascending by day; only days that were used. */
export type StoredDaysLookup = (
  outcome: OutcomeKey,
  horizon: number,
  group: EvaluationGroup,
) => readonly EvaluationDay[];

/**
 * The evaluation of a window from per-day cross-sections computed earlier, without the panel: the same tables as
 * {@link evaluateHeat} on the panel whose cross-sections they are (same groups, seeds and summaries). A day of the
 * window's evaluable span with no stored figure counts as skipped (too few projects), one outside it as pending;
 * stored days outside the span are ignored.
 */
export function summariseEvaluationDays(
  window: { days: readonly string[]; projects: readonly PanelProject[] },
  options: EvaluationOptions,
  stored: StoredDaysLookup,
): EvaluationResult {
  const { days } = window;
  const D = days.length;
  const horizons = options.horizons ?? EVALUATION_HORIZONS;
  const outcomes = options.outcomes ? options.outcomes.map(getOutcome) : OUTCOMES;
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  const { groups } = computePanelGroups(window.projects);
  const cells: EvaluationCell[] = [];
  for (const outcome of outcomes) {
    for (const h of horizons) {
      const { first, last } = computeEvaluableDays(outcome, h, D);
      const evaluable = Math.max(0, last - first + 1);
      const firstDay = days[first] ?? '';
      const lastDay = days[last] ?? '';
      for (const group of groups) {
        const daily =
          evaluable === 0 ? [] : stored(outcome.key, h, group).filter((d) => d.day >= firstDay && d.day <= lastDay);
        const seed = deriveCellSeed(options.seed, outcome, h, group);
        cells.push(
          toEvaluationCell(
            outcome,
            h,
            group,
            daily,
            evaluable - daily.length,
            D - evaluable,
            resamples,
            confidence,
            seed,
          ),
        );
      }
    }
  }
  return {
    from: days[0] ?? null,
    to: days[D - 1] ?? null,
    seed: options.seed,
    resamples,
    confidence,
    minProjects: Math.max(2, options.minProjects ?? MIN_CROSS_SECTION),
    topShare: TOP_SHARE,
    cells,
  };
}
