import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built React app from `distDir` and answers client routes with index.html. `/api/*` never falls back:
 * it has its own JSON 404. Hashed assets are immutable; index.html is revalidated on every load.
 */
export const staticWeb = fp<{ distDir: string }>(async (app: FastifyInstance, { distDir }) => {
  const root = resolve(distDir);
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: serving the API only (run `npm run build`)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false, // one route per file found at start; everything else reaches the SPA fallback below
    index: false,
    // The build wrote a .br and a .gz beside each text file (scripts/precompress-plugin.ts): sent as they are, so no
    // first visit pays for compressing the same files again. A file without them is compressed on the fly as before.
    preCompressed: true,
    setHeaders: (res, path) => {
      const immutable = path.includes(`${join(root, 'assets')}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (
    _request: unknown,
    reply: { header: (k: string, v: string) => unknown; sendFile: (f: string) => unknown },
  ) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/', sendIndex);
  app.get('/*', sendIndex);
});
