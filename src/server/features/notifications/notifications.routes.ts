import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MarkReadResponseSchema,
  NotificationIdParamsSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  UnreadCountResponseSchema,
} from '../../../shared/api/notifications.schema.ts';
import { requireSignedIn } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import * as service from './notifications.service.ts';

const tags = ['notifications'];

// Every level may read its notifications (points and levels concern free users too); a visitor gets 401.

function own(request: FastifyRequest, reply: FastifyReply): string {
  reply.header('cache-control', 'private, no-store');
  return request.auth!.user.id;
}

/** /api/notifications/*: a user's own notifications only — another user's id answers 404 like a missing one. */
export const notificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List my notifications (keyset pages)',
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationsResponseSchema },
      },
      onRequest: requireSignedIn,
    },
    (req, reply) => service.listNotifications(db, own(req, reply), req.query),
  );

  app.get(
    '/unread-count',
    {
      schema: { tags, summary: 'Count my unread notifications', response: { 200: UnreadCountResponseSchema } },
      onRequest: requireSignedIn,
    },
    (req, reply) => service.getUnreadCount(db, own(req, reply)),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a notification read',
        params: NotificationIdParamsSchema,
        response: { 200: MarkReadResponseSchema },
      },
      onRequest: requireSignedIn,
    },
    (req, reply) => service.markRead(db, own(req, reply), req.params.id, new Date()),
  );

  app.post(
    '/read-all',
    {
      schema: { tags, summary: 'Mark all my notifications read', response: { 200: MarkReadResponseSchema } },
      onRequest: requireSignedIn,
    },
    (req, reply) => service.markAllRead(db, own(req, reply), new Date()),
  );
};
