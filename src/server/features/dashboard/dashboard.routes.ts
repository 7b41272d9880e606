import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardResponseSchema,
  DashboardSearchParamsSchema,
  DashboardSearchResultsSchema,
  PutDashboardBodySchema,
} from '../../../shared/api/dashboard.schema.ts';
import { requireFeature, type Viewer, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import * as service from './dashboard.service.ts';

const tags = ['dashboard'];
// Before the body is read: a visitor gets 401, a free user 403 FEATURE_LOCKED naming premium (test mode applies).
const guard = requireFeature('custom_dashboard');

function own(request: FastifyRequest, reply: FastifyReply, now: Date): Viewer {
  reply.header('cache-control', 'private, no-store');
  return viewerOf(request, now);
}

/** /api/me/dashboard: the signed-in user's own custom dashboard (premium), stored on the account. */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '',
    {
      schema: { tags, summary: 'Get my custom dashboard layout', response: { 200: DashboardResponseSchema } },
      onRequest: guard,
    },
    (req, reply) => service.getDashboard(db, own(req, reply, new Date())),
  );

  app.put(
    '',
    {
      schema: {
        tags,
        summary: 'Save my custom dashboard layout (over the version read)',
        body: PutDashboardBodySchema,
        response: { 200: DashboardResponseSchema },
      },
      onRequest: guard,
    },
    (req, reply) => {
      const now = new Date();
      return service.putDashboard(db, own(req, reply, now), req.body, now);
    },
  );

  app.get(
    '/saved-searches/:id/results',
    {
      schema: {
        tags,
        summary: "A saved search's new results since it was saved (dashboard panel)",
        params: DashboardSearchParamsSchema,
        response: { 200: DashboardSearchResultsSchema },
      },
      onRequest: guard,
    },
    (req, reply) => {
      const now = new Date();
      return service.getSearchResults(db, own(req, reply, now), req.params.id, now);
    },
  );
};
