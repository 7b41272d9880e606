// Test helpers for the tasks feature: the ledger's own view of a balance, read directly (not through points' queries).
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adViews, pointsHistory } from '../../db/schema/index.ts';
import { startAd } from './ads.service.ts';

/**
 * The user's open ad view (opened now if none is), moved 20 s into the past: creditable without sleeping. Returns its
 * token. Only the view's own start time moves; the server's rules are the ones a claim meets.
 */
export async function creditableAdToken(
  db: Db,
  userId: string,
  clock: { timeZone: string; minViewSeconds: number },
): Promise<string> {
  const { token } = await startAd(db, userId, 'free', 'en', { ...clock, now: new Date() });
  await db
    .update(adViews)
    .set({ issuedAt: new Date(Date.now() - 20_000) })
    .where(eq(adViews.id, token));
  return token;
}

/** The ledger's sum and its last running total for a user: both must equal the balance. */
export async function ledgerSummary(db: Db, userId: string) {
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

/** A user's ledger rows, oldest first. */
export function ledgerRows(db: Db, userId: string) {
  return db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId)).orderBy(pointsHistory.id);
}
