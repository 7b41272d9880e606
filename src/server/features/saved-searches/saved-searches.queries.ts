import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedSearches, savedSearchResults, userProfiles } from '../../db/schema/index.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchValues = {
  name: string;
  query: Record<string, string>;
  alertEnabled: boolean;
  alertHeatThreshold: number | null;
};

export function selectSavedSearches(db: Db, userId: string) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.name));
}

/** One of the user's own saved searches; another user's id finds nothing (the caller answers 404). */
export async function selectOwnSavedSearch(db: Db, userId: string, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row;
}

export async function countSavedSearches(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** Undefined when the name is taken (the (user, name) unique index). */
export async function insertSavedSearch(db: Db, userId: string, values: SavedSearchValues, now: Date) {
  const [row] = await db
    .insert(savedSearches)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.name] })
    .returning();
  return row;
}

export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  patch: Partial<SavedSearchValues> & { evaluatedAt?: null },
  now: Date,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function deleteBaseline(db: Db, savedSearchId: string): Promise<void> {
  await db.delete(savedSearchResults).where(eq(savedSearchResults.savedSearchId, savedSearchId));
}

/** Every search alert (alert-enabled saved search) with its owner's plan inputs, oldest first. */
export function selectAlertSearches(db: Db) {
  return db
    .select({
      search: savedSearches,
      points: userProfiles.points,
      paidLevel: userProfiles.membershipLevel,
      paidExpiresAt: userProfiles.membershipExpiresAt,
    })
    .from(savedSearches)
    .innerJoin(userProfiles, eq(userProfiles.id, savedSearches.userId))
    .where(eq(savedSearches.alertEnabled, true))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function selectSearchForUpdate(db: Db, id: string) {
  const [row] = await db
    .select({ alertEnabled: savedSearches.alertEnabled, updatedAt: savedSearches.updatedAt })
    .from(savedSearches)
    .where(eq(savedSearches.id, id))
    .for('update');
  return row;
}

export function selectBaseline(db: Db, savedSearchId: string) {
  return db
    .select({ projectId: savedSearchResults.projectId, aboveThreshold: savedSearchResults.aboveThreshold })
    .from(savedSearchResults)
    .where(eq(savedSearchResults.savedSearchId, savedSearchId));
}

/**
 * The baseline after a pass: every current result is recorded (with whether it is above the threshold now); the
 * projects seen before that are not results now stay seen, but below the threshold (re-entering above it crosses).
 */
export async function writeBaseline(
  db: Db,
  savedSearchId: string,
  results: readonly { projectId: string; aboveThreshold: boolean }[],
  now: Date,
): Promise<void> {
  const ids = results.map((r) => r.projectId);
  if (results.length > 0) {
    await db
      .insert(savedSearchResults)
      .values(results.map((r) => ({ savedSearchId, ...r, firstSeenAt: now })))
      .onConflictDoUpdate({
        target: [savedSearchResults.savedSearchId, savedSearchResults.projectId],
        set: { aboveThreshold: sql`excluded.above_threshold` },
      });
  }
  await db
    .update(savedSearchResults)
    .set({ aboveThreshold: false })
    .where(
      and(
        eq(savedSearchResults.savedSearchId, savedSearchId),
        eq(savedSearchResults.aboveThreshold, true),
        ids.length > 0 ? notInArray(savedSearchResults.projectId, ids) : undefined,
      ),
    );
}

export async function markEvaluated(db: Db, id: string, now: Date, notified: boolean): Promise<void> {
  await db
    .update(savedSearches)
    .set(notified ? { evaluatedAt: now, lastNotifiedAt: now } : { evaluatedAt: now })
    .where(eq(savedSearches.id, id));
}
