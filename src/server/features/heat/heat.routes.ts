import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HeatParamsSchema,
  HistoryQuerySchema,
  type HistoryRange,
  HistoryResponseSchema,
  ProjectHeatResponseSchema,
} from '../../../shared/api/heat.schema.ts';
import { canReadHistoryRange } from '../../../shared/membership/level.ts';
import { assertCanReadHistory, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import {
  getProjectHeat,
  getProjectHistory,
  getSectorHistory,
  projectHeatCacheKey,
  projectHistoryCacheKey,
  sectorHistoryCacheKey,
} from './heat.service.ts';

// The free ranges may sit in shared caches; the premium ones only in the reader's own.
const scopeOf = (range: HistoryRange) => (canReadHistoryRange('free', range) ? 'public' : 'private');

/**
 * Registered at /api/projects: a project's heat and history, the heat engine's reads. Cached responses are dropped by
 * every recompute (event bus).
 */
export const projectHeatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  app.get(
    '/:id/heat',
    {
      schema: {
        tags: ['heat'],
        summary: "A project's heat score and its breakdown",
        params: HeatParamsSchema,
        response: { 200: ProjectHeatResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(
        request,
        reply,
        await cache.getOrCompute(projectHeatCacheKey(id), () => getProjectHeat(db, id, new Date())),
      );
    },
  );

  app.get(
    '/:id/history',
    {
      schema: {
        tags: ['heat'],
        summary: "A project's heat history",
        params: HeatParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { range } = request.query;
      assertCanReadHistory(viewerOf(request, new Date()), range);
      const key = projectHistoryCacheKey(id, range);
      const body = await cache.getOrCompute(key, () => getProjectHistory(db, id, range, new Date()));
      return sendCached(request, reply, body, 30, scopeOf(range));
    },
  );
};

/** Registered at /api/sectors: a sector's heat history; cached as a project's. */
export const sectorHeatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  app.get(
    '/:id/history',
    {
      schema: {
        tags: ['heat'],
        summary: "A sector's heat history",
        params: HeatParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { range } = request.query;
      assertCanReadHistory(viewerOf(request, new Date()), range);
      const key = sectorHistoryCacheKey(id, range);
      const body = await cache.getOrCompute(key, () => getSectorHistory(db, id, range, new Date()));
      return sendCached(request, reply, body, 30, scopeOf(range));
    },
  );
};
