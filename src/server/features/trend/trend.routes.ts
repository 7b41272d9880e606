import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TrendQuerySchema, TrendResponseSchema } from '../../../shared/api/compare.schema.ts';
import { HeatParamsSchema } from '../../../shared/api/heat.schema.ts';
import { requireFeature } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { getProjectTrend, getSectorTrend } from './trend.service.ts';

const schema = {
  tags: ['trend'],
  params: HeatParamsSchema,
  querystring: TrendQuerySchema,
  response: { 200: TrendResponseSchema },
};

/** Registered at /api/projects — premium 'trend_analysis'. The answer depends on the viewer's level: never cached. */
export const projectTrendRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const guard = requireFeature('trend_analysis');
  app.get(
    '/:id/trend',
    { onRequest: guard, schema: { ...schema, summary: "A project's heat trend over a range (premium)" } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { id } = request.params;
      const { range } = request.query;
      return getProjectTrend(db, id, range, new Date());
    },
  );
};

/** Registered at /api/sectors — premium 'trend_analysis', as a project's. */
export const sectorTrendRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const guard = requireFeature('trend_analysis');
  app.get(
    '/:id/trend',
    { onRequest: guard, schema: { ...schema, summary: "A sector's heat trend over a range (premium)" } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { id } = request.params;
      const { range } = request.query;
      return getSectorTrend(db, id, range, new Date());
    },
  );
};
