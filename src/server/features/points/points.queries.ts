import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pointsHistory, userProfiles } from '../../db/schema/index.ts';

export type PointsRow = typeof pointsHistory.$inferSelect;

/** What a ledger change and the points route read of a profile: the balance and the paid plan. */
const PROFILE_POINTS = {
  points: userProfiles.points,
  membershipLevel: userProfiles.membershipLevel,
  membershipExpiresAt: userProfiles.membershipExpiresAt,
};

/** Locks the user's profile row for the rest of the transaction (one ledger writer per user at a time). */
export async function lockProfilePoints(db: Db, userId: string) {
  const [row] = await db.select(PROFILE_POINTS).from(userProfiles).where(eq(userProfiles.id, userId)).for('update');
  return row;
}

export async function selectProfilePoints(db: Db, userId: string) {
  const [row] = await db.select(PROFILE_POINTS).from(userProfiles).where(eq(userProfiles.id, userId));
  return row;
}

export async function selectEntryByKey(db: Db, userId: string, key: string): Promise<PointsRow | undefined> {
  const [row] = await db
    .select()
    .from(pointsHistory)
    .where(and(eq(pointsHistory.userId, userId), eq(pointsHistory.idempotencyKey, key)));
  return row;
}

/**
 * Moves the balance by `change` in one statement, only while the result stays ≥ 0; returns the new balance, or
 * undefined when the debit is larger than the balance (nothing changed).
 */
export async function applyBalanceChange(db: Db, userId: string, change: number, now: Date) {
  const [row] = await db
    .update(userProfiles)
    .set({ points: sql`${userProfiles.points} + ${change}`, updatedAt: now })
    .where(and(eq(userProfiles.id, userId), sql`${userProfiles.points} + ${change} >= 0`))
    .returning({ points: userProfiles.points });
  return row?.points;
}

export async function insertEntry(db: Db, values: typeof pointsHistory.$inferInsert): Promise<PointsRow> {
  const [row] = await db.insert(pointsHistory).values(values).returning();
  return row!;
}

/** A page of a user's ledger, newest first (id breaks ties within the same instant). */
export async function selectEntries(db: Db, userId: string, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(pointsHistory)
    .where(eq(pointsHistory.userId, userId))
    .orderBy(desc(pointsHistory.createdAt), desc(pointsHistory.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countEntries(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pointsHistory).where(eq(pointsHistory.userId, userId));
  return row?.n ?? 0;
}

/** The ledger's sum and last total for a user (for checks: both must equal the balance). */
export async function selectLedgerSummary(db: Db, userId: string) {
  const [sum] = await db
    .select({ total: sql<number>`coalesce(sum(${pointsHistory.pointsChange}), 0)::int` })
    .from(pointsHistory)
    .where(eq(pointsHistory.userId, userId));
  const [last] = await db
    .select({ currentTotal: pointsHistory.currentTotal })
    .from(pointsHistory)
    .where(eq(pointsHistory.userId, userId))
    .orderBy(desc(pointsHistory.id))
    .limit(1);
  return { sum: sum?.total ?? 0, lastTotal: last?.currentTotal ?? 0 };
}
