import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SavedSearchesResponseSchema,
  SavedSearchIdParamsSchema,
  SavedSearchSchema,
} from '../../../shared/api/saved-searches.schema.ts';
import { requireFeature, type Viewer, viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { CreateBodySchema, UpdateBodySchema } from './saved-query.ts';
import * as service from './saved-searches.service.ts';

const tags = ['saved-searches'];
// The feature guard runs first (onRequest, before the body is read): a visitor gets 401, a free user 403 naming the tier.
const guard = requireFeature('saved_searches');

function own(request: FastifyRequest, reply: FastifyReply, now: Date): Viewer {
  reply.header('cache-control', 'private, no-store');
  return viewerOf(request, now);
}

/** /api/saved-searches/*: a user's own saved searches only — another user's id answers 404 SAVED_SEARCH_NOT_FOUND. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '',
    {
      schema: { tags, summary: 'List my saved searches', response: { 200: SavedSearchesResponseSchema } },
      onRequest: guard,
    },
    (req, reply) => service.listSavedSearches(db, own(req, reply, new Date())),
  );

  app.post(
    '',
    {
      schema: { tags, summary: 'Save a search', body: CreateBodySchema, response: { 201: SavedSearchSchema } },
      onRequest: guard,
    },
    async (req, reply) => {
      const now = new Date();
      const created = await service.createSavedSearch(db, own(req, reply, now), req.body, now);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Get one of my saved searches',
        params: SavedSearchIdParamsSchema,
        response: { 200: SavedSearchSchema },
      },
      onRequest: guard,
    },
    (req, reply) => service.getSavedSearch(db, own(req, reply, new Date()), req.params.id),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Update a saved search',
        params: SavedSearchIdParamsSchema,
        body: UpdateBodySchema,
        response: { 200: SavedSearchSchema },
      },
      onRequest: guard,
    },
    (req, reply) => {
      const now = new Date();
      return service.updateSavedSearch(db, own(req, reply, now), req.params.id, req.body, now);
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, summary: 'Delete a saved search', params: SavedSearchIdParamsSchema }, onRequest: guard },
    async (req, reply) => {
      await service.deleteSavedSearch(db, own(req, reply, new Date()), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
