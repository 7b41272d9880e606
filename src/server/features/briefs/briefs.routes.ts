import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AnalysisLang,
  AnalysisParamsSchema,
  BriefQuerySchema,
  type BriefResponse,
  BriefResponseSchema,
} from '../../../shared/api/analysis.schema.ts';
import { requireFeature } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../errors.ts';
import { analysisServiceFor } from '../analysis/analysis.service.ts';
import { getDataState } from '../system/data-state.service.ts';
import { briefInputsOf, inputFacts, projectContextFacts } from './brief-context.ts';
import type { BriefInput } from './brief-input.ts';
import { type BriefContext, getBrief } from './briefs.service.ts';
import { createLlmClient } from './llm-client.ts';

/**
 * Registered at /api/analysis. Briefs of the analysis (docs/analysis.md "Briefs"): JSON, or server-sent events (`delta`
 * { text } as the model writes, then `done` with the brief). Project and sector briefs are premium
 * ('heat_analytics'); the daily market brief is free.
 */
export const briefsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const analysis = analysisServiceFor(deps);
  const llm = createLlmClient(deps.config);
  const guard = requireFeature('heat_analytics');
  const contextOf = (request: FastifyRequest): BriefContext => ({ ...deps, llm, log: request.log });

  // The inputs' kind and age (the data state the footer states) and, for a project, its sector median and 30-day
  // range: added as facts to a copy of the (cached) analysis, so the brief cites them like any other number.
  const inputsNow = async () => briefInputsOf(await getDataState(deps.db, new Date()), new Date());
  const loadProject = async (id: string): Promise<BriefInput> => {
    const found = await analysis.project(id, true);
    if (!found) throw new AppError('PROJECT_NOT_FOUND', { id });
    const [inputs, context] = await Promise.all([
      inputsNow(),
      projectContextFacts(deps.db, found.projectId, new Date()),
    ]);
    const facts = [...found.facts, ...inputFacts(inputs), ...context];
    return { kind: 'project', analysis: { ...found, facts }, inputs };
  };
  const loadSector = async (id: string): Promise<BriefInput> => {
    const found = await analysis.sector(id, true);
    if (!found) throw new AppError('SECTOR_NOT_FOUND', { id });
    const inputs = await inputsNow();
    return { kind: 'sector', analysis: { ...found, facts: [...found.facts, ...inputFacts(inputs)] }, inputs };
  };
  const loadMarket = async (): Promise<BriefInput> => {
    const [found, inputs] = await Promise.all([analysis.market(), inputsNow()]);
    return { kind: 'market', analysis: { ...found, facts: [...found.facts, ...inputFacts(inputs)] }, inputs };
  };

  const json = { tags: ['analysis'], querystring: BriefQuerySchema, response: { 200: BriefResponseSchema } };
  const stream = {
    tags: ['analysis'],
    querystring: BriefQuerySchema,
    summary: 'Server-sent events: `delta` { text } while the model writes, then `done` with the brief',
    produces: ['text/event-stream'],
  };

  app.get(
    '/project/:id/brief',
    {
      onRequest: guard,
      schema: {
        summary: "A cited brief on a project (a model's, or the template)",
        ...json,
        params: AnalysisParamsSchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getBrief(contextOf(request), await loadProject(request.params.id), request.query.lang);
    },
  );
  app.get(
    '/sector/:id/brief',
    {
      onRequest: guard,
      schema: {
        summary: "A cited brief on a sector (a model's, or the template)",
        ...json,
        params: AnalysisParamsSchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getBrief(contextOf(request), await loadSector(request.params.id), request.query.lang);
    },
  );
  app.get(
    '/market/brief',
    { schema: { ...json, summary: "A cited brief on the market (a model's, or the template)" } },
    async (request) => getBrief(contextOf(request), await loadMarket(), request.query.lang),
  );

  app.get(
    '/project/:id/brief/stream',
    { onRequest: guard, schema: { ...stream, params: AnalysisParamsSchema } },
    async (request, reply) =>
      streamBrief(request, reply, contextOf(request), await loadProject(request.params.id), request.query.lang),
  );
  app.get(
    '/sector/:id/brief/stream',
    { onRequest: guard, schema: { ...stream, params: AnalysisParamsSchema } },
    async (request, reply) =>
      streamBrief(request, reply, contextOf(request), await loadSector(request.params.id), request.query.lang),
  );
  app.get('/market/brief/stream', { schema: stream }, async (request, reply) =>
    streamBrief(request, reply, contextOf(request), await loadMarket(), request.query.lang),
  );
};

/**
 * Writes the brief as server-sent events. The input is loaded (and a 404 thrown) before the stream opens. A client
 * that leaves stops getting events; the brief is still written and cached for the next request.
 */
async function streamBrief(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: BriefContext,
  input: BriefInput,
  lang: AnalysisLang,
): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.flushHeaders();
  let open = true;
  out.on('close', () => {
    open = false;
  });
  const send = (event: string, data: unknown) => {
    if (open) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    const brief: BriefResponse = await getBrief(ctx, input, lang, (text) => send('delta', { text }));
    send('done', BriefResponseSchema.parse(brief));
  } catch (error) {
    request.log.error({ err: error }, 'brief stream failed');
    send('failed', { code: 'INTERNAL' });
  }
  if (open) out.end();
}
