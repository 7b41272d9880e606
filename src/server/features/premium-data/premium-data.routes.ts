import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeatParamsSchema } from '../../../shared/api/heat.schema.ts';
import { SourceHistoryQuerySchema, SourceHistoryResponseSchema } from '../../../shared/api/premium-data.schema.ts';
import { requireFeature } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { getSourceHistory } from './premium-data.service.ts';

/**
 * Registered at /api/projects. VIP's premium data that has a route of its own: a project's daily source history (visitor 401
 * SIGN_IN_REQUIRED, free and premium 403 FEATURE_LOCKED_VIP). Never in a shared cache. The funding rounds' investors
 * and valuations are the other half, withheld by GET /api/projects/:id/funding below vip (features/fundamentals).
 */
export const premiumDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/:id/source-history',
    {
      onRequest: requireFeature('premium_data'),
      schema: {
        tags: ['projects'],
        summary: "A project's daily source values (price, market cap, volume, TVL, commits, page views, news): VIP",
        params: HeatParamsSchema,
        querystring: SourceHistoryQuerySchema,
        response: { 200: SourceHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getSourceHistory(db, { projectId: request.params.id, range: request.query.range, now: new Date() });
    },
  );
};
