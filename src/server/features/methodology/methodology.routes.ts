import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateHeatModelBodySchema,
  EvaluationQuerySchema,
  EvaluationResponseSchema,
  HeatModelParamsSchema,
  HeatModelSchema,
  HeatModelsResponseSchema,
} from '../../../shared/api/methodology.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminActorOf } from '../../audit/audit-log.service.ts';
import { readCachedJson } from '../../plugins/response-cache.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { requireAdmin } from '../auth/auth.plugin.ts';
import { evaluationCacheKey, getEvaluation, toEvaluationCsv } from './evaluation.service.ts';
import { createCandidateModel, listHeatModels, modelsCacheKey, promoteHeatModel } from './models.service.ts';

const tags = ['methodology'];

/** A CSV download (the route's JSON schema describes the JSON form; a string body is sent as it is). */
const sendCsv = (reply: FastifyReply, csv: string) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="heat-evaluation.csv"')
    .header('cache-control', 'public, max-age=300')
    .send(csv);
/** The evaluation changes once a day; a model promotion or a run drops the cache at once. */
const EVALUATION_TTL_MS = 10 * 60_000;

/** /api/methodology: the public evaluation of the heat score and the model versions. */
export const methodologyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cache }) => {
  app.get(
    '/evaluation',
    {
      schema: {
        tags,
        summary: 'The heat score evaluated against what happened next (JSON, or CSV with format=csv)',
        description:
          'Per model version, outcome, horizon and group: Spearman correlation and top-decile hit rate with 95 % block-bootstrap intervals. history.status says when the history is too short, how many days are needed and when they will exist.',
        querystring: EvaluationQuerySchema,
        response: { 200: EvaluationResponseSchema },
      },
    },
    async (request, reply) => {
      const { lang: _lang, ...query } = request.query;
      const key = evaluationCacheKey(query);
      const cached = await cache.getOrCompute(key, () => getEvaluation(db, query, new Date()), EVALUATION_TTL_MS);
      if (query.format === 'json') return sendCached(request, reply, cached, 300);
      return sendCsv(reply, toEvaluationCsv(readCachedJson(cached)));
    },
  );

  app.get(
    '/models',
    {
      schema: {
        tags,
        summary: 'Heat model versions: weights, caps and rules, and the changelog',
        response: { 200: HeatModelsResponseSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await cache.getOrCompute(modelsCacheKey(), () => listHeatModels(db, new Date()))),
  );
};

/**
 * /api/admin/methodology: candidate model versions and their promotion (admin only, audited). `rescore` asks for a heat
 * recompute now (app.ts: the heat job under its lock, whichever instance holds it).
 */
export const methodologyAdminRoutes: FastifyPluginAsyncZod<AppDeps & { rescore: () => void }> = async (
  app,
  { db, events, rescore },
) => {
  app.addHook('onRequest', requireAdmin);

  app.post(
    '/models',
    {
      schema: {
        tags,
        summary: 'Add a candidate heat model version (scored on stored inputs, never on the public ranking)',
        body: CreateHeatModelBodySchema,
        response: { 201: HeatModelSchema },
      },
    },
    async (request, reply) => {
      const created = await createCandidateModel(db, request.body, adminActorOf(request), new Date());
      await events.publish({ type: 'methodology.updated' });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/models/:id/promote',
    {
      schema: {
        tags,
        summary: 'Promote a candidate heat model version to current',
        description:
          'Retires the current version, announces the change to every user and in the changelog, and starts a recompute that re-scores every project under the new version. Promoting the current version again changes nothing.',
        params: HeatModelParamsSchema,
        response: { 200: HeatModelSchema },
      },
    },
    async (request) => {
      const { model, promoted } = await promoteHeatModel(db, request.params.id, adminActorOf(request), new Date());
      if (promoted) {
        // Every instance drops its cached methodology answers and bells refetch; this instance starts the recompute
        // (another instance's scheduled run would also see the model change: the version is read from the database).
        await events.publish({ type: 'methodology.updated' });
        await events.publish({ type: 'notifications.broadcast' });
        rescore();
      }
      return model;
    },
  );
};
