import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyListResponseSchema,
  ApiKeyParamsSchema,
  ApiKeySchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
} from '../../../shared/api/api-keys.schema.ts';
import { requireFeature, requireSignedIn, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requireVerifiedEmail } from '../auth/auth.plugin.ts';
import { createApiKey, listApiKeys, revokeKey } from './api-keys.service.ts';

const tags = ['api-keys'];

function own(request: FastifyRequest, reply: FastifyReply): string {
  reply.header('cache-control', 'private, no-store');
  return request.auth!.user.id;
}

/**
 * /api/me/api-keys: the signed-in user's own keys (CSRF as every cookie-authenticated write, auth plugin). Listing and
 * revoking stay open to every level (a lapsed vip can still revoke); creating needs api_access (vip).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '',
    {
      schema: { tags, summary: 'List my API keys', response: { 200: ApiKeyListResponseSchema } },
      onRequest: requireSignedIn,
    },
    (req, reply) => {
      own(req, reply);
      return listApiKeys(db, viewerOf(req, new Date()), new Date(), config.DAY_TIME_ZONE);
    },
  );

  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Create an API key (vip; shown once)',
        body: CreateApiKeyBodySchema,
        response: { 201: CreatedApiKeySchema },
      },
      onRequest: requireFeature('api_access'),
      preHandler: requireVerifiedEmail,
    },
    async (req, reply) => {
      own(req, reply);
      const created = await createApiKey(db, viewerOf(req, new Date()), req.body.name, new Date());
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/:id/revoke',
    {
      schema: { tags, summary: 'Revoke an API key', params: ApiKeyParamsSchema, response: { 200: ApiKeySchema } },
      onRequest: requireSignedIn,
    },
    (req, reply) => revokeKey(db, own(req, reply), req.params.id, new Date()),
  );
};
