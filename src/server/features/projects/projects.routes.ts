import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProjectDirectoryResponseSchema,
  ProjectListQuerySchema,
  ProjectParamsSchema,
  ProjectSchema,
} from '../../../shared/api/projects.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { createCachedByUrl } from '../../plugins/cached-by-url.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { getProject, listProjects, projectCacheKey, projectListCacheKey, toListQuery } from './projects.service.ts';

export const projectsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { readDb, cache }) => {
  // Both answers depend on the URL alone (the same for every visitor): a warm URL is answered before validation.
  const listByUrl = createCachedByUrl(cache);
  const projectByUrl = createCachedByUrl(cache);
  app.get(
    '/',
    {
      onRequest: listByUrl.onRequest,
      schema: {
        tags: ['projects'],
        summary: 'List projects: the directory with its filters, sort and pages',
        querystring: ProjectListQuerySchema,
        response: { 200: ProjectDirectoryResponseSchema },
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const key = projectListCacheKey(query);
      const cached = await cache.getOrCompute(key, () => listProjects(readDb, query, new Date()));
      listByUrl.remember(request, key);
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: projectByUrl.onRequest,
      schema: {
        tags: ['projects'],
        summary: 'Get one project: figures, scores, links, provenance',
        params: ProjectParamsSchema,
        response: { 200: ProjectSchema },
      },
    },
    async (request, reply) => {
      const key = projectCacheKey(request.params.id);
      const cached = await cache.getOrCompute(key, () => getProject(readDb, request.params.id));
      projectByUrl.remember(request, key);
      return sendCached(request, reply, cached);
    },
  );
};
