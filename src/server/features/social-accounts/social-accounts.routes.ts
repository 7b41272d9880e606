import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateSocialAccountBodySchema,
  SocialAccountListResponseSchema,
  SocialAccountParamsSchema,
  SocialAccountSchema,
  SocialUsageQuerySchema,
  SocialUsageResponseSchema,
  UpdateSocialAccountBodySchema,
} from '../../../shared/api/social-accounts.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf } from '../../audit/audit-log.service.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import {
  createSocialAccount,
  listSocialAccounts,
  listSocialUsage,
  removeSocialAccount,
  setSocialAccountActive,
} from './social-accounts.service.ts';

const tags = ['admin'];

/** /api/admin/social-accounts: the X account pool. Admin only (hook on the whole scope); secrets are write-only. */
export const socialAccountsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.addHook('onRequest', requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List the X accounts of the ingestion pool',
        response: { 200: SocialAccountListResponseSchema },
      },
    },
    async () => ({
      items: await listSocialAccounts(db, new Date()),
    }),
  );
  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Add an X account to the pool',
        body: CreateSocialAccountBodySchema,
        response: { 201: SocialAccountSchema },
      },
    },
    async (request, reply) => {
      const { expiresAt, ...input } = request.body;
      const account = await createSocialAccount(db, adminActorOf(request), config.SECRET_KEY, {
        ...input,
        expiresAt: expiresAt ? new Date(expiresAt) : undefined,
      });
      return reply.status(201).send(account);
    },
  );
  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update an X account of the pool',
        params: SocialAccountParamsSchema,
        body: UpdateSocialAccountBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setSocialAccountActive(db, adminActorOf(request), request.params.id, request.body.active, new Date());
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Remove an X account from the pool',
        params: SocialAccountParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeSocialAccount(db, adminActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/usage',
    {
      schema: {
        tags,
        summary: "The X account pool's usage",
        querystring: SocialUsageQuerySchema,
        response: { 200: SocialUsageResponseSchema },
      },
    },
    async (request) => ({ items: await listSocialUsage(db, new Date(), request.query.days) }),
  );
};
