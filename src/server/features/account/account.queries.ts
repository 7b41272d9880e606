import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, oauthAccounts, userProfiles, users } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';

type ProfileRow = typeof userProfiles.$inferSelect;
export type ProfilePatch = Partial<
  Pick<ProfileRow, 'name' | 'avatarUrl' | 'priceColours' | 'language' | 'theme' | 'numberStyle'>
>;

/** Writes the user's own display name and avatar (and updated_at); the row is found by the session's user id only. */
export async function updateProfileDetails(
  db: Db,
  userId: string,
  patch: ProfilePatch,
  now: Date,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(userProfiles)
    .set({ ...patch, updatedAt: now })
    .where(eq(userProfiles.id, userId))
    .returning();
  return row;
}

/** The user's own display preferences (undefined: no profile row yet). */
export async function selectPreferences(db: Db, userId: string) {
  const [row] = await db
    .select({
      language: userProfiles.language,
      theme: userProfiles.theme,
      priceColours: userProfiles.priceColours,
      numberStyle: userProfiles.numberStyle,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
    .limit(1);
  return row;
}

/** The OAuth identities linked to a user, oldest first. */
export async function selectLinkedProviders(db: Db, userId: string) {
  return db
    .select({ provider: oauthAccounts.provider, linkedAt: oauthAccounts.createdAt })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(asc(oauthAccounts.createdAt), asc(oauthAccounts.provider));
}

/**
 * Deletes a user. Every table holding a user's rows references users(id) ON DELETE CASCADE (profiles, sessions,
 * tokens, OAuth links, ledger, tasks, searches, alerts, exports, payments…; account.delete.test.ts checks the catalogue
 * so a new table cannot forget it), so one DELETE removes them all. mail_outbox has no user id: mails still queued for
 * the address go in the same transaction.
 */
export async function deleteUserAndRows(db: Db, userId: string, email: string | null): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    if (email) await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return deleted.length === 1;
  });
}
