import type { SocialAccount } from '../../../shared/api/social-accounts.schema.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { decryptSecret, encryptSecret } from '../../secret-crypto.ts';
import {
  acquireAccountSlot,
  deleteAccount,
  deleteUsageBefore,
  incrementUsage,
  insertAccount,
  markAccountRateLimited,
  selectAccountSecrets,
  selectAccounts,
  selectNextRateLimitReset,
  selectRemainingCapacity,
  selectUsageSince,
  updateAccountActive,
} from './social-accounts.queries.ts';

/** Spec §9 "Social API accounts". */
export const X_DAILY_LIMIT = 300;
export const X_RATE_LIMIT_WINDOW_MS = 15 * 60_000;
export const USAGE_RETENTION_DAYS = 30;
export const DEFAULT_STATS_DAYS = 7;

/** The UTC calendar day of `now` (YYYY-MM-DD): daily usage restarts at UTC midnight. */
export function toUsageDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export type NewAccount = {
  label: string;
  apiKey?: string;
  apiSecret?: string;
  bearerToken?: string;
  dailyLimit?: number;
  expiresAt?: Date;
};

function requireKey(secretKey: string | undefined): string {
  if (!secretKey) throw new AppError('BAD_REQUEST', { reason: 'SECRET_KEY is not configured' });
  return secretKey;
}

/**
 * Adds an X API account; secrets are encrypted with AES-256-GCM under SECRET_KEY and never returned. Needs a bearer
 * token or an API key + secret (client credentials). Throws AppError BAD_REQUEST otherwise or without SECRET_KEY.
 */
export async function createSocialAccount(
  db: Db,
  actor: AdminActor,
  secretKey: string | undefined,
  input: NewAccount,
  now = new Date(),
): Promise<SocialAccount> {
  const key = requireKey(secretKey);
  if (!input.bearerToken && !(input.apiKey && input.apiSecret)) {
    throw new AppError('BAD_REQUEST', { reason: 'a bearer token or an API key and secret is required' });
  }
  return withTransaction(db, async (tx) => {
    const row = await insertAccount(tx, {
      label: input.label,
      apiKeyEnc: input.apiKey ? encryptSecret(input.apiKey, key) : null,
      apiSecretEnc: input.apiSecret ? encryptSecret(input.apiSecret, key) : null,
      bearerTokenEnc: input.bearerToken ? encryptSecret(input.bearerToken, key) : null,
      dailyLimit: input.dailyLimit ?? X_DAILY_LIMIT,
      expiresAt: input.expiresAt ?? null,
    });
    const account = toSocialAccount(row, toUsageDate(now));
    // The API shape: whether a secret is present, never the secret.
    const entry = { action: 'social-account.create', entity: 'social-account' as const, entityId: account.id };
    await recordAdminAction(tx, { actor, ...entry, after: account });
    return account;
  });
}

type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

/** Row → API shape: ISO times, today's usage, and no secret of any kind. */
export function toSocialAccount(row: AccountRow, today: string): SocialAccount {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: row.id,
    label: row.label,
    dailyUsage: row.usageDate === today ? row.dailyUsage : 0,
    dailyLimit: row.dailyLimit,
    lastUsed: iso(row.lastUsed),
    isActive: row.isActive,
    disabledReason: row.disabledReason,
    rateLimitedUntil: iso(row.rateLimitedUntil),
    expiresAt: iso(row.expiresAt),
    hasApiKey: Boolean(row.hasApiKey),
    hasBearerToken: Boolean(row.hasBearerToken),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Accounts without secrets; `dailyUsage` is today's (0 when the stored counter belongs to an earlier day). */
export async function listSocialAccounts(db: Db, now: Date): Promise<SocialAccount[]> {
  const today = toUsageDate(now);
  return (await selectAccounts(db)).map((row) => toSocialAccount(row, today));
}

/** Enables (resets today's usage to 0) or manually disables an account. Throws AppError NOT_FOUND. */
export async function setSocialAccountActive(
  db: Db,
  actor: AdminActor,
  id: string,
  active: boolean,
  now: Date,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    if (!(await updateAccountActive(tx, id, active, now))) throw new AppError('NOT_FOUND');
    const action = active ? 'social-account.enable' : 'social-account.disable';
    await recordAdminAction(tx, { actor, action, entity: 'social-account', entityId: id });
  });
}

