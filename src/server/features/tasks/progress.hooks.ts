import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canUse } from '../../../shared/membership/level.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { taskFeature } from './credit.service.ts';
import { type ProgressTask, recordTaskEvent } from './progress.service.ts';

/** The public, response-cached reads that count as task progress for a signed-in user, by route pattern. */
const PROGRESS_ROUTES: Record<string, ProgressTask> = {
  '/api/projects/:id': 'daily.view_projects',
  '/api/sectors/:id': 'daily.view_sector',
  '/api/projects/:id/history': 'daily.view_history',
};

async function recordProgress(db: Db, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const task = PROGRESS_ROUTES[request.routeOptions.url ?? ''];
  if (!task || !request.auth || request.method !== 'GET') return;
  // 304 is the same page served from the browser's copy: still a view.
  if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
  const id = (request.params as { id?: unknown }).id;
  if (typeof id !== 'string') return;
  const now = new Date();
  const feature = taskFeature(task);
  // Below the task's level (e.g. history for a free user, test mode included) it stays locked: nothing recorded.
  if (feature && !canUse(viewerOf(request, now).level, feature)) return;
  try {
    await recordTaskEvent(db, request.auth.user.id, task, id, now, config.DAY_TIME_ZONE);
  } catch (err) {
    // The public page must not fail for its side effect; the task stays claimable (POST /api/tasks/claim).
    request.log.error({ err, task }, 'task progress not recorded');
  }
}

/**
 * Counts task progress on the public project, sector and history routes. An onSend hook (not the handler) so it runs
 * when the cached body is served too, and awaited (one INSERT … ON CONFLICT DO NOTHING for a repeat) so the progress
 * is stored before the answer leaves: a following GET /api/tasks sees it. Visitors cost nothing.
 */
export const taskProgressHooks = fp<{ db: Db; config: Config }>(
  async (app, { db, config }) => {
    const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      await recordProgress(db, config, request, reply);
      return payload;
    };
    // Attached to the three progress routes only (registered after this plugin), so no other request pays for it.
    app.addHook('onRoute', (route) => {
      if (!PROGRESS_ROUTES[route.url]) return;
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), onSend];
    });
  },
  { name: 'task-progress' },
);
