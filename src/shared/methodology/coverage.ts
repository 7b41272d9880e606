import { getOutcome } from './outcomes.ts';
import type { OutcomeKey } from './types.ts';

/**
 * Days t of a `windowDays`-day window whose change windows fit inside it: growth needs (t−h, t] and (t, t+h], a price
 * move only t+h. The rest are pending by construction.
 */
export function countEvaluableDays(outcome: OutcomeKey, horizon: number, windowDays: number): number {
  const fit = getOutcome(outcome).change === 'growth' ? windowDays - 2 * horizon + 1 : windowDays - horizon;
  return Math.max(0, fit);
}

/**
 * True when the window had days on which the outcome could have been evaluated but none had enough projects with
 * data (each was skipped): the outcome is not stored, or too few projects have it — waiting alone will not help.
 */
export function hasNoOutcomeData(
  cell: { outcome: OutcomeKey; horizon: number; daysUsed: number },
  windowDays: number,
): boolean {
  return cell.daysUsed === 0 && countEvaluableDays(cell.outcome, cell.horizon, windowDays) > 0;
}
