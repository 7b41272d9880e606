import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pause, withTimeout } from '../../sources/http.ts';
import { ALL_ACCOUNTS_FAILED, type XAccountPool, XApiError } from '../../sources/x/x.errors.ts';
import {
  acquireSocialAccount,
  getAccountCredentials,
  getNextSocialAccountReset,
  recordSocialError,
  recordSocialRateLimit,
  X_RATE_LIMIT_WINDOW_MS,
} from './social-accounts.service.ts';

/** Spec §9: max retries 3, back-off 1 s × attempt; with no account available wait up to 60 s. */
export type XPoolOptions = {
  db: Db;
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
  maxRetries?: number;
  backoffMs?: number;
  waitMs?: number;
  now?: () => Date;
  /** The run's stop signal: an aborted pool stops mid-request or mid-wait, rejecting with the signal's reason. */
  signal?: AbortSignal;
};

/** The config a pool's calls take: the API's address, each attempt's timeout, the retry back-off and account wait. */
export type XPoolConfig = Pick<Config, 'X_BASE_URL' | 'INGEST_TIMEOUT_MS' | 'X_BACKOFF_MS' | 'X_POOL_WAIT_MS'>;

/** Every X pool's options, from the config; a caller changes only what it does differently (the debug: no retry). */
export function xPoolOptions(db: Db, config: XPoolConfig, secretKey: string): XPoolOptions {
  return {
    db,
    secretKey,
    baseUrl: config.X_BASE_URL,
    timeoutMs: config.INGEST_TIMEOUT_MS,
    backoffMs: config.X_BACKOFF_MS,
    waitMs: config.X_POOL_WAIT_MS,
  };
}

/** A response and the account that served it (id and label only: never a secret). */
export type XServedResponse = { body: unknown; account: { id: string; label: string } };
export type XServingPool = XAccountPool & {
  getServed: (path: string, query: URLSearchParams) => Promise<XServedResponse>;
};

/**
 * Sends X API v2 GETs through a pool of accounts stored in the database. Each request takes a slot on the
 * least-used usable account (daily limit 300); a 429 disables that account until `x-rate-limit-reset` (else for the
 * 15-minute window) and the call retries on another account, up to 3 retries with 1 s × attempt back-off. With no
 * usable account it waits for the next reset (at most 60 s), then fails with "all API accounts failed". Other
 * failures: "Twitter API error: {status} {statusText}"; token failures: "Twitter OAuth failed: {status}".
 */
