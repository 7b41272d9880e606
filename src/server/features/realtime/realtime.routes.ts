import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateModeOf } from '../../../shared/membership/level.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { openEventStream } from './event-stream.ts';
import type { RealtimeHub } from './realtime-hub.ts';

export type RealtimeRoutesOptions = AppDeps & { realtime: RealtimeHub };

/**
 * GET /api/events: this browser's stream of invalidation hints (text/event-stream; shapes in
 * shared/api/realtime.schema.ts). Public hints for everyone; a signed-in session also gets its own user's. Data hints
 * go out live from premium up (real_time_updates); below it they wait and go out once per 5 minutes (the level at
 * connection time: the web reconnects when the level changes). An admin's stream is live at any level.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<RealtimeRoutesOptions> = async (app, { realtime }) => {
  const instance = randomUUID();
  app.get(
    '',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Server-sent events: invalidation hints (ready, hints; a comment line every 25 s)',
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      // The stream outlives this handler: Fastify steps aside, the headers set so far (security) are kept.
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // nginx: pass each message on at once
      });
      out.flushHeaders();
      const viewer = viewerOf(request, new Date());
      // An operator sees their own edits and runs as they land, whatever the account's membership level: the 5-minute
      // hold is a membership tier's limit, not an operator's.
      const mode = request.auth?.user.role === 'admin' ? 'live' : updateModeOf(viewer.level);
      openEventStream({ out, hub: realtime, userId: viewer.userId, instance, mode });
    },
  );
};
