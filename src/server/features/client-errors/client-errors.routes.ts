import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminClientErrorsQuerySchema,
  AdminClientErrorsResponseSchema,
  CLIENT_ERROR_BODY_LIMIT,
  ClientErrorAcceptedSchema,
  ClientErrorReportSchema,
} from '../../../shared/api/client-errors.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { createAuthRateLimit, createRouteRateLimit } from '../auth/auth.service.ts';
import { listClientErrors, recordClientError } from './client-errors.service.ts';

/**
 * Per address 10 reports a minute (one crashing page reports once per load), and 600 an hour from everyone together,
 * so a flood cannot fill the database; counters in auth_rate_limits, shared by every instance on one PostgreSQL.
 */
export const CLIENT_ERROR_RATE_LIMITS = {
  perIp: { perIp: 10, windowMs: 60_000 },
  all: { max: 600, windowMs: 3_600_000 },
} as const;

/** POST /api/client-errors: the web app's crash fallbacks report a render error here (anonymous, no cookies needed). */
export const clientErrorsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const perIp = createAuthRateLimit(db, 'client-errors', CLIENT_ERROR_RATE_LIMITS.perIp);
  const all = createRouteRateLimit(db, 'client-errors', CLIENT_ERROR_RATE_LIMITS.all);
  app.post(
    '',
    {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      preHandler: [perIp, all],
      schema: {
        tags: ['system'],
        summary: 'Report a crash of the web app (rate-limited, scrubbed)',
        body: ClientErrorReportSchema,
        response: { 202: ClientErrorAcceptedSchema },
      },
    },
    async (request, reply) => {
      await recordClientError(db, request.body, new Date());
      return reply.code(202).send({ accepted: true });
    },
  );
};

/** GET /api/admin/client-errors: the kept crash reports grouped by message. Admin only. */
export const clientErrorsAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: "The web app's crash reports, grouped by message",
        querystring: AdminClientErrorsQuerySchema,
        response: { 200: AdminClientErrorsResponseSchema },
      },
    },
    (request) => listClientErrors(db, request.query.limit, new Date()),
  );
};
