import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TestModeBodySchema, TestModeResponseSchema } from '../../../shared/api/usage.schema.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { setTestMode } from './test-mode.service.ts';

/** PUT /api/me/test-mode {level}: preview a level in this session (null turns it off). */
export const testModeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.put(
    '',
    {
      schema: {
        tags: ['membership'],
        summary: 'Preview another membership level in this session (test mode)',
        body: TestModeBodySchema,
        response: { 200: TestModeResponseSchema },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const auth = request.auth!;
      const { level } = request.body;
      await setTestMode(
        db,
        { sessionId: auth.sessionId, role: auth.user.role },
        level,
        config.NODE_ENV === 'development',
      );
      reply.header('cache-control', 'private, no-store');
      return { testLevel: level, actualLevel: viewerOf(request, new Date()).actualLevel };
    },
  );
};
