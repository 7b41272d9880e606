import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { socialApiAccounts, socialApiUsage } from '../../db/schema/index.ts';

/** Columns safe to return anywhere: never the encrypted secrets. */
export const accountPublicColumns = {
  id: socialApiAccounts.id,
  label: socialApiAccounts.label,
  dailyUsage: socialApiAccounts.dailyUsage,
  usageDate: socialApiAccounts.usageDate,
  dailyLimit: socialApiAccounts.dailyLimit,
  lastUsed: socialApiAccounts.lastUsed,
  isActive: socialApiAccounts.isActive,
  disabledReason: socialApiAccounts.disabledReason,
  rateLimitedUntil: socialApiAccounts.rateLimitedUntil,
  expiresAt: socialApiAccounts.expiresAt,
  hasApiKey: sql<boolean>`${socialApiAccounts.apiKeyEnc} IS NOT NULL`,
  hasBearerToken: sql<boolean>`${socialApiAccounts.bearerTokenEnc} IS NOT NULL`,
  createdAt: socialApiAccounts.createdAt,
};

export async function insertAccount(db: Db, row: typeof socialApiAccounts.$inferInsert) {
  const [created] = await db.insert(socialApiAccounts).values(row).returning(accountPublicColumns);
  if (!created) throw new Error('insertAccount returned no row');
  return created;
}

export function selectAccounts(db: Db) {
  return db.select(accountPublicColumns).from(socialApiAccounts).orderBy(asc(socialApiAccounts.createdAt));
}

export async function selectAccountSecrets(db: Db, id: string) {
  const [row] = await db
    .select({
      apiKeyEnc: socialApiAccounts.apiKeyEnc,
      apiSecretEnc: socialApiAccounts.apiSecretEnc,
      bearerTokenEnc: socialApiAccounts.bearerTokenEnc,
    })
    .from(socialApiAccounts)
    .where(eq(socialApiAccounts.id, id));
  return row;
}

/** Enable (resetting today's usage to 0, spec §4) or disable manually. Returns whether the account exists. */
export async function updateAccountActive(db: Db, id: string, active: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(socialApiAccounts)
    .set(
      active
        ? { isActive: true, disabledReason: null, rateLimitedUntil: null, dailyUsage: 0, updatedAt: now }
        : { isActive: false, disabledReason: 'manual', updatedAt: now },
    )
    .where(eq(socialApiAccounts.id, id))
    .returning({ id: socialApiAccounts.id });
  return rows.length > 0;
}

export async function deleteAccount(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(socialApiAccounts)
    .where(eq(socialApiAccounts.id, id))
    .returning({ id: socialApiAccounts.id });
  return rows.length > 0;
}

export type AcquiredAccount = { id: string; label: string };

/**
 * Atomically takes one request slot: re-enables accounts whose rate-limit window has passed, then picks the usable
 * account with the fewest requests today (active, not expired, under its daily limit; the counter restarts on a new
 * UTC day), counts the request on it and returns it. Undefined when no account can serve a request now.
 */
export async function acquireAccountSlot(db: Db, now: Date, today: string): Promise<AcquiredAccount | undefined> {
  await db
    .update(socialApiAccounts)
    .set({ isActive: true, disabledReason: null, rateLimitedUntil: null, updatedAt: now })
    .where(and(eq(socialApiAccounts.disabledReason, 'rate_limited'), lt(socialApiAccounts.rateLimitedUntil, now)));
  const usage = sql`CASE WHEN usage_date = ${today}::date THEN daily_usage ELSE 0 END`;
  const rows = await queryRows<AcquiredAccount>(
    db,
    sql`UPDATE social_api_accounts SET daily_usage = ${usage} + 1, usage_date = ${today}::date,
          last_used = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = (
          SELECT id FROM social_api_accounts
          WHERE is_active AND (expires_at IS NULL OR expires_at > ${now.toISOString()}::timestamptz)
            AND ${usage} < daily_limit
          ORDER BY ${usage}, last_used NULLS FIRST, id
          LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, label`,
  );
  return rows[0];
}

/** The earliest moment a rate-limited account (with requests left today) becomes usable again, if any. */
export async function selectNextRateLimitReset(db: Db, today: string): Promise<Date | undefined> {
  const rows = await queryRows<{ until: string | Date | null }>(
    db,
    sql`SELECT min(rate_limited_until) AS until FROM social_api_accounts
        WHERE disabled_reason = 'rate_limited'
          AND (CASE WHEN usage_date = ${today}::date THEN daily_usage ELSE 0 END) < daily_limit`,
  );
  const until = rows[0]?.until;
  return until ? new Date(until) : undefined;
}

/** Disables an account after a 429 until `until` (the 15-minute window or `x-rate-limit-reset`). */
export async function markAccountRateLimited(db: Db, id: string, until: Date, now: Date): Promise<void> {
  await db
    .update(socialApiAccounts)
    .set({ isActive: false, disabledReason: 'rate_limited', rateLimitedUntil: until, updatedAt: now })
    .where(eq(socialApiAccounts.id, id));
}

/** Adds to today's usage record of an account (requests, errors, 429s). */
export async function incrementUsage(
  db: Db,
  accountId: string,
  date: string,
  delta: { requests?: number; errors?: number; rateLimit?: number },
): Promise<void> {
  const row = {
    date,
    accountId,
    requests: delta.requests ?? 0,
    errors: delta.errors ?? 0,
    rateLimit: delta.rateLimit ?? 0,
  };
  await db
    .insert(socialApiUsage)
    .values(row)
    .onConflictDoUpdate({
      target: [socialApiUsage.date, socialApiUsage.accountId],
      set: {
        requests: sql`${socialApiUsage.requests} + excluded.requests`,
        errors: sql`${socialApiUsage.errors} + excluded.errors`,
        rateLimit: sql`${socialApiUsage.rateLimit} + excluded.rate_limit`,
      },
    });
}

export function selectUsageSince(db: Db, since: string) {
  return db
    .select({
      date: socialApiUsage.date,
      accountId: socialApiUsage.accountId,
      requests: socialApiUsage.requests,
      errors: socialApiUsage.errors,
      rateLimit: socialApiUsage.rateLimit,
    })
    .from(socialApiUsage)
    .where(gte(socialApiUsage.date, since))
    .orderBy(asc(socialApiUsage.date), asc(socialApiUsage.accountId));
}

export async function deleteUsageBefore(db: Db, date: string): Promise<number> {
  const rows = await db
    .delete(socialApiUsage)
    .where(lt(socialApiUsage.date, date))
    .returning({ date: socialApiUsage.date });
  return rows.length;
}

/** Requests still available today across usable accounts (for sizing a social run). */
export async function selectRemainingCapacity(db: Db, now: Date, today: string): Promise<number> {
  const rows = await queryRows<{ remaining: number | string | null }>(
    db,
    sql`SELECT COALESCE(sum(greatest(daily_limit - CASE WHEN usage_date = ${today}::date THEN daily_usage ELSE 0 END, 0)), 0)
          AS remaining
        FROM social_api_accounts
        WHERE (is_active OR disabled_reason = 'rate_limited')
          AND (expires_at IS NULL OR expires_at > ${now.toISOString()}::timestamptz)`,
  );
  return Number(rows[0]?.remaining ?? 0);
}
