import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HeatParamsSchema, HistoryQuerySchema, HistoryResponseSchema } from '../../../shared/api/heat.schema.ts';
import { PlatformListQuerySchema, type PlatformListResponse } from '../../../shared/api/platforms.schema.ts';
import { ProjectListQuerySchema, ProjectParamsSchema, ProjectSchema } from '../../../shared/api/projects.schema.ts';
import { SearchQuerySchema, SearchResponseSchema } from '../../../shared/api/search.schema.ts';
import { ProjectNotesResponseSchema } from '../../../shared/api/team-sharing.schema.ts';
import {
  V1_ERROR_RESPONSES,
  V1_SECURITY,
  V1PlatformListResponseSchema,
  V1ProjectListResponseSchema,
  V1SectorListResponseSchema,
} from '../../../shared/api/v1.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { type CachedResponse, readCachedJson } from '../../plugins/response-cache.ts';
import { sendCachedBody } from '../../plugins/send-cached.ts';
import { getProjectHistory, projectHistoryCacheKey } from '../heat/heat.service.ts';
import { filterAndSortPlatforms, listPlatforms, platformListCacheKey } from '../platforms/platforms.service.ts';
import {
  getProject,
  listProjects,
  projectCacheKey,
  projectListCacheKey,
  toListQuery,
} from '../projects/projects.service.ts';
import { quotaSubjectOf } from '../quotas/quotas.service.ts';
import { runSearch } from '../search/search.service.ts';
import { listSectors, sectorListCacheKey } from '../sectors/sectors.service.ts';
import { listProjectNotes } from '../team-sharing/project-notes.service.ts';
import { guardApiCall } from './api-v1.guard.ts';

const tags = ['v1'];
const common = {
  tags,
  security: V1_SECURITY,
  description:
    'Authorization: Bearer <key> (vip). Counted against 1,000 calls an hour per user; the answer carries ' +
    'RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds to the hour’s end), a 429 also Retry-After.',
};

/**
 * A cached body (shared with the web app's reads, same keys, compressed copies too) as a per-caller answer: no ETag or
 * Cache-Control of the cache, so no shared cache keeps it.
 */
const sendBody = (request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) =>
  sendCachedBody(request, reply, cached);

const viewerOfKey = (request: FastifyRequest) => request.apiViewer!;

/**
 * /api/v1/*: the public read API for vip users, authenticated by `Authorization: Bearer <key>` only (no cookie, no
 * CSRF: the auth plugin skips /api/v1) and counted against the hourly API quota before each handler runs
 * (api-v1.guard.ts). The handlers call the same services, and share the same cached bodies, as the web app's reads.
 */
export const apiV1Routes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, readDb, cache, config } = deps;
  app.decorateRequest('apiViewer', null);
  app.addHook('onRequest', guardApiCall(deps));

  app.get(
    '/projects',
    {
      schema: {
        ...common,
        summary: 'Projects: the directory with its filters, sort and pages',
        querystring: ProjectListQuerySchema,
        response: { 200: V1ProjectListResponseSchema, ...V1_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      return sendBody(
        request,
        reply,
        await cache.getOrCompute(projectListCacheKey(query), () => listProjects(readDb, query, new Date())),
      );
    },
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        ...common,
        summary: 'One project: figures, scores, links, provenance',
        params: ProjectParamsSchema,
        response: { 200: ProjectSchema, ...V1_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendBody(request, reply, await cache.getOrCompute(projectCacheKey(id), () => getProject(readDb, id)));
    },
  );

  app.get(
    '/projects/:id/history',
    {
      schema: {
        ...common,
        summary: "A project's heat history (7d, 30d or 90d)",
        params: HeatParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: HistoryResponseSchema, ...V1_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { range } = request.query;
      const key = projectHistoryCacheKey(id, range);
      return sendBody(
        request,
        reply,
        await cache.getOrCompute(key, () => getProjectHistory(readDb, id, range, new Date())),
      );
    },
  );

  app.get(
    '/projects/:id/notes',
    {
      schema: {
        ...common,
        summary: "The key owner's team's notes on a project (none when the owner is in no team)",
        params: ProjectParamsSchema,
        response: { 200: ProjectNotesResponseSchema, ...V1_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listProjectNotes(db, viewerOfKey(request).userId!, request.params.id);
    },
  );

  app.get(
    '/sectors',
    {
      schema: {
        ...common,
        summary: 'Sectors with their heat and aggregates',
        response: { 200: V1SectorListResponseSchema, ...V1_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      sendBody(request, reply, await cache.getOrCompute(sectorListCacheKey(), () => listSectors(readDb))),
  );

  app.get(
    '/platforms',
    {
      schema: {
        ...common,
        summary: 'Ecosystem platforms (chains and launchpads)',
        querystring: PlatformListQuerySchema,
        response: { 200: V1PlatformListResponseSchema, ...V1_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const all = await cache.getOrCompute(platformListCacheKey(), () => listPlatforms(readDb));
      const { kind, q, sort } = request.query;
      if (!kind && !q && sort === 'projects') return sendBody(request, reply, all);
      const { items } = readCachedJson<PlatformListResponse>(all);
      return { items: filterAndSortPlatforms(items, { kind, q, sort }) };
    },
  );

  app.get(
    '/search',
    {
      schema: {
        ...common,
        summary: 'Full-text search with the advanced filters (vip: unlimited searches)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...V1_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const who = quotaSubjectOf(viewerOfKey(request), request.ip);
      return runSearch(db, who, request.query, new Date(), config.DAY_TIME_ZONE, readDb);
    },
  );
};
