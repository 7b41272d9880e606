import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataStateResponseSchema } from '../../../shared/api/data-state.schema.ts';
import { HealthResponseSchema, PingResponseSchema, StatsResponseSchema } from '../../../shared/api/system.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { sendCached } from '../../plugins/send-cached.ts';
import { dataStateCacheKey, getDataState } from './data-state.service.ts';
import { getHealth, getStats, statsCacheKey } from './system.service.ts';

const STATS_TTL_MS = 60_000; // user counts change without a data event; a minute is fresh enough for a homepage
// A source turns stale with the clock, not with an event (and a finished run's sync.updated keeps the cache): a
// minute bounds how late "live" wording follows; data-change events drop it sooner.
const DATA_STATE_TTL_MS = 60_000;

export type SystemRoutesOptions = AppDeps & { openStreams: () => number };

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (
  app,
  { db, dbKind, cache, readReplicas, openStreams },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health: status, database kind, latest migration, project count, read replicas',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (_request, reply) => {
      // A replica that is down or lagging does not make the instance unhealthy: its reads go to the primary.
      const health = {
        ...(await getHealth(db, dbKind)),
        realtimeStreams: openStreams(),
        readReplicas: readReplicas.list(),
      };
      reply.header('cache-control', 'no-store');
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );

  // Liveness without touching the database; also the benchmark's baseline for "a trivial JSON route".
  app.get(
    '/ping',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness without touching the database',
        response: { 200: PingResponseSchema },
      },
    },
    async () => ({
      ok: true as const,
    }),
  );

  app.get(
    '/stats',
    {
      schema: {
        tags: ['system'],
        summary: 'Site statistics: projects, sectors, users, growth and the heat index',
        response: { 200: StatsResponseSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cache.getOrCompute(statsCacheKey(), () => getStats(db, new Date()), STATS_TTL_MS),
      ),
  );

  // What the figures shown rest on (live, stale, the catalogue sample): the web words its claims from this.
  app.get(
    '/data-state',
    {
      schema: {
        tags: ['system'],
        summary: 'What the figures rest on: live, stale or the catalogue sample, per source',
        response: { 200: DataStateResponseSchema },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await cache.getOrCompute(dataStateCacheKey(), () => getDataState(db, new Date()), DATA_STATE_TTL_MS),
      ),
  );
};
