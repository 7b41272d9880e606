import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type { Config } from '../config.ts';

/** Why a source call failed; every adapter maps its failures to one of these. */
export type SourceErrorKind = 'http' | 'rate_limited' | 'timeout' | 'network' | 'malformed' | 'not_found';

/** A failed call to an outside source. The message names the source and never contains secrets. */
export class SourceError extends Error {
  readonly source: string;
  readonly kind: SourceErrorKind;
  readonly status: number | undefined;
  constructor(source: string, kind: SourceErrorKind, message: string, status?: number) {
    super(`${source}: ${message}`);
    this.name = 'SourceError';
    this.source = source;
    this.kind = kind;
    this.status = status;
  }
}

export type HttpPolicy = {
  timeoutMs: number;
  maxRetries: number;
  /** First back-off step in ms; doubles per attempt. */
  retryBaseMs: number;
  /** A server-requested wait longer than this is not waited for: the call fails as rate-limited. */
  maxWaitMs: number;
  /**
   * The run's stop signal (the server is shutting down): an aborted call stops at once, mid-request or mid-back-off,
   * and rejects with the signal's reason (never a SourceError, so no caller records it as the source's failure).
   */
  signal?: AbortSignal;
};

export function toHttpPolicy(config: Config, signal?: AbortSignal): HttpPolicy {
  return {
    timeoutMs: config.INGEST_TIMEOUT_MS,
    maxRetries: config.INGEST_MAX_RETRIES,
    retryBaseMs: config.INGEST_RETRY_BASE_MS,
    maxWaitMs: config.INGEST_MAX_WAIT_MS,
    signal,
  };
}

/** A per-attempt timeout joined with the run's stop signal, when there is one. */
export function withTimeout(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

/** Waits `ms`, or rejects with the stop signal's reason as soon as it is aborted. */
export async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  signal?.throwIfAborted();
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    signal?.throwIfAborted();
    throw error;
  }
}

export type HttpResponse = { status: number; statusText: string; headers: Headers; body: unknown };

export type RequestOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Extra statuses to retry besides 429 and 5xx (GitHub stats answer 202 while computing). */
  retryStatuses?: readonly number[];
  /** The server's requested wait in ms for a retryable response, from its headers or body; undefined → back-off. */
  retryAfterMs?: (response: HttpResponse, now: number) => number | undefined;
  /** Statuses returned to the caller instead of thrown (e.g. 404 for "unknown id", 204 for "no content"). */
  acceptStatuses?: readonly number[];
  /** A non-429 response that still means "rate-limited" (GitHub's primary limit: 403 with remaining 0). */
  isRateLimited?: (response: HttpResponse) => boolean;
};

/** Retry-After in seconds or as an HTTP date (RFC 9110); undefined when absent or unparsable. */
export function parseRetryAfter(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Wait until an epoch-seconds reset header (X `x-rate-limit-reset`, GitHub `x-ratelimit-reset`). */
export function parseResetEpoch(headers: Headers, name: string, now: number): number | undefined {
  const value = Number(headers.get(name));
  return headers.has(name) && Number.isFinite(value) ? Math.max(0, value * 1000 - now) : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return MALFORMED;
  }
}
const MALFORMED = Symbol('malformed');

/**
 * GET/POST a JSON endpoint with a timeout and retries: 429, 5xx, timeouts and network errors are retried with
 * exponential back-off (or the server's requested wait, when it is within `maxWaitMs`); other 4xx are not retried.
 * Returns the parsed body for 2xx and `acceptStatuses`. Throws SourceError, or the stop signal's reason once
 * `policy.signal` is aborted.
 */
export async function requestJson(
  source: string,
  url: string,
  policy: HttpPolicy,
  options: RequestOptions = {},
): Promise<HttpResponse> {
  const { signal } = policy;
  let lastError: SourceError | undefined;
  for (let attempt = 0; attempt <= policy.maxRetries; attempt++) {
    if (attempt > 0 && lastError?.kind !== 'rate_limited') await pause(policy.retryBaseMs * 2 ** (attempt - 1), signal);
    signal?.throwIfAborted();
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: { accept: 'application/json', ...options.headers },
        body: options.body,
        signal: withTimeout(policy.timeoutMs, signal),
        redirect: 'follow',
      });
    } catch (error) {
      signal?.throwIfAborted();
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      lastError = timedOut
        ? new SourceError(source, 'timeout', `no answer within ${policy.timeoutMs} ms`)
        : new SourceError(source, 'network', `network error (${(error as Error).message})`);
      continue;
    }
    let body: unknown;
    try {
      body = await readBody(response);
    } catch {
      signal?.throwIfAborted();
      lastError = new SourceError(source, 'timeout', `body not received within ${policy.timeoutMs} ms`);
      continue;
    }
    const result: HttpResponse = {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      body,
    };
    const accepted = options.acceptStatuses?.includes(response.status) ?? false;
    const limited = response.status === 429 || (options.isRateLimited?.(result) ?? false);
    const retryable = limited || response.status >= 500 || (options.retryStatuses?.includes(response.status) ?? false);
    if ((response.ok && !retryable) || accepted) {
      if (body === MALFORMED) throw new SourceError(source, 'malformed', `invalid JSON from ${new URL(url).pathname}`);
      return result;
    }
    if (!retryable) {
      const kind = response.status === 404 ? 'not_found' : 'http';
      throw new SourceError(source, kind, `HTTP ${response.status} ${response.statusText}`, response.status);
    }
    const requested = options.retryAfterMs?.(result, Date.now()) ?? parseRetryAfter(response.headers, Date.now());
    const kind = limited ? 'rate_limited' : 'http';
    lastError = new SourceError(source, kind, `HTTP ${response.status} ${response.statusText}`, response.status);
    if (requested !== undefined) {
      if (requested > policy.maxWaitMs) throw lastError; // the reset is too far away: keep the last values, try next run
      if (attempt < policy.maxRetries) await pause(requested, signal);
    } else if (kind === 'rate_limited' && attempt < policy.maxRetries) {
      await pause(policy.retryBaseMs * 2 ** attempt, signal);
    }
  }
  throw lastError ?? new SourceError(source, 'network', 'request failed');
}

/** Validates a response body with a zod schema; a mismatch is a `malformed` SourceError naming the first issues. */
export function parseBody<T extends z.ZodType>(source: string, schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new SourceError(source, 'malformed', `unexpected response shape (${issues})`);
}
