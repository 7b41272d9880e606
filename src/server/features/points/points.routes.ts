import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PointsQuerySchema, PointsResponseSchema } from '../../../shared/api/points.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { getMyPoints } from './points.service.ts';

/** The signed-in user's own points; no route credits points (tasks will credit them on the server). */
export const pointsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['points'],
        summary: 'My points balance, level and points history',
        querystring: PointsQuerySchema,
        response: { 200: PointsResponseSchema },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getMyPoints(db, request.auth!.user.id, request.query, requestLanguage(request), new Date());
    },
  );
};
