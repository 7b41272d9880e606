import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProjectDirectoryResponseSchema,
  ProjectListQuerySchema,
  ProjectParamsSchema,
  ProjectSchema,
} from '../../../shared/api/projects.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { getProject, listProjects, toListQuery } from './projects.service.ts';

export const projectsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['projects'],
        summary: 'List projects: the directory with its filters, sort and pages',
        querystring: ProjectListQuerySchema,
        response: { 200: ProjectDirectoryResponseSchema },
      },
    },
    async (request, reply) => {
      const query = toListQuery(request.query);
      const cached = await cache.getOrCompute(`projects:${JSON.stringify(query)}`, () =>
        listProjects(db, query, new Date()),
      );
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['projects'],
        summary: 'Get one project: figures, scores, links, provenance',
        params: ProjectParamsSchema,
        response: { 200: ProjectSchema },
      },
    },
    async (request, reply) => {
      const cached = await cache.getOrCompute(`project:${request.params.id}`, () => getProject(db, request.params.id));
      return sendCached(request, reply, cached);
    },
  );
};
