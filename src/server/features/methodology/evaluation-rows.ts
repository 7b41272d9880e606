import type { EvaluationResult } from '../../../shared/methodology/types.ts';
import type { EvaluationCellRow, EvaluationDayRow } from './evaluation.queries.ts';

/** An engine result as table rows: one per cell, one per cell and used day. */
export function toStoredRows(
  key: { modelVersion: string; basis: 'published' | 'replayed' },
  result: EvaluationResult,
  at: Date,
): { cells: EvaluationCellRow[]; days: EvaluationDayRow[] } {
  const cells: EvaluationCellRow[] = [];
  const days: EvaluationDayRow[] = [];
  for (const c of result.cells) {
    const cellKey = {
      ...key,
      outcome: c.outcome,
      horizon: c.horizon,
      groupKind: c.group.kind,
      groupId: c.group.id ?? '',
    };
    cells.push({
      ...cellKey,
      family: c.family,
      fromDay: result.from as string,
      toDay: result.to as string,
      correlationMean: c.correlation.mean,
      correlationLow: c.correlation.low,
      correlationHigh: c.correlation.high,
      correlationDays: c.correlation.days,
      hitRateMean: c.hitRate.mean,
      hitRateLow: c.hitRate.low,
      hitRateHigh: c.hitRate.high,
      hitRateDays: c.hitRate.days,
      hitRateChance: c.hitRateChance,
      blockLength: c.correlation.blockLength,
      daysUsed: c.daysUsed,
      daysSkipped: c.daysSkipped,
      daysPending: c.daysPending,
      daysNeeded: c.daysNeeded,
      projectsMean: c.projectsMean,
      projectsMin: c.projectsMin,
      seed: result.seed,
      resamples: result.resamples,
      computedAt: at,
    });
    for (const d of c.daily)
      days.push({ ...cellKey, day: d.day, n: d.n, correlation: d.correlation, hitRate: d.hitRate });
  }
  return { cells, days };
}
