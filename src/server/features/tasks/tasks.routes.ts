import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdStartResponseSchema,
  CreditResponseSchema,
  ShareStartBodySchema,
  ShareStartResponseSchema,
  TaskClaimBodySchema,
  TasksResponseSchema,
  TokenClaimBodySchema,
  UserTasksQuerySchema,
  UserTasksResponseSchema,
} from '../../../shared/api/tasks.schema.ts';
import type { TaskKey } from '../../../shared/membership/tasks.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { viewerOf } from '../membership/viewer-level.ts';
import { claimAd, startAd } from './ads.service.ts';
import { creditTask } from './credit.service.ts';
import { claimShare, startShare } from './share.service.ts';
import { claimTask, getTasks, listUserTasks } from './tasks.service.ts';

const tags = ['tasks'];

/**
 * The signed-in user's tasks (prefix /api). Every credit is decided on the server: check-in, claims the server can
 * verify, ad views with a single-use token held for AD_MIN_VIEW_SECONDS, shares with a per-day token.
 */
export const tasksRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.addHook('onRequest', requireUser);
  const clock = () => ({ now: new Date(), timeZone: config.DAY_TIME_ZONE });
  const adClock = () => ({ ...clock(), minViewSeconds: config.AD_MIN_VIEW_SECONDS });
  const userOf = (request: { auth: { user: { id: string } } | null }) => request.auth!.user.id;
  const credit = { 200: CreditResponseSchema };

  app.get('/tasks', { schema: { tags, response: { 200: TasksResponseSchema } } }, async (request) => {
    const c = adClock();
    return getTasks(db, { ...viewerOf(request, c.now), userId: userOf(request) }, c);
  });

  app.post('/tasks/check-in', { schema: { tags, response: credit } }, async (request) =>
    creditTask(db, userOf(request), { task: 'daily.check_in' }, clock()),
  );

  app.post('/tasks/claim', { schema: { tags, body: TaskClaimBodySchema, response: credit } }, async (request) => {
    const c = clock();
    const viewer = { ...viewerOf(request, c.now), userId: userOf(request) };
    return claimTask(db, viewer, request.body.key as TaskKey, c);
  });

  app.post('/tasks/ads/start', { schema: { tags, response: { 200: AdStartResponseSchema } } }, async (request) => {
    const c = adClock();
    return startAd(db, userOf(request), viewerOf(request, c.now).level, requestLanguage(request), c);
  });

  app.post('/tasks/ads/claim', { schema: { tags, body: TokenClaimBodySchema, response: credit } }, async (request) =>
    claimAd(db, userOf(request), request.body.token, adClock()),
  );

  app.post(
    '/tasks/share/start',
    { schema: { tags, body: ShareStartBodySchema, response: { 200: ShareStartResponseSchema } } },
    async (request) => startShare(db, userOf(request), request.body.projectId, clock()),
  );

  app.post('/tasks/share/claim', { schema: { tags, body: TokenClaimBodySchema, response: credit } }, async (request) =>
    claimShare(db, userOf(request), request.body.token, clock()),
  );

  app.get(
    '/me/tasks',
    { schema: { tags, querystring: UserTasksQuerySchema, response: { 200: UserTasksResponseSchema } } },
    async (request) => listUserTasks(db, userOf(request), request.query),
  );
};
