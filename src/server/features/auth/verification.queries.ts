import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, oauthAccounts } from '../../db/schema/index.ts';
import { type AuthTokenPurpose, isLiveAuthToken } from './auth.queries.ts';

/** The user of an unused, unexpired token, without using it (so a request that is refused leaves the link working). */
export async function selectLiveAuthTokenUserId(
  db: Db,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(isLiveAuthToken(tokenHash, purpose, now))
    .limit(1);
  return row?.userId;
}

/** Unlinks every OAuth identity of a user. */
export async function deleteUserOAuthAccounts(db: Db, userId: string): Promise<void> {
  await db.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
}