/** Deletes an account and its usage records. Throws AppError NOT_FOUND. */
export async function removeSocialAccount(db: Db, actor: AdminActor, id: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    if (!(await deleteAccount(tx, id))) throw new AppError('NOT_FOUND');
    await recordAdminAction(tx, { actor, action: 'social-account.delete', entity: 'social-account', entityId: id });
  });
}

export type AccountCredentials = { bearerToken?: string; apiKey?: string; apiSecret?: string };

/** Decrypted credentials for the pool only (server-side); never send these anywhere but the X API. */
export async function getAccountCredentials(db: Db, secretKey: string, id: string): Promise<AccountCredentials> {
  const row = await selectAccountSecrets(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const open = (value: string | null) => (value ? decryptSecret(value, secretKey) : undefined);
  return { bearerToken: open(row.bearerTokenEnc), apiKey: open(row.apiKeyEnc), apiSecret: open(row.apiSecretEnc) };
}

/** Usage records (date, account, requests, errors, 429s) for the last `days` days, oldest first. */
export async function listSocialUsage(db: Db, now: Date, days = DEFAULT_STATS_DAYS) {
  const since = toUsageDate(new Date(now.getTime() - (days - 1) * 86_400_000));
  return selectUsageSince(db, since);
}

/** Deletes usage records older than the 30-day retention. Returns the number deleted. */
export async function pruneSocialUsage(db: Db, now: Date): Promise<number> {
  return deleteUsageBefore(db, toUsageDate(new Date(now.getTime() - USAGE_RETENTION_DAYS * 86_400_000)));
}

// --- Pool bookkeeping (used by the X account pool, x-account-pool.service.ts) ------------------------------------

/** Takes one request slot on the least-used usable account and counts it (usage record included). */
export async function acquireSocialAccount(db: Db, now: Date) {
  const today = toUsageDate(now);
  const account = await acquireAccountSlot(db, now, today);
  if (account) await incrementUsage(db, account.id, today, { requests: 1 });
  return account;
}

/** Records a 429: the account is disabled until `until`, and the usage record counts an error and a rate limit. */
export async function recordSocialRateLimit(db: Db, id: string, until: Date, now: Date): Promise<void> {
  await markAccountRateLimited(db, id, until, now);
  await incrementUsage(db, id, toUsageDate(now), { errors: 1, rateLimit: 1 });
}

/** Records a failed request (not a 429) on today's usage record. */
export async function recordSocialError(db: Db, id: string, now: Date): Promise<void> {
  await incrementUsage(db, id, toUsageDate(now), { errors: 1 });
}

/** When the earliest rate-limited account (with requests left today) becomes usable again; undefined if none. */
export function getNextSocialAccountReset(db: Db, now: Date): Promise<Date | undefined> {
  return selectNextRateLimitReset(db, toUsageDate(now));
}

/** Requests still available today across the pool. */
export function getSocialCapacity(db: Db, now: Date): Promise<number> {
  return selectRemainingCapacity(db, now, toUsageDate(now));
}

/**
 * Whether X can be read on this server: SECRET_KEY is set and the pool has an account that is not switched off by
 * hand and not expired (a rate-limited one still counts: it comes back by itself). No secret is read.
 */
export async function isXConfigured(db: Db, secretKey: string | undefined, now: Date): Promise<boolean> {
  if (!secretKey) return false;
  const accounts = await selectAccounts(db);
  return accounts.some(
    (a) => (a.isActive || a.disabledReason === 'rate_limited') && (!a.expiresAt || a.expiresAt > now),
  );
}
