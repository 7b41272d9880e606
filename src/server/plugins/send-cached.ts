import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse } from './response-cache.ts';

/**
 * Sends a cached JSON string with ETag, 304 on a match, and the pre-gzipped body when the client takes gzip. `scope`
 * 'private' keeps a body only some levels may read out of shared caches (a proxy would hand it to anyone).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  maxAgeSeconds = 30,
  scope: 'public' | 'private' = 'public',
) {
  reply.header('etag', cached.etag);
  reply.header('cache-control', `${scope}, max-age=${maxAgeSeconds}, stale-while-revalidate=60`);
  reply.header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (cached.gzip && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    reply.header('content-encoding', 'gzip');
    return reply.send(cached.gzip);
  }
  return reply.send(cached.body);
}
