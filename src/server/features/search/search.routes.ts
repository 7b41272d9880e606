import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchQuerySchema, SearchResponseSchema } from '../../../shared/api/search.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { viewerOf } from '../membership/viewer-level.ts';
import { quotaSubjectOf } from '../quotas/quotas.service.ts';
import { recordTaskEvent } from '../tasks/progress.service.ts';
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
      const result = await runSearch(db, who, request.query, now, config.DAY_TIME_ZONE);
      const userId = who.viewer.userId;
      if (userId) {
        try {
          // The "run a search" daily task, counted from the search itself (never from what a client reports).
          await recordTaskEvent(db, userId, 'daily.run_search', request.query.q, now, config.DAY_TIME_ZONE);
        } catch (err) {
          // The search succeeded and was counted; the task stays claimable (POST /api/tasks/claim).
          request.log.error({ err }, 'search task progress not recorded');
        }
      }
      return result;
    },
  );
};
