import { and, desc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, userProfiles } from '../../db/schema/index.ts';

/** A page position: the last item's created_at to the microsecond (as PostgreSQL prints it) and its id. */
export type PageKey = { at: string; id: string };

// created_at keeps microseconds; a JS Date keeps milliseconds. The cursor carries the database's own text, so two
// notifications within one millisecond are neither skipped nor repeated across pages.
const createdAtKey = sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page of a user's notifications, newest first (ties by id), after `after` when given; `limit + 1` tells "more". */
export function selectNotificationPage(
  db: Db,
  userId: string,
  { after, unreadOnly, limit }: { after?: PageKey; unreadOnly: boolean; limit: number },
) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      params: notifications.params,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      pageKey: createdAtKey,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        unreadOnly ? isNull(notifications.readAt) : undefined,
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
}

/** Marks one of the user's notifications read (an already read one keeps its first read time); false when not theirs. */
export async function updateOneRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return row !== undefined;
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function updateAllRead(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes read notifications created before `readCutoff` and any created before `anyCutoff`. */
export async function deleteOldNotifications(db: Db, readCutoff: Date, anyCutoff: Date): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(
      or(
        and(isNotNull(notifications.readAt), lt(notifications.createdAt, readCutoff)),
        lt(notifications.createdAt, anyCutoff),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Profiles whose paid plan (not free) ends in (from, to]: the membership expiry warning's candidates. */
export function selectPlansEndingBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      userId: userProfiles.id,
      points: userProfiles.points,
      level: userProfiles.membershipLevel,
      expiresAt: userProfiles.membershipExpiresAt,
    })
    .from(userProfiles)
    .where(
      and(
        ne(userProfiles.membershipLevel, 'free'),
        sql`${userProfiles.membershipExpiresAt} > ${from.toISOString()}::timestamptz`,
        sql`${userProfiles.membershipExpiresAt} <= ${to.toISOString()}::timestamptz`,
      ),
    );
}
