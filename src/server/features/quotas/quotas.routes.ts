import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UsageResponseSchema } from '../../../shared/api/usage.schema.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { getUsage, quotaSubjectOf } from './quotas.service.ts';

/** GET /api/me/usage: the viewer's own quotas (a visitor: the free limits and this IP's usage). */
export const quotasRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['membership'],
        summary: 'My quotas and their use (a visitor: the free limits)',
        response: { 200: UsageResponseSchema },
      },
    },
    async (request, reply) => {
      const now = new Date();
      reply.header('cache-control', 'private, no-store');
      const who = quotaSubjectOf(viewerOf(request, now), request.ip);
      const plan = request.auth?.plan;
      return getUsage(
        db,
        who,
        plan ? { points: plan.points, paidExpiresAt: plan.paidExpiresAt } : null,
        now,
        config.DAY_TIME_ZONE,
      );
    },
  );
};
