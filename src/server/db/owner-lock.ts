import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { userProfiles } from './schema/index.ts';

/**
 * Serialises one user's capped writes (a cap's count and the insert or update after it) behind their profile row:
 * watchlists, alerts and saved searches take it inside their transaction. False when the user has no profile.
 */
export async function lockOwner(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
    .for('update');
  return rows.length > 0;
}

/** A unique index refused the row (drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : null);
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}
