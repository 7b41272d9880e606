import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProjectParamsSchema } from '../../../shared/api/projects.schema.ts';
import { SocialSummarySchema } from '../../../shared/api/social.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { getSocialSummary } from './social-summary.service.ts';

/**
 * Registered at /api/projects: /:id/social, the project's social summary from stored X reads (two small reads, not
 * response-cached: whether X is configured changes with the account pool, which publishes no data event).
 */
export const socialSummaryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/:id/social',
    {
      schema: {
        summary: 'Get a project’s X social summary: official account, mentions, most engaged recent posts, as-of',
        tags: ['projects'],
        params: ProjectParamsSchema,
        response: { 200: SocialSummarySchema },
      },
    },
    (request) => getSocialSummary(db, config.SECRET_KEY, request.params.id, new Date()),
  );
};
