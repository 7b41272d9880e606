import type { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, toCookieName } from '../../shared/api/auth.values.ts';
import type { ErrorBody } from '../../shared/api/common.schema.ts';
import { type ErrorCode, isErrorCode } from '../../shared/api/errors.ts';
import type { Language } from '../../shared/locales/languages.ts';
import { env } from './env.ts';
import { currentLanguage, i18n } from './i18n.ts';

// The one API client (STYLE §1.4): JSON in, typed JSON out, failures as ApiError with a typed code. The type comes
// from the contract's zod schema (`apiGet<typeof XSchema>`), the check from the server: every answer is serialised
// through its schema there, and the HTTP tests parse each with it. The web does not parse answers again: zod and the
// schemas would be ~30 kB of the JavaScript every page waits for (src/server/web-startup-imports.test.ts).
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  /** The language the server wrote `message` in; undefined when the client made the error (network, shape). */
  readonly language: Language | undefined;
  constructor(status: number, code: ErrorCode, message: string, details?: unknown, language?: Language) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.language = language;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type ApiGetOptions = {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** How long to wait for the answer's headers and body before failing as REQUEST_TIMEOUT (default 60 s). */
  timeoutMs?: number;
};

/** A JSON call that has not answered in this long has failed (spec §8 "Request timeout"); imports may take a while. */
export const REQUEST_TIMEOUT_MS = 60_000;

// Public answers carry max-age=30 (plugins/send-cached.ts): fine for a reload, wrong right after the server said the
// data changed. For a moment after a live hint or this tab's own write, reads revalidate (If-None-Match: a 304 when
// nothing changed).
let revalidateUntil = 0;
const REVALIDATE_WINDOW_MS = 10_000;

/** The reads of the next few seconds skip the browser's HTTP cache (a live update is refetching). */
export function revalidateReads(now = Date.now()): void {
  revalidateUntil = now + REVALIDATE_WINDOW_MS;
}

/**
 * GET a JSON resource typed by its contract schema (`apiGet<typeof XSchema>(path)`); throws ApiError on any failure.
 */
export function apiGet<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: ApiGetOptions = {},
): Promise<z.infer<S>> {
  const init: RequestInit = { headers: { accept: 'application/json' }, signal: options.signal };
  if (Date.now() < revalidateUntil) init.cache = 'no-cache';
  return request(path, init, options);
}

