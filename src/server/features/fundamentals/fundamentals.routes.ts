import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FundingResponseSchema, LogoParamsSchema, LogoQuerySchema } from '../../../shared/api/fundamentals.schema.ts';
import { HeatParamsSchema } from '../../../shared/api/heat.schema.ts';
import { canUse } from '../../../shared/membership/level.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { fundingCacheKey, getProjectFunding, getStoredLogo, withoutPremiumData } from './fundamentals.service.ts';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Registered at /api/projects: /:id/funding (cached per answer: in full for vip, without the investors and valuations
 * below it, premium_data; private, since one address answers by level).
 */
export const fundingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  app.get(
    '/:id/funding',
    {
      schema: {
        tags: ['projects'],
        summary: "A project's funding rounds (investors and valuations: vip)",
        params: HeatParamsSchema,
        response: { 200: FundingResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const full = canUse(viewerOf(request, new Date()).level, 'premium_data');
      const answer = full
        ? await cache.getOrCompute(fundingCacheKey(id, true), () => getProjectFunding(db, id))
        : await cache.getOrCompute(fundingCacheKey(id, false), async () =>
            withoutPremiumData(await getProjectFunding(db, id)),
          );
      return sendCached(request, reply, answer, 30, 'private');
    },
  );
};

/** Registered at /api/logos: /:projectId, a project's logo (our stored copy). */
export const logoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // The address carries ?v=<etag>, so a new logo is a new address: the bytes of one address never change.
  app.get(
    '/:projectId',
    {
      schema: {
        tags: ['projects'],
        summary: "A project's logo image (our stored copy)",
        params: LogoParamsSchema,
        querystring: LogoQuerySchema,
      },
    },
    async (request, reply) => {
      const logo = await getStoredLogo(db, request.params.projectId);
      const etag = `"${logo.etag}"`;
      reply.header('etag', etag);
      reply.header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cross-origin-resource-policy', 'same-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(logo.contentType).send(logo.bytes);
    },
  );
};
