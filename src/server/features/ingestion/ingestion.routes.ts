import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryMappingResponseSchema } from '../../../shared/api/social-accounts.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { getCategoryMappingReport } from './ingestion.service.ts';

/** /api/admin/ingestion: what the admin needs to see of ingestion (admin only). */
export const ingestionAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/categories',
    {
      schema: {
        tags: ['admin'],
        summary: 'DefiLlama categories seen by discovery and the sector each maps to',
        response: { 200: CategoryMappingResponseSchema },
      },
    },
    () => getCategoryMappingReport({ db }),
  );
};
