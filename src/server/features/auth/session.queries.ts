import { and, eq, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, sessions, users } from '../../db/schema/index.ts';
import { type UserRow, userColumns } from './auth.queries.ts';

type ControlPatch = Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'role' | 'emailVerifiedAt'>>;

/**
 * Applies a change of who controls an account (verification, new password, role) and ends its earlier sessions. The
 * patch and auth_epoch + 1 are one UPDATE, so no moment exists where the new rights meet an old session; the DELETE
 * afterwards only tidies rows that resolveSession would refuse anyway.
 */
export async function updateUserRevokingSessions(
  db: Db,
  id: string,
  patch: ControlPatch,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, authEpoch: sql`${users.authEpoch} + 1`, updatedAt: now })
    .where(eq(users.id, id))
    .returning(userColumns);
  if (row) await db.delete(sessions).where(and(eq(sessions.userId, id), lt(sessions.authEpoch, row.authEpoch)));
  return row;
}

/** Ends every session of a user (password reset, take-over). */
export async function revokeUserSessions(db: Db, id: string, now: Date): Promise<void> {
  await updateUserRevokingSessions(db, id, {}, now);
}

/**
 * Deletes every session that can no longer sign anyone in: past its expiry, or opened before `openedBefore` (the
 * absolute lifetime); and every one-time link that was used or has expired. Returns how many of each went.
 */
export async function deleteDeadSessions(db: Db, now: Date, openedBefore: Date) {
  const deadSessions = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.createdAt, openedBefore)))
    .returning({ id: sessions.id });
  const deadLinks = await db
    .delete(authTokens)
    .where(or(lte(authTokens.expiresAt, now), isNotNull(authTokens.usedAt)))
    .returning({ hash: authTokens.tokenHash });
  return { sessions: deadSessions.length, authTokens: deadLinks.length };
}
