import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { firstLoadLanguage, indexVariants } from './first-load-language.ts';

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
  // The page preloads the texts of the language the app will start in (first-load-language.ts): the built page (zh)
  // as its file, another language's from memory.
  const variants = indexVariants(root);
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    if (!variants) return reply.sendFile('index.html');
    reply.header('vary', 'Accept-Language, Cookie');
    const variant = variants[firstLoadLanguage(request.headers)];
    if (!variant) return reply.sendFile('index.html');
    reply.header('etag', variant.etag);
    if (request.headers['if-none-match'] === variant.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(variant.html);
  };
  app.get('/', sendIndex);
  app.get('/*', sendIndex);
});