export function createXAccountPool(options: XPoolOptions): XServingPool {
  const now = options.now ?? (() => new Date());
  const maxRetries = options.maxRetries ?? 3;
  const backoffMs = options.backoffMs ?? 1_000;
  const waitMs = options.waitMs ?? 60_000;
  const tokens = new Map<string, string>(); // app-only tokens from client credentials, per account, in memory only
  const { signal } = options;
  const sleep = (ms: number) => pause(ms, signal);

  async function tokenFor(accountId: string): Promise<string> {
    const cached = tokens.get(accountId);
    if (cached) return cached;
    const credentials = await getAccountCredentials(options.db, options.secretKey, accountId);
    if (credentials.bearerToken) return credentials.bearerToken;
    if (!credentials.apiKey || !credentials.apiSecret) throw new XApiError('Twitter OAuth failed: no credentials');
    const basic = Buffer.from(
      `${encodeURIComponent(credentials.apiKey)}:${encodeURIComponent(credentials.apiSecret)}`,
    ).toString('base64');
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        },
        body: 'grant_type=client_credentials',
        signal: withTimeout(options.timeoutMs, signal),
      });
    } catch {
      signal?.throwIfAborted();
      throw new XApiError('Twitter OAuth failed: network');
    }
    const body = (await response.json().catch(() => undefined)) as { access_token?: unknown } | undefined;
    if (!response.ok || typeof body?.access_token !== 'string') {
      throw new XApiError(`Twitter OAuth failed: ${response.status}`, response.status);
    }
    tokens.set(accountId, body.access_token);
    return body.access_token;
  }

  async function acquire() {
    const account = await acquireSocialAccount(options.db, now());
    if (account) return account;
    const reset = await getNextSocialAccountReset(options.db, now());
    const wait = reset ? reset.getTime() - now().getTime() : Number.POSITIVE_INFINITY;
    if (wait > waitMs) {
      // Nothing frees up soon (daily limits reached, accounts disabled): waiting the full 60 s cannot help.
      if (!reset) throw new XApiError(ALL_ACCOUNTS_FAILED);
      await sleep(waitMs);
    } else {
      await sleep(Math.max(0, wait) + 5);
    }
    const retried = await acquireSocialAccount(options.db, now());
    if (!retried) throw new XApiError(ALL_ACCOUNTS_FAILED);
    return retried;
  }

  /**
   * GET `path` (with query) on the X API; returns the parsed JSON body and the account that served it. Throws
   * XApiError, carrying the account of the last attempt when one was taken.
   */
  async function getServed(path: string, query: URLSearchParams): Promise<XServedResponse> {
    let lastAccount: XServedResponse['account'] | undefined;
    try {
      return await attempt(path, query, (account) => {
        lastAccount = account;
      });
    } catch (error) {
      if (error instanceof XApiError && lastAccount) error.account = lastAccount;
      throw error;
    }
  }

  async function attempt(
    path: string,
    query: URLSearchParams,
    onAccount: (account: XServedResponse['account']) => void,
  ): Promise<XServedResponse> {
    let lastError: XApiError | undefined;
    for (let attempt = 1; attempt <= maxRetries + 1; attempt++) {
      signal?.throwIfAborted();
      const account = await acquire();
      onAccount({ id: account.id, label: account.label });
      let token: string;
      try {
        token = await tokenFor(account.id);
      } catch (error) {
        await recordSocialError(options.db, account.id, now());
        throw error;
      }
      let response: Response;
      try {
        response = await fetch(`${options.baseUrl}${path}?${query}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          signal: withTimeout(options.timeoutMs, signal),
        });
      } catch (error) {
        signal?.throwIfAborted();
        await recordSocialError(options.db, account.id, now());
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        lastError = new XApiError(`Twitter API error: ${timedOut ? 'timeout' : 'network'}`);
        if (attempt <= maxRetries) await sleep(backoffMs * attempt);
        continue;
      }
      if (response.status === 429) {
        const reset = Number(response.headers.get('x-rate-limit-reset'));
        const until =
          response.headers.has('x-rate-limit-reset') && Number.isFinite(reset) && reset * 1000 > now().getTime()
            ? new Date(reset * 1000)
            : new Date(now().getTime() + X_RATE_LIMIT_WINDOW_MS);
        await recordSocialRateLimit(options.db, account.id, until, now());
        await response.body?.cancel();
        lastError = new XApiError(`Twitter API error: 429 ${response.statusText}`, 429);
        if (attempt <= maxRetries) await sleep(backoffMs * attempt);
        continue;
      }
      if (response.status === 401) tokens.delete(account.id); // an expired app token is fetched again next time
      if (!response.ok) {
        await recordSocialError(options.db, account.id, now());
        await response.body?.cancel();
        lastError = new XApiError(`Twitter API error: ${response.status} ${response.statusText}`, response.status);
        if (response.status < 500) throw lastError; // 4xx: not retried
        if (attempt <= maxRetries) await sleep(backoffMs * attempt);
        continue;
      }
      const text = await response.text();
      try {
        return { body: JSON.parse(text) as unknown, account: { id: account.id, label: account.label } };
      } catch {
        await recordSocialError(options.db, account.id, now());
        throw new XApiError('Twitter API error: malformed response body', response.status);
      }
    }
    throw lastError?.status === 429
      ? new XApiError(ALL_ACCOUNTS_FAILED, 429)
      : (lastError ?? new XApiError(ALL_ACCOUNTS_FAILED));
  }

  return { get: async (path, query) => (await getServed(path, query)).body, getServed };
}
