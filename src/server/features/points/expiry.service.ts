import { eq, sql } from 'drizzle-orm';
import { dayKey } from '../../../shared/time/day-window.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { pointsHistory } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { lockProfilePoints } from './points.queries.ts';
import { changePoints } from './points.service.ts';

/**
 * FIFO: spending uses the oldest points first, so what is left of the credits earned before the cutoff is those
 * credits minus every debit ever (earlier expiries included), never below 0.
 */
function expirableSql(cutoff: Date) {
  return sql<number>`(
    coalesce(sum(${pointsHistory.pointsChange}) filter (where ${pointsHistory.pointsChange} > 0 and ${pointsHistory.createdAt} < ${cutoff}), 0)
    + coalesce(sum(${pointsHistory.pointsChange}) filter (where ${pointsHistory.pointsChange} < 0), 0)
  )::int`;
}

export type ExpiryOptions = { now: Date; days: number; timeZone: string };

/**
 * Expires points earned more than `days` ago and not spent since (POINTS_EXPIRY_DAYS; 0 = nothing expires). One
 * ledger row (reason points.expired) per user, keyed by the zone's day, so a second run that day changes nothing;
 * each user's amount is computed again under the profile lock, so a debit racing the job is never expired twice.
 */
export async function expirePoints(db: Db, { now, days, timeZone }: ExpiryOptions) {
  if (days <= 0) return { users: 0, points: 0 };
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const day = dayKey(now, timeZone);
  const expirable = expirableSql(cutoff);
  const candidates = await db
    .select({ userId: pointsHistory.userId })
    .from(pointsHistory)
    .groupBy(pointsHistory.userId)
    .having(sql`${expirable} > 0`);
  let users = 0;
  let points = 0;
  for (const { userId } of candidates) {
    const expired = await withTransaction(db, async (tx) => {
      await lockProfilePoints(tx, userId);
      const [row] = await tx.select({ amount: expirable }).from(pointsHistory).where(eq(pointsHistory.userId, userId));
      const amount = row?.amount ?? 0;
      if (amount <= 0) return 0;
      const result = await changePoints(tx, {
        userId,
        change: -amount,
        reason: 'points.expired',
        idempotencyKey: `points.expired:${day}`,
        now,
      });
      return result.applied ? amount : 0;
    });
    if (expired > 0) {
      users++;
      points += expired;
    }
  }
  return { users, points };
}
