import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alerts, quotaUsage, savedSearches } from '../../db/schema/index.ts';

export type QuotaCounter = { subject: string; quota: string; windowStart: Date };

/**
 * Counts one use in ONE statement: the first use inserts 1; later ones add 1 only while `used` is below the limit.
 * Row locks on the conflicting key serialise concurrent callers, so exactly `limit` of them get a row back — on
 * PGlite and on PostgreSQL alike, and across app instances. Null = the window's limit is already used up.
 * limit < 0 (unlimited) still counts, without the guard.
 */
export async function incrementUsage(db: Db, counter: QuotaCounter, limit: number): Promise<number | null> {
  const rows = await db
    .insert(quotaUsage)
    .values({ ...counter, used: 1 })
    .onConflictDoUpdate({
      target: [quotaUsage.subject, quotaUsage.quota, quotaUsage.windowStart],
      set: { used: sql`${quotaUsage.used} + 1` },
      ...(limit < 0 ? {} : { setWhere: sql`${quotaUsage.used} < ${limit}` }),
    })
    .returning({ used: quotaUsage.used });
  return rows[0]?.used ?? null;
}

/** A subject's counters for the given quotas and window starts (missing rows = nothing used yet). */
export async function selectUsage(db: Db, subject: string, counters: readonly Omit<QuotaCounter, 'subject'>[]) {
  if (counters.length === 0) return [];
  const rows = await db
    .select()
    .from(quotaUsage)
    .where(
      and(
        eq(quotaUsage.subject, subject),
        inArray(
          quotaUsage.quota,
          counters.map((c) => c.quota),
        ),
      ),
    );
  return rows.filter((row) =>
    counters.some((c) => c.quota === row.quota && c.windowStart.getTime() === row.windowStart.getTime()),
  );
}

/** Deletes the counters of windows that began before `before`; returns how many. */
export async function deleteUsageBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(quotaUsage)
    .where(lt(quotaUsage.windowStart, before))
    .returning({ subject: quotaUsage.subject });
  return rows.length;
}

/** Deletes every counter of one subject (an account being deleted). */
export async function deleteSubjectUsage(db: Db, subject: string): Promise<void> {
  await db.delete(quotaUsage).where(eq(quotaUsage.subject, subject));
}

/** A user's active alerts and active search alerts: the concurrent-alerts quota's "used" (one statement). */
export async function countActiveAlerts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(SELECT count(*) FROM ${alerts} WHERE ${alerts.userId} = ${userId} AND ${alerts.isActive})::int
        + (SELECT count(*) FROM ${savedSearches} WHERE ${savedSearches.userId} = ${userId} AND ${savedSearches.alertEnabled})::int`,
    })
    .from(sql`(SELECT 1) AS one`);
  return Number(row?.n ?? 0);
}
