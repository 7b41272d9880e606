// API keys for the public API (docs/api.md): created by vip users, shown once, stored as a SHA-256, revocable. A call
// to /api/v1 is authenticated here and counted against the hourly API quota (the one quota service).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_ID_LENGTH,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyListResponse,
  type CreatedApiKey,
  MAX_ACTIVE_API_KEYS,
} from '../../../shared/api/api-keys.schema.ts';
import { canUse, computeEffectiveLevel } from '../../../shared/membership/level.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { consumeQuota, quotaSubjectOf, readQuotas } from '../quotas/quotas.service.ts';
import {
  type ApiKeyRow,
  countActiveApiKeys,
  insertApiKey,
  lockUser,
  revokeApiKey,
  selectActiveKeyByPrefix,
  selectApiKeys,
  touchApiKey,
} from './api-keys.queries.ts';

/** last_used_at moves at most this often per key: one write a minute, not one per call. */
export const LAST_USED_INTERVAL_MS = 60_000;
const PUBLIC_LENGTH = API_KEY_PREFIX.length + API_KEY_ID_LENGTH;
/** `hr_live_` + 12 characters of public id + 43 of secret (32 random bytes, base64url). */
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_ID_LENGTH + 43}}$`);

const hashKey = (key: string) => createHash('sha256').update(key).digest();

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The user's keys (any level: a lapsed vip still sees and revokes them), whether they may use them, and this hour's usage. */
export async function listApiKeys(db: Db, viewer: Viewer, now: Date, timeZone: string): Promise<ApiKeyListResponse> {
  const userId = viewer.userId!;
  const [rows, quotas] = await Promise.all([
    selectApiKeys(db, userId),
    readQuotas(db, quotaSubjectOf(viewer, ''), now, timeZone), // a signed-in user's counter: no IP involved
  ]);
  const usage = quotas.find((q) => q.quota === 'hourlyApiCalls');
  return {
    items: rows.map(toApiKey),
    allowed: canUse(viewer.level, 'api_access'),
    maxActive: MAX_ACTIVE_API_KEYS,
    usage: { used: usage?.used ?? 0, limit: usage?.limit ?? 0, resetsAt: usage?.resetsAt ?? now.toISOString() },
  };
}

/**
 * Creates a key (vip only: 403 naming the tier otherwise; 409 API_KEY_LIMIT_REACHED past MAX_ACTIVE_API_KEYS, counted
 * under the user's row lock). The returned `key` is the only copy there will ever be: only its hash is stored. Test
 * mode previews a level for this session only, while a key is used outside it, where /api/v1 checks the owner's actual
 * level: a preview that lends VIP to a lower actual level is refused (403 API_KEY_TEST_MODE) rather than making a key
 * that would not work.
 */
export async function createApiKey(db: Db, viewer: Viewer, name: string, now: Date): Promise<CreatedApiKey> {
  assertCanUse(viewer, 'api_access');
  if (viewer.testLevel && !canUse(viewer.actualLevel, 'api_access')) {
    throw new AppError('API_KEY_TEST_MODE', {}, { testLevel: viewer.testLevel, actualLevel: viewer.actualLevel });
  }
  const userId = viewer.userId!;
  return withTransaction(db, async (tx) => {
    await lockUser(tx, userId);
    if ((await countActiveApiKeys(tx, userId)) >= MAX_ACTIVE_API_KEYS)
      throw new AppError('API_KEY_LIMIT_REACHED', { limit: MAX_ACTIVE_API_KEYS });
    for (;;) {
      const id = randomBytes(9).toString('base64url'); // 12 characters, 72 bits: a clash is vanishingly rare
      const key = `${API_KEY_PREFIX}${id}${randomBytes(32).toString('base64url')}`;
      const prefix = key.slice(0, PUBLIC_LENGTH);
      const row = await insertApiKey(tx, {
        userId,
        name,
        prefix,
        keyHash: hashKey(key).toString('hex'),
        createdAt: now,
      });
      if (row) return { ...toApiKey(row), key };
    }
  });
}

/** Revokes one of the user's keys; 404 API_KEY_NOT_FOUND for another user's id or an unknown one. */
export async function revokeKey(db: Db, userId: string, id: string, now: Date): Promise<ApiKey> {
  const row = await revokeApiKey(db, userId, id, now);
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return toApiKey(row);
}

/** The rate-limit state after a counted call: what the RateLimit-* headers report. */
export type ApiCallUsage = { limit: number; remaining: number; resetsAt: Date };

/**
 * Authenticates one /api/v1 call from its Authorization header and counts it (before the work runs):
 * 401 API_KEY_REQUIRED without a bearer, 401 API_KEY_INVALID for an unknown, malformed or revoked key, 403
 * FEATURE_LOCKED_VIP when the owner's level — computed now, so an ended plan counts at once — lacks API access, and
 * 429 API_LIMIT_REACHED (details: limit, resetsAt) once this hour's calls are used up.
 */
export async function authenticateApiCall(
  db: Db,
  authorization: string | undefined,
  now: Date,
  timeZone: string,
): Promise<{ viewer: Viewer; usage: ApiCallUsage }> {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
  if (!match?.[1]) throw new AppError('API_KEY_REQUIRED');
  const key = match[1];
  const row = KEY_PATTERN.test(key) ? await selectActiveKeyByPrefix(db, key.slice(0, PUBLIC_LENGTH)) : undefined;
  const stored = row ? Buffer.from(row.keyHash, 'hex') : undefined;
  const sent = hashKey(key);
  if (!row || !stored || stored.length !== sent.length || !timingSafeEqual(stored, sent))
    throw new AppError('API_KEY_INVALID');
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS)
    await touchApiKey(db, row.id, now, LAST_USED_INTERVAL_MS);
  const level =
    row.points === null || row.paidLevel === null
      ? 'free'
      : computeEffectiveLevel({ points: row.points, paidLevel: row.paidLevel, paidExpiresAt: row.paidExpiresAt }, now);
  // Test mode belongs to a browser session; a key always acts at the owner's real level.
  const viewer: Viewer = { userId: row.userId, level, actualLevel: level, testLevel: null };
  // The user's counter (`user:<id>`), shared by all their keys; the IP only ever names a visitor's.
  const counted = await consumeQuota(db, quotaSubjectOf(viewer, ''), 'hourlyApiCalls', now, timeZone);
  return {
    viewer,
    usage: { limit: counted.limit, remaining: Math.max(0, counted.limit - counted.used), resetsAt: counted.resetsAt },
  };
}
