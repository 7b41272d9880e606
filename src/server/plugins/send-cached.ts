import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentCoding, pickContentCoding } from './content-coding.ts';
import type { CachedResponse } from './response-cache.ts';

const CACHE_CONTROL = {
  public: (maxAge: number) => `public, max-age=${maxAge}, stale-while-revalidate=60`,
  private: (maxAge: number) => `private, max-age=${maxAge}, stale-while-revalidate=60`,
} as const;

/**
 * Sends a cached JSON answer with ETag, 304 on a match, and the copy compressed at cache fill that the client takes
 * (brotli, gzip or the plain bytes): nothing is serialised, encoded or compressed per request. `scope` 'private'
 * keeps a body only some levels may read out of shared caches (a proxy would hand it to anyone).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  maxAgeSeconds = 30,
  scope: 'public' | 'private' = 'public',
) {
  reply.header('etag', cached.etag);
  reply.header('cache-control', CACHE_CONTROL[scope](maxAgeSeconds));
  if (isEtagMatch(request.headers['if-none-match'], cached.etag)) {
    reply.header('vary', 'Accept-Encoding');
    return reply.code(304).send();
  }
  return sendCachedBody(request, reply, cached);
}

/** The body alone (no cache headers): the cached bytes in the coding the client takes, with Vary: Accept-Encoding. */
export function sendCachedBody(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  reply.header('vary', 'Accept-Encoding');
  reply.header('content-type', 'application/json; charset=utf-8');
  const coding = pickContentCoding(request.headers['accept-encoding']);
  const compressed = compressedCopy(cached, coding);
  if (!compressed) return reply.send(cached.bytes);
  // Set here, so @fastify/compress sees an encoded body and leaves it alone.
  reply.header('content-encoding', coding);
  return reply.send(compressed);
}

function compressedCopy(cached: CachedResponse, coding: ContentCoding): Buffer | null {
  if (coding === 'br') return cached.br;
  if (coding === 'gzip') return cached.gzip;
  return null;
}

/** If-None-Match against our strong ETag: `*`, the tag itself, or a list holding it (weak W/ prefixes compare equal). */
export function isEtagMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag || header === '*') return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}
