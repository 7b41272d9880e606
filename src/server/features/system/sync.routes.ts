import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SyncStatusResponseSchema } from '../../../shared/api/sync.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { JobCatalogue } from '../../runs/job.ts';
import { getSyncStatus } from '../../runs/sync-status.ts';

/** Registered at /api/sync: the jobs' runs and each source's freshness, read from the run log. */
export const syncRoutes: FastifyPluginAsyncZod<AppDeps & { jobs: JobCatalogue }> = async (
  app,
  { db, config, jobs },
) => {
  // Not cached: it changes with every job run, and the cache ignores sync events by design.
  app.get(
    '/status',
    {
      schema: {
        tags: ['sync'],
        summary: "Sync status: job runs, each source's freshness, health",
        response: { 200: SyncStatusResponseSchema },
      },
    },
    () => getSyncStatus({ db, config, jobs }, new Date()),
  );
};
