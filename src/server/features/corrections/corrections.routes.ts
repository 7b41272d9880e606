import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCorrectionListResponseSchema,
  AdminCorrectionSchema,
  AdminCorrectionsQuerySchema,
  CorrectionListResponseSchema,
  CorrectionPageQuerySchema,
  CorrectionParamsSchema,
  CorrectionSchema,
  CreateCorrectionBodySchema,
  RejectCorrectionBodySchema,
} from '../../../shared/api/corrections.schema.ts';
import { ProjectParamsSchema } from '../../../shared/api/projects.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AdminActor } from '../../audit/audit-log.service.ts';
import { requireAdmin, requireUser } from '../auth/auth.plugin.ts';
import { createCorrection, listMyCorrections } from './corrections.service.ts';
import { acceptCorrection, listCorrectionsForReview, rejectCorrection } from './corrections-review.service.ts';

const tags = ['corrections'];
const actorOf = (request: FastifyRequest): AdminActor => ({
  id: request.auth!.user.id,
  email: request.auth!.user.email,
});

/**
 * Registered at /api/projects: a signed-in user suggests a correction, POST /api/projects/:id/corrections (CSRF as
 * every cookie-authenticated write, auth plugin). docs/admin.md "Data corrections".
 */
export const projectCorrectionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/:id/corrections',
    {
      schema: {
        tags,
        summary: "Suggest a correction to a project's data",
        params: ProjectParamsSchema,
        body: CreateCorrectionBodySchema,
        response: { 201: CorrectionSchema },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const created = await createCorrection(db, request.auth!.user.id, request.params.id, request.body, new Date());
      return reply.code(201).send(created);
    },
  );
};

/** Registered at /api/me: GET /api/me/corrections, the signed-in user's own corrections and their outcome. */
export const myCorrectionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/corrections',
    {
      schema: {
        tags,
        summary: 'List my suggested corrections and their outcome',
        querystring: CorrectionPageQuerySchema,
        response: { 200: CorrectionListResponseSchema },
      },
      onRequest: requireUser,
    },
    (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listMyCorrections(db, request.auth!.user.id, request.query);
    },
  );
};

/** The admin review queue under /api/admin/corrections (requireAdmin; every review in the audit log). */
export const correctionsAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);
  const adminTags = ['admin'];

  app.get(
    '/',
    {
      schema: {
        summary: 'The queue of suggested data corrections',
        tags: adminTags,
        querystring: AdminCorrectionsQuerySchema,
        response: { 200: AdminCorrectionListResponseSchema },
      },
    },
    (request) => listCorrectionsForReview(deps.db, request.query),
  );
  app.post(
    '/:id/accept',
    {
      schema: {
        summary: 'Accept a data correction (applies it, credits points)',
        tags: adminTags,
        params: CorrectionParamsSchema,
        response: { 200: AdminCorrectionSchema },
      },
    },
    (request) => acceptCorrection(deps, actorOf(request), request.params.id, new Date()),
  );
  app.post(
    '/:id/reject',
    {
      schema: {
        summary: 'Reject a data correction with a reason',
        tags: adminTags,
        params: CorrectionParamsSchema,
        body: RejectCorrectionBodySchema,
        response: { 200: AdminCorrectionSchema },
      },
    },
    (request) => rejectCorrection(deps.db, actorOf(request), request.params.id, request.body.reason, new Date()),
  );
};
