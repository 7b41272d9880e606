import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompareQuerySchema, CompareResponseSchema } from '../../../shared/api/compare.schema.ts';
import { requireFeature } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { compareProjects } from './compare.service.ts';

/** GET /api/compare?ids=a,b[,c…]&range=30d — premium 'comparative_analysis'. Per level, so never cached. */
export const compareRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '',
    {
      // The guard runs before validation: a visitor learns to sign in whatever the ids.
      onRequest: requireFeature('comparative_analysis'),
      schema: {
        tags: ['compare'],
        summary: 'Compare 2–5 projects: figures, heat breakdowns and histories',
        querystring: CompareQuerySchema,
        response: { 200: CompareResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return compareProjects(db, request.query.ids, request.query.range, new Date());
    },
  );
};
