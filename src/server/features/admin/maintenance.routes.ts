import { hostname } from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MaintenanceParamsSchema,
  MaintenanceResponseSchema,
  RefreshStartedResponseSchema,
} from '../../../shared/api/admin-ops.schema.ts';
import { OperationRunsResponseSchema } from '../../../shared/api/admin-runs.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf, recordAdminAction } from '../../audit/audit-log.service.ts';
import type { JobCatalogue } from '../../runs/job.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { runMaintenance } from './maintenance.service.ts';
import { listOperationRuns } from './operation-runs.service.ts';
import { startFullRefresh } from './refresh.service.ts';

/**
 * POST /api/admin/maintenance/:action: one maintenance run, recorded in sync_runs; 409 while it already runs.
 * POST /api/admin/maintenance/refresh: "refresh all data" (the full sync) started in the background, 202.
 * GET /api/admin/maintenance/runs: the newest run of each of them and the full sync's steps (the page polls it).
 */
export const maintenanceRoutes: FastifyPluginAsyncZod<
  AppDeps & { jobs: JobCatalogue; stopSignal?: AbortSignal }
> = async (app, { stopSignal, jobs, ...deps }) => {
  app.addHook('onRequest', requireAdmin);
  // Background refreshes of this process: closing the app aborts them (stopSignal) and waits until each has recorded
  // its run, so none writes to a closed database.
  const running = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
  });

  app.get(
    '/runs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Maintenance operations: running and recent runs',
        response: { 200: OperationRunsResponseSchema },
      },
    },
    () => listOperationRuns(deps, new Date()),
  );

  app.post(
    '/:action',
    {
      schema: {
        tags: ['admin'],
        summary: 'Run a database maintenance operation',
        params: MaintenanceParamsSchema,
        response: { 200: MaintenanceResponseSchema },
      },
    },
    async (request) => {
      const { action } = request.params;
      const result = await runMaintenance(deps, action, {
        trigger: 'manual',
        instance: `${hostname()}:${process.pid}`,
      });
      // After the run, not in its transaction: VACUUM cannot run inside one. The run itself is in sync_runs.
      await recordAdminAction(deps.db, {
        actor: adminActorOf(request),
        action: `maintenance.${action}`,
        entity: 'maintenance',
        entityId: String(result.runId),
        after: { status: result.status, counts: result.counts, errors: result.errors },
      });
      return result;
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refresh all data from the sources now (runs in the background)',
        response: { 202: RefreshStartedResponseSchema },
      },
    },
    async (request, reply) => {
      const { done, ...started } = await startFullRefresh(
        { ...deps, now: () => new Date(), log: app.log, signal: stopSignal },
        jobs,
        `${hostname()}:${process.pid}`,
      );
      await recordAdminAction(deps.db, {
        actor: adminActorOf(request),
        action: 'maintenance.refresh',
        entity: 'maintenance',
        entityId: null,
        after: started,
      });
      running.add(done);
      void done.finally(() => running.delete(done));
      return reply.status(202).send(started);
    },
  );
};
