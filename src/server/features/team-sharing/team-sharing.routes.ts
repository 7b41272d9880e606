import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProjectParamsSchema } from '../../../shared/api/projects.schema.ts';
import { SavedSearchIdParamsSchema } from '../../../shared/api/saved-searches.schema.ts';
import {
  NoteBodySchema,
  ProjectNoteSchema,
  ProjectNotesResponseSchema,
  ShareBodySchema,
  ShareResponseSchema,
  TeamItemIdParamsSchema,
  TeamSavedSearchesResponseSchema,
  TeamSavedSearchSchema,
  TeamWatchlistDetailSchema,
  TeamWatchlistItemParamsSchema,
  TeamWatchlistsResponseSchema,
} from '../../../shared/api/team-sharing.schema.ts';
import {
  AddItemBodySchema,
  WatchlistIdParamsSchema,
  WatchlistNameBodySchema,
} from '../../../shared/api/watchlists.schema.ts';
import { requireFeature, requireSignedIn } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import * as notes from './project-notes.service.ts';
import { TeamSearchBodySchema } from './team-search-body.ts';
import * as sharing from './team-sharing.service.ts';

const tags = ['team-sharing'];

function me(request: FastifyRequest, reply: FastifyReply): string {
  reply.header('cache-control', 'private, no-store');
  return request.auth!.user.id;
}

/**
 * What a team shares: the author's share switch on their own lists and searches (the features' own
 * guards), the team's shared lists and searches under /api/team/… and its project notes. A member reads through the
 * seat (no plan of their own needed); the author and the team's owner edit; another team's ids answer 404.
 */
export const teamSharingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const signedIn = requireSignedIn;

  app.put(
    '/watchlists/:id/share',
    {
      schema: {
        tags,
        summary: 'Share a watchlist with my team, or stop sharing it',
        params: WatchlistIdParamsSchema,
        body: ShareBodySchema,
        response: { 200: ShareResponseSchema },
      },
      onRequest: requireFeature('portfolio_tracking'),
    },
    (req, reply) => sharing.shareWatchlist(db, me(req, reply), req.params.id, req.body.shared),
  );

  app.put(
    '/saved-searches/:id/share',
    {
      schema: {
        tags,
        summary: 'Share a saved search with my team, or stop sharing it',
        params: SavedSearchIdParamsSchema,
        body: ShareBodySchema,
        response: { 200: ShareResponseSchema },
      },
      onRequest: requireFeature('saved_searches'),
    },
    (req, reply) => sharing.shareSavedSearch(db, me(req, reply), req.params.id, req.body.shared),
  );

  app.get(
    '/team/watchlists',
    {
      schema: {
        tags,
        summary: 'List the watchlists shared with my team',
        response: { 200: TeamWatchlistsResponseSchema },
      },
      onRequest: signedIn,
    },
    (req, reply) => sharing.listTeamWatchlists(db, me(req, reply)),
  );

  app.get(
    '/team/watchlists/:id',
    {
      schema: {
        tags,
        summary: 'Get a watchlist shared with my team',
        params: TeamItemIdParamsSchema,
        response: { 200: TeamWatchlistDetailSchema },
      },
      onRequest: signedIn,
    },
    (req, reply) => sharing.getTeamWatchlist(db, me(req, reply), req.params.id),
  );

  app.patch(
    '/team/watchlists/:id',
    {
      schema: {
        tags,
        summary: 'Rename a watchlist shared with my team',
        params: TeamItemIdParamsSchema,
        body: WatchlistNameBodySchema,
        response: { 200: TeamWatchlistDetailSchema },
      },
      onRequest: signedIn,
    },
    (req, reply) => sharing.renameTeamWatchlist(db, me(req, reply), req.params.id, req.body.name, new Date()),
  );

  app.post(
    '/team/watchlists/:id/items',
    {
      schema: {
        tags,
        summary: 'Add a project to a team watchlist',
        params: TeamItemIdParamsSchema,
        body: AddItemBodySchema,
        response: { 200: TeamWatchlistDetailSchema, 201: TeamWatchlistDetailSchema },
      },
      onRequest: signedIn,
    },
    async (req, reply) => {
      const clock = { now: new Date(), timeZone: config.DAY_TIME_ZONE };
      const { added, detail } = await sharing.addTeamWatchlistItem(db, me(req, reply), req.params.id, req.body, clock);
      return reply.code(added ? 201 : 200).send(detail);
    },
  );

  app.delete(
    '/team/watchlists/:id/items/:projectId',
    {
      schema: { tags, summary: 'Remove a project from a team watchlist', params: TeamWatchlistItemParamsSchema },
      onRequest: signedIn,
    },
    async (req, reply) => {
      await sharing.removeTeamWatchlistItem(db, me(req, reply), req.params.id, req.params.projectId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/team/saved-searches',
    {
      schema: {
        tags,
        summary: 'List the saved searches shared with my team',
        response: { 200: TeamSavedSearchesResponseSchema },
      },
      onRequest: signedIn,
    },
    (req, reply) => sharing.listTeamSavedSearches(db, me(req, reply)),
  );

  app.patch(
    '/team/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Update a saved search shared with my team',
        params: SavedSearchIdParamsSchema,
        body: TeamSearchBodySchema,
        response: { 200: TeamSavedSearchSchema },
      },
      onRequest: signedIn,
    },
    (req, reply) => sharing.updateTeamSavedSearch(db, me(req, reply), req.params.id, req.body, new Date()),
  );

  app.get(
    '/projects/:id/notes',
    {
      schema: {
        tags,
        summary: "My team's notes on a project",
        params: ProjectParamsSchema,
        response: { 200: ProjectNotesResponseSchema },
      },
      onRequest: signedIn,
    },
    (req, reply) => notes.listProjectNotes(db, me(req, reply), req.params.id),
  );

  app.post(
    '/projects/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add a team note on a project',
        params: ProjectParamsSchema,
        body: NoteBodySchema,
        response: { 201: ProjectNoteSchema },
      },
      onRequest: signedIn,
    },
    async (req, reply) => {
      const created = await notes.createProjectNote(db, me(req, reply), req.params.id, req.body.body, new Date());
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/team/notes/:id',
    {
      schema: {
        tags,
        summary: 'Edit a team note',
        params: TeamItemIdParamsSchema,
        body: NoteBodySchema,
        response: { 200: ProjectNoteSchema },
      },
      onRequest: signedIn,
    },
    (req, reply) => notes.updateProjectNote(db, me(req, reply), req.params.id, req.body.body, new Date()),
  );

  app.delete(
    '/team/notes/:id',
    { schema: { tags, summary: 'Delete a team note', params: TeamItemIdParamsSchema }, onRequest: signedIn },
    async (req, reply) => {
      await notes.deleteProjectNote(db, me(req, reply), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
