import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/api/notifications.schema.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { countUnreadBroadcasts, insertBroadcast } from './broadcasts.queries.ts';

export type NewNotification = {
  userId: string;
  kind: NotificationKind;
  params: Record<string, unknown>;
  /** In-app path the notification opens (e.g. /project/bitcoin), or null. */
  link: string | null;
  /** One per source event (e.g. `alert:<id>:<firing>`): reporting the same event again adds nothing. */
  dedupeKey: string;
};

/**
 * The one way a source (alerts, search alerts, points, levels, membership expiry) adds notifications: idempotent by
 * (user, dedupe key), so a retried or concurrent report of the same event stays one row. Pass the transaction the
 * source event is written in, so the notification exists exactly when the event does. Returns how many were new.
 */
export async function notify(db: Db, rows: readonly NewNotification[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(notifications)
    .values(rows.map((r) => ({ ...r })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  return inserted.length;
}

/**
 * The way a source tells every user at once (a heat model promotion): one broadcast row, whatever the number of users,
 * shown to each user made before it beside their own notifications. Idempotent by `dedupeKey`; pass the source's
 * transaction. Returns true when it was new. The caller publishes `notifications.broadcast` after its commit, so open
 * pages refetch (a per-user row would raise one realtime NOTIFY per user).
 */
export function notifyEveryone(db: Db, row: Omit<NewNotification, 'userId'> & { createdAt: Date }): Promise<boolean> {
  return insertBroadcast(db, row);
}

/** A user's unread count (the bell): their own unread (the partial unread index) and the broadcasts they have not read. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [[row], broadcasts] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(sql`${notifications.userId} = ${userId} AND ${notifications.readAt} IS NULL`),
    countUnreadBroadcasts(db, userId),
  ]);
  return (row?.n ?? 0) + broadcasts;
}
