import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationBroadcastReads, notificationBroadcasts, users } from '../../db/schema/index.ts';
import type { PageKey } from './notifications.queries.ts';

// Broadcasts (one row for every user) as one user sees them: those made since the account was created, read when the
// user has a read row. Merged with the user's own notifications by notifications.service.ts.

const createdAtKey = sql<string>`to_char(${notificationBroadcasts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** The broadcasts `userId` sees: made at or after the account's creation. */
const visibleTo = (userId: string) =>
  sql`${notificationBroadcasts.createdAt} >= (SELECT ${users.createdAt} FROM ${users} WHERE ${users.id} = ${userId})`;

/** One page of the broadcasts a user sees, newest first (ties by id), in the same shape and order as their own. */
export function selectBroadcastPage(
  db: Db,
  userId: string,
  { after, unreadOnly, limit }: { after?: PageKey; unreadOnly: boolean; limit: number },
) {
  return db
    .select({
      id: notificationBroadcasts.id,
      kind: notificationBroadcasts.kind,
      params: notificationBroadcasts.params,
      link: notificationBroadcasts.link,
      readAt: notificationBroadcastReads.readAt,
      createdAt: notificationBroadcasts.createdAt,
      pageKey: createdAtKey,
    })
    .from(notificationBroadcasts)
    .leftJoin(
      notificationBroadcastReads,
      and(
        eq(notificationBroadcastReads.broadcastId, notificationBroadcasts.id),
        eq(notificationBroadcastReads.userId, userId),
      ),
    )
    .where(
      and(
        visibleTo(userId),
        unreadOnly ? sql`${notificationBroadcastReads.readAt} IS NULL` : undefined,
        after
          ? sql`(${notificationBroadcasts.createdAt}, ${notificationBroadcasts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notificationBroadcasts.createdAt), desc(notificationBroadcasts.id))
    .limit(limit + 1);
}

/** How many broadcasts the user sees and has not read (broadcasts are few: a handful a year). */
export async function countUnreadBroadcasts(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationBroadcasts)
    .where(
      and(
        visibleTo(userId),
        sql`NOT EXISTS (SELECT 1 FROM ${notificationBroadcastReads} r
          WHERE r.broadcast_id = ${notificationBroadcasts.id} AND r.user_id = ${userId})`,
      ),
    );
  return row?.n ?? 0;
}

/** Marks broadcast `id` read for the user (a second read keeps the first time); false when the user does not see it. */
export async function insertBroadcastRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const [visible] = await db
    .select({ id: notificationBroadcasts.id })
    .from(notificationBroadcasts)
    .where(and(eq(notificationBroadcasts.id, id), visibleTo(userId)));
  if (!visible) return false;
  await db.insert(notificationBroadcastReads).values({ userId, broadcastId: id, readAt: now }).onConflictDoNothing();
  return true;
}

/** Marks every broadcast the user sees read. */
export async function insertAllBroadcastReads(db: Db, userId: string, now: Date): Promise<void> {
  await db.execute(sql`INSERT INTO ${notificationBroadcastReads} (user_id, broadcast_id, read_at)
    SELECT ${userId}::uuid, b.id, ${now.toISOString()}::timestamptz FROM ${notificationBroadcasts} b
    WHERE b.created_at >= (SELECT ${users.createdAt} FROM ${users} WHERE ${users.id} = ${userId})
    ON CONFLICT DO NOTHING`);
}

/** Adds a broadcast unless one with its dedupe key exists; true when it was added. */
export async function insertBroadcast(
  db: Db,
  row: {
    kind: (typeof notificationBroadcasts.$inferInsert)['kind'];
    params: Record<string, unknown>;
    link: string | null;
    dedupeKey: string;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(notificationBroadcasts)
    .values(row)
    .onConflictDoNothing({ target: notificationBroadcasts.dedupeKey })
    .returning({ id: notificationBroadcasts.id });
  return inserted.length > 0;
}

/** Deletes broadcasts created before `cutoff` (their reads go with them). */
export async function deleteOldBroadcasts(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(notificationBroadcasts)
    .where(sql`${notificationBroadcasts.createdAt} < ${cutoff.toISOString()}::timestamptz`)
    .returning({ id: notificationBroadcasts.id });
  return rows.length;
}