/** One fetch → ApiError | the answer's JSON, shared by reads and writes. */
async function request<T>(path: string, init: RequestInit, options: ApiGetOptions): Promise<T> {
  // The server writes its error messages in the UI language, not the browser's (they can differ after a switch).
  const language = currentLanguage();
  const headers = { ...(init.headers as Record<string, string>), 'accept-language': language };
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(buildUrl(path, options.query), { ...init, headers, signal });
    body = await response.json().catch((error: unknown) => {
      if (timeout.aborted) throw error; // the body did not arrive in time
      return undefined; // not JSON (a proxy's page): toApiError says so by status
    });
  } catch (error) {
    // The caller gave up (a query cancelled, a page left): not a failure to show.
    if (options.signal?.aborted) throw error;
    throw toFetchFailure(error, timeout.aborted, language);
  }
  if (!response.ok) throw toApiError(response.status, body, language);
  // A success without JSON (a proxy's page answering for us) is a server error, not an empty answer; 204 has no body.
  if (body === undefined && response.status !== 204) {
    throw new ApiError(response.status, 'INTERNAL', localText('INTERNAL'), undefined, language);
  }
  return body as T;
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${env.VITE_API_BASE_URL}${path}${search ? `?${search}` : ''}`;
}

type ClientMadeCode =
  | 'INTERNAL'
  | 'BAD_REQUEST'
  | 'NETWORK_ERROR'
  | 'REQUEST_TIMEOUT'
  | 'UNKNOWN'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND';

/** Our text for an error the client makes itself, in the UI language (shown as is by many panels). */
function localText(code: ClientMadeCode, reason = ''): string {
  return i18n.t(`errors:${code}`, { lng: currentLanguage(), reason });
}

/**
 * A fetch that produced no answer, classified (spec §8): our timeout → REQUEST_TIMEOUT ("Request timeout"), the
 * network's TypeError → NETWORK_ERROR ("Network connection error"), anything else → UNKNOWN ("Unknown error"). The
 * browser's own text ("Failed to fetch"…) is English whatever the UI language: the message is ours.
 */
export function toFetchFailure(error: unknown, timedOut: boolean, language: Language): ApiError {
  const make = (status: number, code: ClientMadeCode) =>
    new ApiError(status, code, localText(code), undefined, language);
  if (timedOut || (error instanceof DOMException && error.name === 'TimeoutError')) return make(408, 'REQUEST_TIMEOUT');
  if (error instanceof TypeError) return make(0, 'NETWORK_ERROR');
  return make(0, 'UNKNOWN');
}

/** A status without our error body (a proxy's or gateway's page), read as the spec's generic message for it. */
const STATUS_CODES: Partial<Record<number, ClientMadeCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  504: 'REQUEST_TIMEOUT',
};

function toApiError(status: number, body: unknown, language: Language): ApiError {
  const error = errorOf(body);
  // Not our error body (a proxy's 502 page, a timeout): our message in the UI language, never "HTTP 502".
  if (!error) {
    const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
    return new ApiError(status, code, localText(code, `HTTP ${status}`), undefined, language);
  }
  const { code, message, details } = error;
  if (!isErrorCode(code)) return new ApiError(status, 'INTERNAL', message, details);
  return new ApiError(status, code, message, details, language);
}

/** The `error` of our error body (`ErrorBodySchema`: `{ error: { code, message, details? } }`), or null. */
function errorOf(body: unknown): ErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error: unknown = body.error;
  if (typeof error !== 'object' || error === null || !('code' in error) || !('message' in error)) return null;
  if (typeof error.code !== 'string' || typeof error.message !== 'string') return null;
  return { code: error.code, message: error.message, details: 'details' in error ? error.details : undefined };
}

/** A 429 that is the reader's own used-up allowance (a daily limit), not load: retrying before the reset cannot help. */
const isQuotaRefusal = (error: ApiError) =>
  error.status === 429 && error.code !== 'RATE_LIMITED' && error.code !== 'X_RATE_LIMITED';

/**
 * A 4xx other than 408/429 will not get better by retrying (spec §8: 4xx errors are not retried), nor will a used-up
 * quota (SEARCH_LIMIT_REACHED…): its page shows the limit message, never the "data loading failed" banner.
 */
export function isClientError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
  return ![408, 429].includes(error.status) || isQuotaRefusal(error);
}

// The server sets the CSRF_COOKIE (features/auth/auth.plugin.ts); writes echo it in the CSRF_HEADER (signed double-submit).
function readCsrfCookie(): string {
  // Over https the server names it __Host-hr_csrf (toCookieName in shared/api/auth.schema.ts).
  for (const name of [toCookieName(CSRF_COOKIE, true), CSRF_COOKIE]) {
    const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
    if (match) return decodeURIComponent(match.slice(name.length + 1));
  }
  return '';
}

/** POST/PUT/PATCH/DELETE JSON with the CSRF header, typed like apiGet (`apiSend<typeof XSchema>`). Throws ApiError. */
export async function apiSend<S extends z.ZodType = z.ZodUnknown>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: ApiGetOptions = {},
): Promise<z.infer<S>> {
  const init: RequestInit = {
    method,
    headers: {
      accept: 'application/json',
      [CSRF_HEADER]: readCsrfCookie(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  };
  const answer = await request<z.infer<S>>(path, init, options);
  // The server has just changed something: the refetches that follow must not read the browser's copy from before.
  revalidateReads();
  return answer;
}
