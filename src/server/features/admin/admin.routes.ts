import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatsResponseSchema } from '../../../shared/api/admin.schema.ts';
import { ConfigStatusResponseSchema } from '../../../shared/api/admin-config.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { JobCatalogue } from '../../runs/job.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { getAdminStats } from './admin.service.ts';
import { getConfigStatus } from './config-status.service.ts';
import { fullExportFileName, writeFullExport } from './full-export.service.ts';

/**
 * /api/admin/*. The guard is a hook on this whole scope, so a route added here cannot forget it; the admin-route
 * test also walks every /api/admin route and expects 403 for a non-admin.
 */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps & { jobs: JobCatalogue }> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin statistics: users, levels, payments, the system',
        response: { 200: AdminStatsResponseSchema },
      },
    },
    () => getAdminStats(deps, new Date()),
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['admin'],
        summary: 'Settings status: what is configured and what needs a setting',
        response: { 200: ConfigStatusResponseSchema },
      },
    },
    () => getConfigStatus(deps, new Date()),
  );

  // The full export (spec §3) as a download, streamed page by page (full-export.service.ts); FullExportSchema is its
  // contract (documented there, not here: a stream has no response schema to serialise against).
  app.get(
    '/export',
    { schema: { tags: ['admin'], summary: 'Full export: { projects, sectors, exportTime, version }' } },
    (_request, reply) => {
      const now = new Date();
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fullExportFileName(now)}"`)
        .send(Readable.from(writeFullExport(deps.db, now)));
    },
  );
};
