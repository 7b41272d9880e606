import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdStartResponseSchema,
  CreditResponseSchema,
  ShareStartBodySchema,
  ShareStartResponseSchema,
  ShareVisitBodySchema,
  ShareVisitResponseSchema,
  TaskClaimBodySchema,
  TasksResponseSchema,
  TokenClaimBodySchema,
  UserTasksQuerySchema,
  UserTasksResponseSchema,
} from '../../../shared/api/tasks.schema.ts';
import type { TaskKey } from '../../../shared/membership/tasks.ts';
import { viewerOf } from '../../access/viewer-level.ts';
import type { AppDeps } from '../../app-deps.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireUser, requireVerifiedEmailToWrite } from '../auth/auth.plugin.ts';
import { claimAd, startAd } from './ads.service.ts';
import { creditTask } from './credit.service.ts';
import { recordShareVisit, startShare } from './share.service.ts';
import { claimTask, getTasks, listUserTasks } from './tasks.service.ts';
import { visitorOf } from './visitor-cookie.ts';

const tags = ['tasks'];

/**
 * The signed-in user's tasks (prefix /api). Every credit is decided on the server: check-in, claims the server can
 * verify, ad views (one open per user) held for AD_MIN_VIEW_SECONDS, shares when someone else opens the link.
 */
export const tasksRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.addHook('onRequest', requireUser);
  app.addHook('preHandler', requireVerifiedEmailToWrite); // every credit needs a verified e-mail
  const clock = () => ({ now: new Date(), timeZone: config.DAY_TIME_ZONE });
  const adClock = () => ({ ...clock(), minViewSeconds: config.AD_MIN_VIEW_SECONDS });
  const userOf = (request: { auth: { user: { id: string } } | null }) => request.auth!.user.id;
  const credit = { 200: CreditResponseSchema };

  app.get(
    '/tasks',
    {
      schema: {
        tags,
        summary: "Today's points tasks, evaluated for me, with the daily caps",
        response: { 200: TasksResponseSchema },
      },
    },
    async (request) => {
      const c = adClock();
      return getTasks(db, { ...viewerOf(request, c.now), userId: userOf(request) }, c);
    },
  );

  app.post(
    '/tasks/check-in',
    { schema: { tags, summary: 'Daily check-in: credit its points', response: credit } },
    async (request) => creditTask(db, userOf(request), { task: 'daily.check_in' }, clock()),
  );

  app.post(
    '/tasks/claim',
    {
      schema: {
        tags,
        summary: 'Claim a task whose condition the server checks',
        body: TaskClaimBodySchema,
        response: credit,
      },
    },
    async (request) => {
      const c = clock();
      const viewer = { ...viewerOf(request, c.now), userId: userOf(request) };
      return claimTask(db, viewer, request.body.key as TaskKey, c);
    },
  );

  app.post(
    '/tasks/ads/start',
    {
      schema: {
        tags,
        summary: 'Start watching a house ad (returns its claim token)',
        response: { 200: AdStartResponseSchema },
      },
    },
    async (request) => {
      const c = adClock();
      return startAd(db, userOf(request), viewerOf(request, c.now).level, requestLanguage(request), c);
    },
  );

  app.post(
    '/tasks/ads/claim',
    { schema: { tags, summary: 'Claim the points of a watched ad', body: TokenClaimBodySchema, response: credit } },
    async (request) => claimAd(db, userOf(request), request.body.token, adClock()),
  );

  app.post(
    '/tasks/share/start',
    {
      schema: {
        tags,
        summary: 'Create a share link for a project (points when it is opened)',
        body: ShareStartBodySchema,
        response: { 200: ShareStartResponseSchema },
      },
    },
    async (request, reply) =>
      startShare(db, userOf(request), request.body.projectId, visitorOf(config, request, reply), clock()),
  );

  app.get(
    '/me/tasks',
    {
      schema: {
        tags,
        summary: 'My completed tasks, newest first',
        querystring: UserTasksQuerySchema,
        response: { 200: UserTasksResponseSchema },
      },
    },
    async (request) => listUserTasks(db, userOf(request), request.query),
  );
};

/**
 * POST /api/share-visits (prefix /api): a page opened from a share link reports its token. Open to visitors (no sign-in:
 * most people a link reaches have no account); the visitor cookie and the session tell who is "someone else".
 */
export const shareVisitRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Report a visit through a share link',
        body: ShareVisitBodySchema,
        response: { 200: ShareVisitResponseSchema },
      },
    },
    async (request, reply) => {
      const visitor = { visitor: visitorOf(config, request, reply), userId: request.auth?.user.id ?? null };
      return recordShareVisit(db, request.body.token, visitor, { now: new Date(), timeZone: config.DAY_TIME_ZONE });
    },
  );
};
