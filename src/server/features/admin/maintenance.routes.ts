import { hostname } from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MaintenanceParamsSchema, MaintenanceResponseSchema } from '../../../shared/api/admin-ops.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { runMaintenance } from './maintenance.service.ts';

/** POST /api/admin/maintenance/:action: one maintenance run, recorded in sync_runs; 409 while it already runs. */
export const maintenanceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);

  app.post(
    '/:action',
    { schema: { tags: ['admin'], params: MaintenanceParamsSchema, response: { 200: MaintenanceResponseSchema } } },
    (request) =>
      runMaintenance(deps, request.params.action, { trigger: 'manual', instance: `${hostname()}:${process.pid}` }),
  );
};
