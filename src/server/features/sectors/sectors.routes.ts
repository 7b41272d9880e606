import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SectorDetailQuerySchema,
  SectorDetailResponseSchema,
  SectorListResponseSchema,
  SectorParamsSchema,
} from '../../../shared/api/sectors.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { getSector, listSectors, sectorCacheKey, sectorListCacheKey } from './sectors.service.ts';

export const sectorsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { readDb, cache }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['sectors'],
        summary: 'List sectors with their heat and aggregates',
        response: { 200: SectorListResponseSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await cache.getOrCompute(sectorListCacheKey(), () => listSectors(readDb))),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['sectors'],
        summary: 'Get one sector and its projects',
        params: SectorParamsSchema,
        querystring: SectorDetailQuerySchema,
        response: { 200: SectorDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { limit, offset } = request.query;
      const key = sectorCacheKey(id, { limit, offset });
      return sendCached(request, reply, await cache.getOrCompute(key, () => getSector(readDb, id, { limit, offset })));
    },
  );
};
