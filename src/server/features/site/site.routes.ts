import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteResponseSchema } from '../../../shared/api/site.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { toSiteResponse } from './site.service.ts';

/** GET /api/site: public site settings for the shell (footer icons, /contact). Fixed until the server restarts. */
export const siteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, dbKind }) => {
  const site = toSiteResponse(config, dbKind);
  app.get(
    '',
    {
      schema: {
        tags: ['system'],
        summary: 'Public site settings (footer channels, contact)',
        response: { 200: SiteResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return site;
    },
  );
};
