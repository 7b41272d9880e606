import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalysisParamsSchema,
  MarketAnalysisResponseSchema,
  ProjectAnalysisResponseSchema,
  SectorAnalysisResponseSchema,
} from '../../../shared/api/analysis.schema.ts';
import { canUse } from '../../../shared/membership/level.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../errors.ts';
import { analysisServiceFor } from './analysis.service.ts';

/**
 * Registered at /api/analysis. Project and sector analyses are open to all; the viewer's level (the guards' own check) decides
 * whether `full` is sent ('heat_analytics', premium), so those answers are never cached by the browser or a proxy.
 * The market analysis is the same for everyone.
 */
export const analysisRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const analysis = analysisServiceFor(deps);
  const canSeeFull = (request: Parameters<typeof viewerOf>[0]) =>
    canUse(viewerOf(request, new Date()).level, 'heat_analytics');

  app.get(
    '/project/:id',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Analytics of a project: movers, anomalies, risk flags, facts',
        params: AnalysisParamsSchema,
        response: { 200: ProjectAnalysisResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const answer = await analysis.project(request.params.id, canSeeFull(request));
      if (!answer) throw new AppError('PROJECT_NOT_FOUND', { id: request.params.id });
      return answer;
    },
  );

  app.get(
    '/sector/:id',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Analytics of a sector: rotation, movers, facts',
        params: AnalysisParamsSchema,
        response: { 200: SectorAnalysisResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const answer = await analysis.sector(request.params.id, canSeeFull(request));
      if (!answer) throw new AppError('SECTOR_NOT_FOUND', { id: request.params.id });
      return answer;
    },
  );

  app.get(
    '/market',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Analytics of the whole market: movers, anomalies, sector rotation',
        response: { 200: MarketAnalysisResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return analysis.market();
    },
  );
};
