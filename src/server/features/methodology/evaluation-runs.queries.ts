import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { evaluationInputChanges, heatEvaluationRuns } from '../../db/schema/index.ts';

export type EvaluationRunRow = typeof heatEvaluationRuns.$inferSelect;
export type InputChange = { id: number; day: string | null };

/** Every pending input change (days written since the evaluation last read them; day null = every day). */
export function selectInputChanges(db: Db): Promise<InputChange[]> {
  return db
    .select({ id: evaluationInputChanges.id, day: evaluationInputChanges.day })
    .from(evaluationInputChanges)
    .orderBy(evaluationInputChanges.id);
}

/** Deletes the changes read by a run that has accounted for them (rows appended since stay for the next run). */
export async function deleteInputChanges(db: Db, ids: readonly number[]): Promise<void> {
  // In slices: a bind parameter per id, and PostgreSQL takes at most 65,535 per statement.
  for (let i = 0; i < ids.length; i += 10_000) {
    await db.delete(evaluationInputChanges).where(inArray(evaluationInputChanges.id, ids.slice(i, i + 10_000)));
  }
}

/** What each stored evaluation was computed over. */
export function selectEvaluationRuns(db: Db): Promise<EvaluationRunRow[]> {
  return db.select().from(heatEvaluationRuns);
}

/** Records what one (model, basis) evaluation was computed over, replacing the previous record. */
export async function upsertEvaluationRun(db: Db, row: EvaluationRunRow): Promise<void> {
  await db
    .insert(heatEvaluationRuns)
    .values(row)
    .onConflictDoUpdate({
      target: [heatEvaluationRuns.modelVersion, heatEvaluationRuns.basis],
      set: {
        fromDay: row.fromDay,
        toDay: row.toDay,
        settings: row.settings,
        mode: row.mode,
        computedAt: row.computedAt,
      },
    });
}

/** Forgets the records of a basis' evaluations (a full run then records the ones it computed). */
export async function deleteEvaluationRuns(db: Db, basis: EvaluationRunRow['basis']): Promise<void> {
  await db.delete(heatEvaluationRuns).where(eq(heatEvaluationRuns.basis, basis));
}
