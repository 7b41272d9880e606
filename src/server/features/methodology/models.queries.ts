import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { heatModels } from '../../db/schema/index.ts';

export type HeatModelRow = typeof heatModels.$inferSelect;
export type NewHeatModel = typeof heatModels.$inferInsert;

const COLUMNS = {
  id: heatModels.id,
  status: heatModels.status,
  definition: heatModels.definition,
  changelog: heatModels.changelog,
  origin: heatModels.origin,
  createdAt: heatModels.createdAt,
  promotedAt: heatModels.promotedAt,
};

/** Every model version, oldest first. */
export function selectHeatModels(db: Db): Promise<HeatModelRow[]> {
  return db.select(COLUMNS).from(heatModels).orderBy(asc(heatModels.createdAt), asc(heatModels.id));
}

export async function selectHeatModel(db: Db, id: string): Promise<HeatModelRow | undefined> {
  const [row] = await db.select(COLUMNS).from(heatModels).where(eq(heatModels.id, id));
  return row;
}

/** The current model's id and definition, or undefined before any is current (one row by the partial unique index). */
export async function selectCurrentHeatModel(db: Db): Promise<Pick<HeatModelRow, 'id' | 'definition'> | undefined> {
  const [row] = await db
    .select({ id: heatModels.id, definition: heatModels.definition })
    .from(heatModels)
    .where(eq(heatModels.status, 'current'));
  return row;
}

/** Locks and returns one model row for an update in `tx` (two promotions at once run one after the other). */
export async function selectHeatModelForUpdate(tx: Db, id: string): Promise<HeatModelRow | undefined> {
  const [row] = await tx.select(COLUMNS).from(heatModels).where(eq(heatModels.id, id)).for('update');
  return row;
}

/** Inserts a model unless its id exists; returns the row when it was inserted. */
export async function insertHeatModel(db: Db, row: NewHeatModel): Promise<HeatModelRow | undefined> {
  const [inserted] = await db.insert(heatModels).values(row).onConflictDoNothing().returning(COLUMNS);
  return inserted;
}

/** Marks the current model retired (before another becomes current: the partial unique index allows one). */
export async function retireCurrentModel(tx: Db): Promise<string | undefined> {
  const [row] = await tx
    .update(heatModels)
    .set({ status: 'retired' })
    .where(eq(heatModels.status, 'current'))
    .returning({ id: heatModels.id });
  return row?.id;
}

export async function markModelCurrent(tx: Db, id: string, at: Date): Promise<HeatModelRow | undefined> {
  const [row] = await tx
    .update(heatModels)
    .set({ status: 'current', promotedAt: at })
    .where(eq(heatModels.id, id))
    .returning(COLUMNS);
  return row;
}

/** True when some model is current. */
export async function hasCurrentModel(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(heatModels)
    .where(eq(heatModels.status, 'current'));
  return (row?.n ?? 0) > 0;
}
