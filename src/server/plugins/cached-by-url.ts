import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ResponseCache } from './response-cache.ts';
import { sendCached } from './send-cached.ts';

// A route's URLs remembered, at most (a crawler's endless query strings cannot grow it past this).
const MAX_URLS = 1_000;

export type CachedByUrl = {
  /**
   * Route onRequest hook: when this exact URL was answered from a cache entry before and that entry is still fresh,
   * answers it at once — without the querystring validation, the handler and the key building a warm request
   * otherwise repeats. The app's onRequest hooks (security headers, NUL check, session) have run before it, and the
   * route's onSend hooks (task progress, cookies) still run after it.
   */
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  /** Called by the handler once the request validated: `request.url` is answered by cache entry `key`. */
  remember: (request: FastifyRequest, key: string) => void;
};

/**
 * The shortcut for a public cached GET whose answer depends on its URL alone (path and query string: not on the
 * viewer, a cookie or a header other than If-None-Match and Accept-Encoding, which sendCached handles). A URL that
 * once validated validates the same way again, so skipping the validation changes no answer; an unknown URL, or one
 * whose entry was dropped by a data change or expired, takes the normal path (which refills and remembers it).
 */
export function createCachedByUrl(cache: Pick<ResponseCache, 'peek'>, maxAgeSeconds?: number): CachedByUrl {
  const keys = new Map<string, string>(); // url → cache key; insertion order doubles as eviction order
  return {
    onRequest: async (request, reply) => {
      const key = keys.get(request.url);
      const cached = key === undefined ? undefined : cache.peek(key);
      if (!cached) return undefined;
      return sendCached(request, reply, cached, maxAgeSeconds);
    },
    remember: (request, key) => {
      if (keys.get(request.url) === key) return;
      keys.set(request.url, key);
      if (keys.size > MAX_URLS) keys.delete(keys.keys().next().value as string);
    },
  };
}
