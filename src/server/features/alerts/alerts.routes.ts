import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlertDeliveriesResponseSchema,
  AlertIdParamsSchema,
  AlertsResponseSchema,
  CreateAlertBodySchema,
  CreateAlertResponseSchema,
  UpdateAlertBodySchema,
} from '../../../shared/api/alerts.schema.ts';
import { requireFeature, requireSignedIn, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import * as service from './alerts.service.ts';

const tags = ['alerts'];
// The feature guard runs first (onRequest, before the body is read): a visitor gets 401, a free user 403 naming premium.
// Reading, pausing and deleting one's own alerts needs only a session: a plan that ended must not trap its alerts.
const guard = requireFeature('search_alerts');

/** /api/alerts/*: a user's own alerts only — another user's alert id answers 404 ALERT_NOT_FOUND. */
export const alertsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const actor = (request: FastifyRequest, reply: FastifyReply): service.AlertActor => {
    reply.header('cache-control', 'private, no-store');
    const now = new Date();
    return {
      viewer: viewerOf(request, now),
      userId: request.auth!.user.id,
      lang: requestLanguage(request),
      now,
      secretKey: config.SECRET_KEY,
      log: request.log,
    };
  };

  app.get(
    '',
    {
      schema: { tags, summary: 'List my alerts', response: { 200: AlertsResponseSchema } },
      onRequest: requireSignedIn,
    },
    (req, reply) => service.listAlerts(db, actor(req, reply), req.ip, config.DAY_TIME_ZONE),
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create an alert on a project or sector',
        body: CreateAlertBodySchema,
        response: { 201: CreateAlertResponseSchema },
      },
      onRequest: guard,
    },
    async (req, reply) => reply.code(201).send(await service.createAlert(db, actor(req, reply), req.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update an alert',
        params: AlertIdParamsSchema,
        body: UpdateAlertBodySchema,
        response: { 200: CreateAlertResponseSchema },
      },
      // The service asks for the feature unless the change only switches something off (alerts.service.ts).
      onRequest: requireSignedIn,
    },
    (req, reply) => service.updateAlert(db, actor(req, reply), req.params.id, req.body),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete an alert', params: AlertIdParamsSchema }, onRequest: requireSignedIn },
    async (req, reply) => {
      await service.deleteAlert(db, actor(req, reply), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:id/deliveries',
    {
      schema: {
        tags,
        summary: "An alert's delivery log (e-mails and webhooks)",
        params: AlertIdParamsSchema,
        response: { 200: AlertDeliveriesResponseSchema },
      },
      onRequest: requireSignedIn,
    },
    (req, reply) => service.listDeliveries(db, actor(req, reply), req.params.id),
  );
};
