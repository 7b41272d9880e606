import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../errors.ts';
import { type ApiCallUsage, authenticateApiCall } from './api-keys.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The owner of the API key that authenticated this /api/v1 call (at their level now); null elsewhere. */
    apiViewer: Viewer | null;
  }
}

/** Query parameters that would carry a credential: a key sent this way is refused, never looked up. */
const CREDENTIAL_QUERY_PARAMS = new Set(['api_key', 'apikey', 'api-key', 'key', 'access_token', 'token']);

/** Whether the call put something key-like in its URL (names compared case-insensitively). */
export function hasKeyInQuery(query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return false;
  return Object.keys(query).some((name) => CREDENTIAL_QUERY_PARAMS.has(name.toLowerCase()));
}

/** Seconds from `now` to the window's end, at least 1 (a reset "in 0 s" would invite an immediate retry storm). */
const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

function setRateLimitHeaders(reply: FastifyReply, usage: ApiCallUsage, now: Date): void {
  reply.header('RateLimit-Limit', String(usage.limit));
  reply.header('RateLimit-Remaining', String(usage.remaining));
  reply.header('RateLimit-Reset', String(secondsUntil(usage.resetsAt, now)));
}

/**
 * The onRequest hook of every /api/v1 route: authenticates the bearer key and counts the call (api-keys.service.ts),
 * then sets RateLimit-Limit / -Remaining / -Reset on the answer; a 429 also carries Retry-After. A 401 carries
 * WWW-Authenticate (RFC 6750). Answers are per caller: never stored by a shared cache.
 */
export function guardApiCall({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const now = new Date();
    reply.header('cache-control', 'private, no-store');
    // A key in the URL has already leaked into proxies' and browsers' records: refuse it even beside a good header,
    // and say where a key goes (GitHub and Stripe take keys only in headers too).
    if (hasKeyInQuery(request.query)) throw new AppError('API_KEY_IN_QUERY');
    try {
      const { viewer, usage } = await authenticateApiCall(db, request.headers.authorization, now, config.DAY_TIME_ZONE);
      request.apiViewer = viewer;
      setRateLimitHeaders(reply, usage, now);
    } catch (err) {
      if (err instanceof AppError && err.code === 'API_LIMIT_REACHED') {
        const { limit, resetsAt } = err.details as { limit: number; resetsAt: string };
        const usage = { limit, remaining: 0, resetsAt: new Date(resetsAt) };
        setRateLimitHeaders(reply, usage, now);
        reply.header('Retry-After', String(secondsUntil(usage.resetsAt, now)));
      } else if (err instanceof AppError && (err.code === 'API_KEY_REQUIRED' || err.code === 'API_KEY_INVALID')) {
        reply.header('WWW-Authenticate', 'Bearer realm="HeatRank API"');
      }
      throw err;
    }
  };
}
