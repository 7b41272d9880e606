import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminSupportListResponseSchema,
  AdminSupportQuerySchema,
  AdminSupportThreadSchema,
  CreateSupportRequestBodySchema,
  SupportListQuerySchema,
  SupportListResponseSchema,
  SupportMessageBodySchema,
  SupportParamsSchema,
  SupportPriorityResponseSchema,
  SupportStateBodySchema,
  SupportThreadSchema,
} from '../../../shared/api/support.schema.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf } from '../../audit/audit-log.service.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireAdmin, requireUser, requireVerifiedEmailToWrite } from '../auth/auth.plugin.ts';
import {
  addSupportFollowUp,
  closeMySupportRequest,
  createSupportRequest,
  getMySupportThread,
  getSupportPriority,
  listMySupportRequests,
} from './support.service.ts';
import {
  getSupportThreadForAdmin,
  listSupportQueue,
  replyToSupportRequest,
  setSupportState,
} from './support-admin.service.ts';

const tags = ['support'];

/**
 * A signed-in user's support requests under /api/support (docs/support.md): every route needs a
 * session (401 otherwise), every write a verified e-mail (403 EMAIL_NOT_VERIFIED), and another user's id is 404.
 */
export const supportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.addHook('onRequest', requireUser);
  app.addHook('preHandler', requireVerifiedEmailToWrite);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const clock = () => ({ now: new Date(), timeZone: config.DAY_TIME_ZONE });
  const userIdOf = (request: FastifyRequest) => request.auth!.user.id;

  app.get(
    '/priority',
    {
      schema: {
        tags,
        summary: 'The priority and response target a new support request would get',
        response: { 200: SupportPriorityResponseSchema },
      },
    },
    (request) => getSupportPriority(viewerOf(request, new Date())),
  );
  app.post(
    '/requests',
    {
      schema: {
        tags,
        summary: 'Open a support request',
        body: CreateSupportRequestBodySchema,
        response: { 201: SupportThreadSchema },
      },
    },
    async (request, reply) => {
      const viewer = { ...viewerOf(request, new Date()), userId: userIdOf(request) };
      const thread = await createSupportRequest(db, viewer, request.body, requestLanguage(request), clock());
      return reply.code(201).send(thread);
    },
  );
  app.get(
    '/requests',
    {
      schema: {
        tags,
        summary: 'List my support requests',
        querystring: SupportListQuerySchema,
        response: { 200: SupportListResponseSchema },
      },
    },
    (request) => listMySupportRequests(db, userIdOf(request), request.query, new Date()),
  );
  app.get(
    '/requests/:id',
    {
      schema: {
        tags,
        summary: 'Get one of my support requests with its messages',
        params: SupportParamsSchema,
        response: { 200: SupportThreadSchema },
      },
    },
    (request) => getMySupportThread(db, userIdOf(request), request.params.id, new Date()),
  );
  app.post(
    '/requests/:id/messages',
    {
      schema: {
        tags,
        summary: 'Add a message to my support request',
        params: SupportParamsSchema,
        body: SupportMessageBodySchema,
        response: { 201: SupportThreadSchema },
      },
    },
    async (request, reply) => {
      const thread = await addSupportFollowUp(db, userIdOf(request), request.params.id, request.body.text, clock());
      return reply.code(201).send(thread);
    },
  );
  app.post(
    '/requests/:id/close',
    {
      schema: {
        tags,
        summary: 'Close my support request',
        params: SupportParamsSchema,
        response: { 200: SupportThreadSchema },
      },
    },
    (request) => closeMySupportRequest(db, userIdOf(request), request.params.id, new Date()),
  );
};

/** The support queue under /api/admin/support (requireAdmin; every reply and state change in the audit log). */
export const supportAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, mailer }) => {
  app.addHook('onRequest', requireAdmin);
  const adminTags = ['admin'];
  const deps = { db, config, mailer };
  const clock = () => ({ now: new Date(), timeZone: config.DAY_TIME_ZONE });

  app.get(
    '/',
    {
      schema: {
        summary: 'The support queue (priority, then age)',
        tags: adminTags,
        querystring: AdminSupportQuerySchema,
        response: { 200: AdminSupportListResponseSchema },
      },
    },
    (request) => listSupportQueue(db, request.query, new Date()),
  );
  app.get(
    '/:id',
    {
      schema: {
        summary: 'Get a support request with its messages',
        tags: adminTags,
        params: SupportParamsSchema,
        response: { 200: AdminSupportThreadSchema },
      },
    },
    (request) => getSupportThreadForAdmin(db, request.params.id, new Date()),
  );
  app.post(
    '/:id/replies',
    {
      schema: {
        summary: 'Reply to a support request',
        tags: adminTags,
        params: SupportParamsSchema,
        body: SupportMessageBodySchema,
        response: { 200: AdminSupportThreadSchema },
      },
    },
    (request) => replyToSupportRequest(deps, adminActorOf(request), request.params.id, request.body.text, clock()),
  );
  app.post(
    '/:id/state',
    {
      schema: {
        summary: "Change a support request's state",
        tags: adminTags,
        params: SupportParamsSchema,
        body: SupportStateBodySchema,
        response: { 200: AdminSupportThreadSchema },
      },
    },
    (request) => setSupportState(db, adminActorOf(request), request.params.id, request.body.state, clock()),
  );
};
