import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAdBodySchema,
  AdminAdListSchema,
  AdminAdParamsSchema,
  AdminAdPatchSchema,
  AdminAdSchema,
} from '../../../shared/api/ads.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf } from '../../audit/audit-log.service.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { createAd, deleteAd, listAds, updateAd } from './ads.service.ts';

const tags = ['admin'];

/** /api/admin/ads: the house ads free users watch for points. Admin only (a hook on the whole scope). */
export const adsAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook('onRequest', requireAdmin);

  app.get('/', { schema: { tags, summary: 'List the house ads', response: { 200: AdminAdListSchema } } }, () =>
    listAds(db),
  );

  app.post(
    '/',
    { schema: { tags, summary: 'Create a house ad', body: AdminAdBodySchema, response: { 201: AdminAdSchema } } },
    async (request, reply) => reply.code(201).send(await createAd(db, adminActorOf(request), request.body, new Date())),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update a house ad',
        params: AdminAdParamsSchema,
        body: AdminAdPatchSchema,
        response: { 200: AdminAdSchema },
      },
    },
    (request) => updateAd(db, adminActorOf(request), request.params.id, request.body, new Date()),
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete a house ad', params: AdminAdParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteAd(db, adminActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
