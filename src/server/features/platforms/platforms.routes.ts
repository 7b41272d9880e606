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
import { sendCached } from '../../plugins/send-cached.ts';
import { getPlatform, listPlatforms } from './platforms.service.ts';

export const platformsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  // The aggregate over every project's chains is the expensive part: computed once per data version, reused below.
  const allPlatforms = async (): Promise<PlatformListResponse> =>
    JSON.parse((await cache.getOrCompute('platforms:all', () => listPlatforms(db))).body);

  app.get(
    '/',
    {
      schema: {
        tags: ['platforms'],
        querystring: PlatformListQuerySchema,
        response: { 200: PlatformListResponseSchema },
      },
    },
    async (request, reply) => {
      const kind = request.query.kind;
      if (!kind) return sendCached(request, reply, await cache.getOrCompute('platforms:all', () => listPlatforms(db)));
      const cached = await cache.getOrCompute(`platforms:${kind}`, async () => ({
        items: (await allPlatforms()).items.filter((item) => item.kind === kind),
      }));
      return sendCached(request, reply, cached);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['platforms'],
        params: PlatformParamsSchema,
        querystring: PlatformDetailQuerySchema,
        response: { 200: PlatformDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { limit, offset } = request.query;
      const key = `platform:${id.toLowerCase()}:${limit}:${offset}`;
      const cached = await cache.getOrCompute(key, async () =>
        getPlatform(db, await allPlatforms(), id, { limit, offset }),
      );
      return sendCached(request, reply, cached);
    },
  );
};
