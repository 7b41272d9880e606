import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SearchFacetsResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
  SuggestQuerySchema,
  SuggestResponseSchema,
} from '../../../shared/api/search.schema.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { quotaSubjectOf } from '../quotas/quotas.service.ts';
import { recordTaskEvent } from '../tasks/progress.service.ts';
import { runSearch, searchFacets, suggest, suggestCacheKey } from './search.service.ts';

/** Suggestions change only with names and heat: a short TTL is enough, and every data-change event drops them. */
const SUGGEST_TTL_MS = 30_000;

/** GET /api/search: counted against the daily search quota (visitors by IP); never cached, the count is per call. */
export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, readDb, config, cache }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['search'],
        summary: 'Search projects (counted against the daily search quota)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async (request, reply) => {
      const now = new Date();
      reply.header('cache-control', 'private, no-store');
      const who = quotaSubjectOf(viewerOf(request, now), request.ip);
      const result = await runSearch(db, who, request.query, now, config.DAY_TIME_ZONE, readDb);
      const userId = who.viewer.userId;
      if (userId) {
        try {
          // The "run a search" daily task, counted from the search itself (never from what a client reports).
          // A filters-only search is a search too: its item is the filter set.
          const item = request.query.q ?? `filters:${new URLSearchParams(request.query as never).toString()}`;
          await recordTaskEvent(db, userId, 'daily.run_search', item, now, config.DAY_TIME_ZONE);
        } catch (err) {
          // The search succeeded and was counted; the task stays claimable (POST /api/tasks/claim).
          request.log.error({ err }, 'search task progress not recorded');
        }
      }
      return result;
    },
  );

  // The facet counts of a search, loaded by the page beside its results: the same feature check, never counted (the
  // search itself was), shared by identical searches until the next data change (searchFacets).
  app.get(
    '/facets',
    {
      schema: {
        tags: ['search'],
        summary: 'Facet counts of a search',
        querystring: SearchQuerySchema,
        response: { 200: SearchFacetsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return searchFacets(readDb, viewerOf(request, new Date()), request.query, { cache });
    },
  );

  // Free and never counted (typing is not searching); the same for every viewer, so shared and cached briefly.
  app.get(
    '/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Name suggestions while typing (not counted)',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query.q.toLowerCase();
      const cached = await cache.getOrCompute(suggestCacheKey(q), () => suggest(readDb, q), SUGGEST_TTL_MS);
      return sendCached(request, reply, cached);
    },
  );
};
