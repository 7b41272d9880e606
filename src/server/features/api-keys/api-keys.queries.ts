import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, userProfiles, users } from '../../db/schema/index.ts';

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};
export type ApiKeyRow = { [K in keyof typeof listColumns]: (typeof apiKeys.$inferSelect)[K] };

/** A user's keys, newest first. */
export function selectApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select(listColumns)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Locks the user's row until the transaction ends: parallel creations take turns, so the cap's count holds. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countActiveApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return Number(row?.n ?? 0);
}

/** Inserts a key; undefined when its prefix is already taken (72 random bits: the caller draws again). */
export async function insertApiKey(
  db: Db,
  values: { userId: string; name: string; prefix: string; keyHash: string; createdAt: Date },
): Promise<ApiKeyRow | undefined> {
  const [row] = await db.insert(apiKeys).values(values).onConflictDoNothing().returning(listColumns);
  return row;
}

/** Revokes one of the user's own keys (a revoked one keeps its first revocation time); undefined when not theirs. */
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning(listColumns);
  return row;
}

/** The active key with this public prefix, with its owner's plan (one statement per API call). */
export async function selectActiveKeyByPrefix(db: Db, prefix: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      keyHash: apiKeys.keyHash,
      lastUsedAt: apiKeys.lastUsedAt,
      points: userProfiles.points,
      paidLevel: userProfiles.membershipLevel,
      paidExpiresAt: userProfiles.membershipExpiresAt,
    })
    .from(apiKeys)
    .leftJoin(userProfiles, eq(userProfiles.id, apiKeys.userId))
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)));
  return row;
}

/** Sets last_used_at unless another call did within the last `minIntervalMs` (so most calls write nothing). */
export async function touchApiKey(db: Db, id: string, now: Date, minIntervalMs: number): Promise<void> {
  const before = new Date(now.getTime() - minIntervalMs);
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, before))));
}
