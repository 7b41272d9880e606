import type { XDebugBody, XDebugResponse } from '../../../shared/api/twitter-debug.schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  countsRequest,
  engagementQuery,
  mentionsQuery,
  searchRequest,
  toXCountTotal,
  toXEngagement,
  toXProfile,
  userRequest,
  type XRequest,
} from '../../sources/x/x.client.ts';
import { ALL_ACCOUNTS_FAILED, XApiError } from '../../sources/x/x.errors.ts';
import { createXAccountPool, type XPoolConfig, xPoolOptions } from './x-account-pool.service.ts';

export type XDebugDeps = {
  db: Db;
  config: Pick<Config, 'SECRET_KEY'> & XPoolConfig;
  now?: () => Date;
};

function toRequest(body: XDebugBody, now: Date): XRequest {
  if (body.endpoint === 'user') return userRequest(body.username ?? '');
  if (body.endpoint === 'search') return searchRequest(body.query ?? engagementQuery(body.username ?? ''));
  return countsRequest(body.query ?? mentionsQuery(body.username ?? ''), now);
}

function toMapped(endpoint: XDebugBody['endpoint'], raw: unknown): XDebugResponse['mapped'] {
  if (endpoint === 'user') return { kind: 'profile', profile: toXProfile(raw) };
  if (endpoint === 'search') return { kind: 'engagement', value: toXEngagement(raw) };
  return { kind: 'mentions7d', value: toXCountTotal(raw) };
}

/**
 * Runs one X endpoint as ingestion does (the same request builders and mappings of sources/x/x.client.ts), through
 * the account pool: the request is counted on the account, and a 429 disables it for the window as in ingestion.
 * One attempt and no waiting (an operator wants to see what happens now, not the pool's retries and 60 s wait).
 * Failures are coded errors: X_NOT_CONFIGURED (no SECRET_KEY), X_NO_ACCOUNT (no usable account), X_RATE_LIMITED
 * (429, the account is now disabled), X_UPSTREAM_ERROR (X or the network failed); their details name the account.
 */
export async function runXDebug(deps: XDebugDeps, body: XDebugBody): Promise<XDebugResponse> {
  const now = deps.now ?? (() => new Date());
  const secretKey = deps.config.SECRET_KEY;
  if (!secretKey) throw new AppError('X_NOT_CONFIGURED');
  const pool = createXAccountPool({ ...xPoolOptions(deps.db, deps.config, secretKey), maxRetries: 0, waitMs: 0, now });
  const startedAt = now();
  const request = toRequest(body, startedAt);
  let served: Awaited<ReturnType<typeof pool.getServed>>;
  try {
    served = await pool.getServed(request.path, request.query);
  } catch (error) {
    if (!(error instanceof XApiError)) throw error;
    const details = { account: error.account ?? null, message: error.message };
    if (!error.account && error.message === ALL_ACCOUNTS_FAILED) throw new AppError('X_NO_ACCOUNT', {}, details);
    if (error.status === 429) throw new AppError('X_RATE_LIMITED', { label: error.account?.label ?? '' }, details);
    throw new AppError('X_UPSTREAM_ERROR', { message: error.message }, details);
  }
  let mapped: XDebugResponse['mapped'] = null;
  let mappingError: string | null = null;
  try {
    mapped = toMapped(body.endpoint, served.body);
  } catch (error) {
    mappingError = error instanceof Error ? error.message : String(error);
  }
  return {
    endpoint: body.endpoint,
    request: { path: request.path, query: Object.fromEntries(request.query) },
    account: served.account,
    raw: served.body,
    mapped,
    mappingError,
    durationMs: Math.max(0, now().getTime() - startedAt.getTime()),
    asOf: now().toISOString(),
  };
}
