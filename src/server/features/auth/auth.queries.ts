import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authRateLimits, authTokens, oauthAccounts, sessions, userProfiles, users } from '../../db/schema/index.ts';

export const userColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  authEpoch: users.authEpoch,
  createdAt: users.createdAt,
};
export type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };
export type ProfileRow = typeof userProfiles.$inferSelect;
export type AuthTokenPurpose = (typeof authTokens.$inferSelect)['purpose'];
export type OAuthProviderId = (typeof oauthAccounts.$inferSelect)['provider'];

export async function selectUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function selectUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; undefined when the e-mail is taken (unique violation avoided with ON CONFLICT). */
export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning(userColumns);
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'role' | 'emailVerifiedAt' | 'email'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning(userColumns);
  return row;
}

/** Creates the profile unless it exists (the spec's PGRST116 rule); free level and zero counters by default. */
export async function insertProfileIfMissing(db: Db, values: typeof userProfiles.$inferInsert): Promise<void> {
  await db.insert(userProfiles).values(values).onConflictDoNothing({ target: userProfiles.id });
}

export async function selectProfile(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.id, id)).limit(1);
  return row;
}

export async function updateProfile(
  db: Db,
  id: string,
  patch: Partial<Pick<ProfileRow, 'email' | 'name' | 'avatarUrl' | 'lastActive'>>,
  now: Date,
): Promise<void> {
  await db
    .update(userProfiles)
    .set({ ...patch, updatedAt: now })
    .where(eq(userProfiles.id, id));
}

/** last_active at most once a minute: one conditional UPDATE that matches nothing within the minute. */
export const LAST_ACTIVE_INTERVAL_MS = 60 * 1000;
export async function touchLastActive(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(userProfiles)
    .set({ lastActive: now })
    .where(
      and(eq(userProfiles.id, id), lt(userProfiles.lastActive, new Date(now.getTime() - LAST_ACTIVE_INTERVAL_MS))),
    );
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function selectSessionWithUser(db: Db, id: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      authEpoch: sessions.authEpoch,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: userColumns,
      testLevel: sessions.testLevel,
      // Read here so a request moves last_active only when it is a minute old, without an UPDATE per request.
      lastActive: userProfiles.lastActive,
      // Read here so the viewer's level (access/viewer-level.ts) needs no query of its own.
      points: userProfiles.points,
      paidLevel: userProfiles.membershipLevel,
      paidExpiresAt: userProfiles.membershipExpiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  return row;
}

export async function updateSessionExpiry(db: Db, id: string, expiresAt: Date, lastSeenAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt, lastSeenAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Removes a user's dead rows: expired sessions, and one-time tokens that were used or have expired. */
export async function deleteDeadAuthRows(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), or(lte(authTokens.expiresAt, now), isNotNull(authTokens.usedAt))));
}

export async function insertAuthToken(db: Db, values: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(values);
}

/** The SQL condition for a token that is unused and unexpired: one definition for reading and for spending it. */
export function isLiveAuthToken(tokenHash: string, purpose: AuthTokenPurpose, now: Date) {
  return and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );
}

/** Marks an unused, unexpired token as used in one statement (so it works once); returns its user id. */
export async function consumeAuthToken(
  db: Db,
  tokenHash: string,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(isLiveAuthToken(tokenHash, purpose, now))
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

export async function selectOAuthAccountUserId(
  db: Db,
  provider: OAuthProviderId,
  providerUserId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return row?.userId;
}

export async function insertOAuthAccount(db: Db, values: typeof oauthAccounts.$inferInsert): Promise<void> {
  await db.insert(oauthAccounts).values(values).onConflictDoNothing();
}

/**
 * Counts one hit against `key` in a fixed window of `windowMs` starting at its first hit, atomically (one upsert, so
 * concurrent instances agree). Returns the count in the current window and when it resets.
 */
export async function incrementRateLimit(db: Db, key: string, windowMs: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`CASE WHEN ${authRateLimits.resetAt} <= ${at} THEN 1 ELSE ${authRateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${authRateLimits.resetAt} <= ${at} THEN excluded.reset_at ELSE ${authRateLimits.resetAt} END`,
      },
    })
    .returning({ count: authRateLimits.count, resetAt: authRateLimits.resetAt });
  if (!row) throw new Error('rate-limit upsert returned no row');
  return row;
}

/** Drops windows that ended before `before` (they would restart at 1 anyway). */
export async function deleteStaleRateLimits(db: Db, before: Date): Promise<void> {
  await db.delete(authRateLimits).where(lt(authRateLimits.resetAt, before));
}

/** Gives back one hit of `key` (a reserved sign-in attempt that turned out to be the right password). */
export async function refundRateLimit(db: Db, key: string): Promise<void> {
  await db
    .update(authRateLimits)
    .set({ count: sql`GREATEST(${authRateLimits.count} - 1, 0)` })
    .where(eq(authRateLimits.key, key));
}

export async function deleteRateLimits(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(authRateLimits).where(inArray(authRateLimits.key, keys));
}

/** The user id of a live known-device token, only when that token belongs to the account with this e-mail. */
export async function selectKnownDeviceUserId(
  db: Db,
  tokenHash: string,
  email: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, 'known_device'),
        gt(authTokens.expiresAt, now),
        eq(users.email, email),
      ),
    )
    .limit(1);
  return row?.userId;
}

/** Voids a user's outstanding tokens of one purpose, found by e-mail: the same statement whether or not it exists. */
export async function expireTokensByEmail(db: Db, email: string, purpose: AuthTokenPurpose, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        inArray(authTokens.userId, db.select({ id: users.id }).from(users).where(eq(users.email, email))),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
      ),
    );
}

/**
 * Stores a token for the account with this e-mail, in one INSERT … SELECT that inserts nothing when there is none:
 * a reset request does the same statements for a known and an unknown address (no enumeration by timing).
 */
export async function insertAuthTokenByEmail(
  db: Db,
  values: { tokenHash: string; email: string; purpose: AuthTokenPurpose; expiresAt: Date; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(authTokens)
    .select(
      db
        .select({
          tokenHash: sql<string>`${values.tokenHash}::text`.as('token_hash'),
          userId: users.id,
          purpose: sql<AuthTokenPurpose>`${values.purpose}::text`.as('purpose'),
          expiresAt: sql<Date>`${values.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          usedAt: sql<Date | null>`NULL::timestamptz`.as('used_at'),
          createdAt: sql<Date>`${values.createdAt.toISOString()}::timestamptz`.as('created_at'),
        })
        .from(users)
        .where(eq(users.email, values.email)),
    )
    .returning({ userId: authTokens.userId });
  return rows.length > 0;
}
