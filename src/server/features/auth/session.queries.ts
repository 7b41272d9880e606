import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
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
