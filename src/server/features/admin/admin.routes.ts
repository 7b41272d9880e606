import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatsResponseSchema } from '../../../shared/api/admin.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { getAdminStats } from './admin.service.ts';

/**
 * /api/admin/*. The guard is a hook on this whole scope, so a route added here cannot forget it; the admin-route
 * test also walks every /api/admin route and expects 403 for a non-admin.
 */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);

  app.get('/stats', { schema: { tags: ['admin'], response: { 200: AdminStatsResponseSchema } } }, () =>
    getAdminStats(db, new Date()),
  );
};
