import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SearchResponseSchema } from '../../../shared/api/search.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { viewerOf } from '../membership/viewer-level.ts';
import { quotaSubjectOf } from '../quotas/quotas.service.ts';
import { runSearch } from './search.service.ts';

/** GET /api/search: counted against the daily search quota (visitors by IP); never cached, the count is per call. */
export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/search',
    { schema: { tags: ['search'], querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } } },
    async (request, reply) => {
      const now = new Date();
      reply.header('cache-control', 'private, no-store');
      const who = quotaSubjectOf(viewerOf(request, now), request.ip);
      return runSearch(db, who, request.query, now, config.DAY_TIME_ZONE);
    },
  );
};
