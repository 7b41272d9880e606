import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PlatformDetailQuerySchema,
  PlatformDetailResponseSchema,
  PlatformListQuerySchema,
  type PlatformListResponse,
  PlatformListResponseSchema,
  PlatformParamsSchema,
} from '../../../shared/api/platforms.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { readCachedJson } from '../../plugins/response-cache.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import {
  filterAndSortPlatforms,
  getPlatform,
  listPlatforms,
  platformCacheKey,
  platformListCacheKey,
} from './platforms.service.ts';

export const platformsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  // The aggregate over every project's chains is the expensive part: computed once per data version, reused below.
  const allPlatforms = async (): Promise<PlatformListResponse> =>
    readCachedJson(await cache.getOrCompute(platformListCacheKey(), () => listPlatforms(db)));

  app.get(
    '/',
    {
      schema: {
        tags: ['platforms'],
        summary: 'List platforms (chains and launchpads): search and sort',
        querystring: PlatformListQuerySchema,
        response: { 200: PlatformListResponseSchema },
      },
    },
    async (request, reply) => {
      const { kind, q, sort } = request.query;
      if (!kind && !q && sort === 'projects') {
        return sendCached(request, reply, await cache.getOrCompute(platformListCacheKey(), () => listPlatforms(db)));
      }
      // A search is not cached per text (any string would be a cache entry): filtering ~70 rows is cheap.
      const items = filterAndSortPlatforms((await allPlatforms()).items, { kind, q, sort });
      return { items };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['platforms'],
        summary: 'Get one platform with its stored TVL',
        params: PlatformParamsSchema,
        querystring: PlatformDetailQuerySchema,
        response: { 200: PlatformDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { limit, offset } = request.query;
      const key = platformCacheKey(id, { limit, offset });
      const cached = await cache.getOrCompute(key, async () =>
        getPlatform(db, await allPlatforms(), id, { limit, offset }),
      );
      return sendCached(request, reply, cached);
    },
  );
};
