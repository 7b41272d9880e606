import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DbSetupResponseSchema } from '../../../shared/api/admin-ops.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { getDbSetup } from './db-setup.service.ts';

/** /api/admin/db-setup: the database's kind, migrations, tables and size (admin only, like every /api/admin route). */
export const dbSetupRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'The database: kind, migrations, tables and size',
        response: { 200: DbSetupResponseSchema },
      },
    },
    () => getDbSetup(deps, new Date()),
  );
};
