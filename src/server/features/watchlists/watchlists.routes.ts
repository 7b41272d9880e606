import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddItemBodySchema,
  AddItemResponseSchema,
  UpdateItemBodySchema,
  WatchedProjectsResponseSchema,
  WatchingQuerySchema,
  WatchingResponseSchema,
  WatchlistDetailSchema,
  WatchlistHistoryQuerySchema,
  WatchlistHistoryResponseSchema,
  WatchlistIdParamsSchema,
  WatchlistItemParamsSchema,
  WatchlistNameBodySchema,
  WatchlistSummarySchema,
  WatchlistsResponseSchema,
} from '../../../shared/api/watchlists.schema.ts';
import { requireFeature } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import * as service from './watchlists.service.ts';

const tags = ['watchlists'];
// The feature guard runs first (onRequest, before the body is read): a visitor gets 401, a free user 403 naming the tier.
const guard = requireFeature('portfolio_tracking');

function own(request: FastifyRequest, reply: FastifyReply): string {
  reply.header('cache-control', 'private, no-store');
  return request.auth!.user.id;
}

/** /api/watchlists/* and /api/me/watching: a user's own lists only — another user's list id answers 404. */
export const watchlistsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const clock = () => ({ now: new Date(), timeZone: config.DAY_TIME_ZONE });

  app.get(
    '/watchlists',
    { schema: { tags, summary: 'List my watchlists', response: { 200: WatchlistsResponseSchema } }, onRequest: guard },
    (req, reply) => service.listWatchlists(db, own(req, reply)),
  );

  app.post(
    '/watchlists',
    {
      schema: {
        tags,
        summary: 'Create a watchlist',
        body: WatchlistNameBodySchema,
        response: { 201: WatchlistSummarySchema },
      },
      onRequest: guard,
    },
    async (req, reply) => {
      const created = await service.createWatchlist(db, own(req, reply), req.body.name, new Date());
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/watchlists/:id',
    {
      schema: {
        tags,
        summary: 'Get one of my watchlists with its holdings and totals',
        params: WatchlistIdParamsSchema,
        response: { 200: WatchlistDetailSchema },
      },
      onRequest: guard,
    },
    (req, reply) => service.getWatchlist(db, own(req, reply), req.params.id),
  );

  app.patch(
    '/watchlists/:id',
    {
      schema: {
        tags,
        summary: 'Rename a watchlist',
        params: WatchlistIdParamsSchema,
        body: WatchlistNameBodySchema,
        response: { 200: WatchlistDetailSchema },
      },
      onRequest: guard,
    },
    (req, reply) => service.renameWatchlist(db, own(req, reply), req.params.id, req.body.name, new Date()),
  );

  app.delete(
    '/watchlists/:id',
    { schema: { tags, summary: 'Delete a watchlist', params: WatchlistIdParamsSchema }, onRequest: guard },
    async (req, reply) => {
      await service.deleteWatchlist(db, own(req, reply), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/watchlists/:id/history',
    {
      schema: {
        tags,
        summary: "A watchlist's value and heat history (7d, 30d or 90d)",
        params: WatchlistIdParamsSchema,
        querystring: WatchlistHistoryQuerySchema,
        response: { 200: WatchlistHistoryResponseSchema },
      },
      onRequest: guard,
    },
    (req, reply) => service.getHistory(db, own(req, reply), req.params.id, req.query.range, clock()),
  );

  app.post(
    '/watchlists/:id/items',
    {
      schema: {
        tags,
        summary: 'Add a project to a watchlist',
        params: WatchlistIdParamsSchema,
        body: AddItemBodySchema,
        response: { 200: AddItemResponseSchema, 201: AddItemResponseSchema },
      },
      onRequest: guard,
    },
    async (req, reply) => {
      const result = await service.addItem(db, own(req, reply), req.params.id, req.body, clock());
      return reply.code(result.added ? 201 : 200).send(result);
    },
  );

  app.patch(
    '/watchlists/:id/items/:projectId',
    {
      schema: {
        tags,
        summary: "Update a holding's amount or cost basis",
        params: WatchlistItemParamsSchema,
        body: UpdateItemBodySchema,
        response: { 200: WatchlistDetailSchema },
      },
      onRequest: guard,
    },
    (req, reply) => service.updateItem(db, own(req, reply), req.params.id, req.params.projectId, req.body),
  );

  app.delete(
    '/watchlists/:id/items/:projectId',
    {
      schema: { tags, summary: 'Remove a project from a watchlist', params: WatchlistItemParamsSchema },
      onRequest: guard,
    },
    async (req, reply) => {
      await service.removeItem(db, own(req, reply), req.params.id, req.params.projectId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me/watching',
    {
      schema: {
        tags,
        summary: 'Which of my watchlists hold a project',
        querystring: WatchingQuerySchema,
        response: { 200: WatchingResponseSchema },
      },
      onRequest: guard,
    },
    (req, reply) => service.getWatching(db, own(req, reply), req.query.projectId),
  );

  app.get(
    '/me/watched-projects',
    {
      schema: {
        tags,
        summary: 'The ids of every project in any of my watchlists',
        response: { 200: WatchedProjectsResponseSchema },
      },
      onRequest: guard,
    },
    (req, reply) => service.listWatchedProjects(db, own(req, reply)),
  );
};
