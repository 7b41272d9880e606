import { and, asc, eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm';
import { type BulkColumn, type BulkValue, bulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { heatEvaluationCells, heatEvaluationDays } from '../../db/schema/index.ts';

export type EvaluationCellRow = typeof heatEvaluationCells.$inferSelect;
export type EvaluationDayRow = typeof heatEvaluationDays.$inferSelect;
export type EvaluationKey = { modelVersion: string; basis: 'published' | 'replayed' };

const CELL_COLUMNS: readonly (BulkColumn & { key: keyof EvaluationCellRow })[] = [
  { name: 'model_version', type: 'text', key: 'modelVersion' },
  { name: 'basis', type: 'text', key: 'basis' },
  { name: 'outcome', type: 'text', key: 'outcome' },
  { name: 'horizon', type: 'int4', key: 'horizon' },
  { name: 'group_kind', type: 'text', key: 'groupKind' },
  { name: 'group_id', type: 'text', key: 'groupId' },
  { name: 'family', type: 'text', key: 'family' },
  { name: 'from_day', type: 'date', key: 'fromDay' },
  { name: 'to_day', type: 'date', key: 'toDay' },
  { name: 'correlation_mean', type: 'float8', key: 'correlationMean' },
  { name: 'correlation_low', type: 'float8', key: 'correlationLow' },
  { name: 'correlation_high', type: 'float8', key: 'correlationHigh' },
  { name: 'correlation_days', type: 'int4', key: 'correlationDays' },
  { name: 'hit_rate_mean', type: 'float8', key: 'hitRateMean' },
  { name: 'hit_rate_low', type: 'float8', key: 'hitRateLow' },
  { name: 'hit_rate_high', type: 'float8', key: 'hitRateHigh' },
  { name: 'hit_rate_days', type: 'int4', key: 'hitRateDays' },
  { name: 'hit_rate_chance', type: 'float8', key: 'hitRateChance' },
  { name: 'block_length', type: 'int4', key: 'blockLength' },
  { name: 'days_used', type: 'int4', key: 'daysUsed' },
  { name: 'days_skipped', type: 'int4', key: 'daysSkipped' },
  { name: 'days_pending', type: 'int4', key: 'daysPending' },
  { name: 'days_needed', type: 'int4', key: 'daysNeeded' },
  { name: 'projects_mean', type: 'float8', key: 'projectsMean' },
  { name: 'projects_min', type: 'int4', key: 'projectsMin' },
  { name: 'seed', type: 'int4', key: 'seed' },
  { name: 'resamples', type: 'int4', key: 'resamples' },
  { name: 'computed_at', type: 'timestamptz', key: 'computedAt' },
];
const DAY_COLUMNS: readonly (BulkColumn & { key: keyof EvaluationDayRow })[] = [
  { name: 'model_version', type: 'text', key: 'modelVersion' },
  { name: 'basis', type: 'text', key: 'basis' },
  { name: 'outcome', type: 'text', key: 'outcome' },
  { name: 'horizon', type: 'int4', key: 'horizon' },
  { name: 'group_kind', type: 'text', key: 'groupKind' },
  { name: 'group_id', type: 'text', key: 'groupId' },
  { name: 'day', type: 'date', key: 'day' },
  { name: 'n', type: 'int4', key: 'n' },
  { name: 'correlation', type: 'float8', key: 'correlation' },
  { name: 'hit_rate', type: 'float8', key: 'hitRate' },
];

const toValues = <T>(columns: readonly { key: keyof T }[], rows: readonly T[]) =>
  rows.map((row) => columns.map((c) => row[c.key] as BulkValue));

const keyOf = (table: typeof heatEvaluationCells | typeof heatEvaluationDays, key: EvaluationKey) =>
  and(eq(table.modelVersion, key.modelVersion), eq(table.basis, key.basis));

/**
 * Replaces one (model, basis) evaluation with `cells` and `days` by binary COPY. Run it in a transaction: readers see
 * the old evaluation or the new one, never a mix, and a second run with the same inputs leaves the same figures.
 */
export async function replaceEvaluation(
  tx: Db,
  key: EvaluationKey,
  cells: readonly EvaluationCellRow[],
  days: readonly EvaluationDayRow[],
): Promise<void> {
  await tx.delete(heatEvaluationDays).where(keyOf(heatEvaluationDays, key));
  await replaceEvaluationCells(tx, key, cells);
  await insertEvaluationDays(tx, days);
}

/** Replaces one (model, basis) evaluation's cells, leaving its days. Run it in a transaction. */
export async function replaceEvaluationCells(tx: Db, key: EvaluationKey, cells: readonly EvaluationCellRow[]) {
  await tx.delete(heatEvaluationCells).where(keyOf(heatEvaluationCells, key));
  await bulkInsert(tx, 'heat_evaluation_cells', CELL_COLUMNS, toValues(CELL_COLUMNS, cells));
}

/** Appends daily cross-sections (by binary COPY). */
export function insertEvaluationDays(tx: Db, days: readonly EvaluationDayRow[]): Promise<void> {
  return bulkInsert(tx, 'heat_evaluation_days', DAY_COLUMNS, toValues(DAY_COLUMNS, days));
}

/**
 * Deletes one evaluation's daily cross-sections of `outcome` at `horizon` that are outside [firstDay, lastDay] or on
 * one of `days` (those about to be recomputed).
 */
export function deleteEvaluationDays(
  tx: Db,
  key: EvaluationKey,
  o: { outcome: string; horizon: number; firstDay: string; lastDay: string; days: readonly string[] },
) {
  const t = heatEvaluationDays;
  return tx
    .delete(t)
    .where(
      and(
        keyOf(t, key),
        eq(t.outcome, o.outcome),
        eq(t.horizon, o.horizon),
        or(lt(t.day, o.firstDay), gt(t.day, o.lastDay), o.days.length > 0 ? inArray(t.day, [...o.days]) : undefined),
      ),
    );
}

export type EvaluationFilter = {
  modelVersion?: string;
  basis?: 'published' | 'replayed';
  horizon?: number;
  outcome?: string;
  groupKind?: 'all' | 'sector' | 'modelVersion';
};

function whereOf(table: typeof heatEvaluationCells | typeof heatEvaluationDays, f: EvaluationFilter): SQL | undefined {
  return and(
    f.modelVersion === undefined ? undefined : eq(table.modelVersion, f.modelVersion),
    f.basis === undefined ? undefined : eq(table.basis, f.basis),
    f.horizon === undefined ? undefined : eq(table.horizon, f.horizon),
    f.outcome === undefined ? undefined : eq(table.outcome, f.outcome),
    f.groupKind === undefined ? undefined : eq(table.groupKind, f.groupKind),
  );
}

/** Stored cells matching `filter`, in a stable order (model, basis, outcome, horizon, group). */
export function selectEvaluationCells(db: Db, filter: EvaluationFilter): Promise<EvaluationCellRow[]> {
  const t = heatEvaluationCells;
  return db
    .select()
    .from(t)
    .where(whereOf(t, filter))
    .orderBy(asc(t.modelVersion), asc(t.basis), asc(t.outcome), asc(t.horizon), asc(t.groupKind), asc(t.groupId));
}

/** Stored daily cross-sections matching `filter`, by cell then day. */
export function selectEvaluationDays(db: Db, filter: EvaluationFilter): Promise<EvaluationDayRow[]> {
  const t = heatEvaluationDays;
  return db
    .select()
    .from(t)
    .where(whereOf(t, filter))
    .orderBy(
      asc(t.modelVersion),
      asc(t.basis),
      asc(t.outcome),
      asc(t.horizon),
      asc(t.groupKind),
      asc(t.groupId),
      asc(t.day),
    );
}
