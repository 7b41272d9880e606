import { hostname } from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MaintenanceParamsSchema,
  MaintenanceResponseSchema,
  RefreshStartedResponseSchema,
} from '../../../shared/api/admin-ops.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { runMaintenance } from './maintenance.service.ts';
import { startFullRefresh } from './refresh.service.ts';

/**
 * POST /api/admin/maintenance/:action: one maintenance run, recorded in sync_runs; 409 while it already runs.
 * POST /api/admin/maintenance/refresh: "refresh all data" (the full sync) started in the background, 202.
 */
export const maintenanceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);
  // Background refreshes of this process: closing the app waits for them, so none writes to a closed database.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });

  app.post(
    '/:action',
    { schema: { tags: ['admin'], params: MaintenanceParamsSchema, response: { 200: MaintenanceResponseSchema } } },
    (request) =>
      runMaintenance(deps, request.params.action, { trigger: 'manual', instance: `${hostname()}:${process.pid}` }),
  );

  app.post(
    '/refresh',
    { schema: { tags: ['admin'], response: { 202: RefreshStartedResponseSchema } } },
    async (_request, reply) => {
      const { done, ...started } = await startFullRefresh(
        { ...deps, now: () => new Date(), log: app.log },
        `${hostname()}:${process.pid}`,
      );
      running.add(done);
      void done.finally(() => running.delete(done));
      return reply.status(202).send(started);
    },
  );
};
