import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { XDebugBodySchema, XDebugResponseSchema } from '../../../shared/api/twitter-debug.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { runXDebug } from './twitter-debug.service.ts';

/** POST /api/admin/twitter-debug: one X endpoint through the account pool, raw and mapped (admin only). */
export const twitterDebugRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.addHook('onRequest', requireAdmin);
  app.post(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Call one X endpoint through the account pool: raw and mapped answer',
        body: XDebugBodySchema,
        response: { 200: XDebugResponseSchema },
      },
    },
    (request) => runXDebug({ db, config }, request.body),
  );
};
