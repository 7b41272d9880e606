import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

// PostgreSQL text cannot store U+0000, so a NUL that reaches a query fails there as a 500. No input of ours has a use
// for it: one hook rejects it in the query string, the path and the JSON body (keys too) before any handler runs.

/** Walks a parsed value without recursion (a 1 MB body can nest deeply) looking for U+0000 in any string or key. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export const rejectNul = fp(async (app: FastifyInstance) => {
  // onRequest: before the session, admin and cache hooks read anything from the URL.
  // Synchronous, and the walk only for a URL that holds an escaped NUL: the query and params decode from the URL, where
  // only %00 decodes to U+0000 (a raw NUL never gets past Node's HTTP parser), so every other request skips it.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.url;
    if (!url.includes('%00') && !url.includes('\u0000')) return done();
    if (containsNul(request.query) || containsNul(request.params)) return done(new AppError('INVALID_CHARACTERS'));
    done();
  });
  // preValidation: the first hook that sees the parsed body.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body)) throw new AppError('INVALID_CHARACTERS');
  });
});
