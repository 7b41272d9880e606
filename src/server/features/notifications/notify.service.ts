import { sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/api/notifications.schema.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

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

/** A user's unread count (the bell). Uses the partial unread index. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(sql`${notifications.userId} = ${userId} AND ${notifications.readAt} IS NULL`);
  return row?.n ?? 0;
}
