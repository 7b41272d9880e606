import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  DeleteAccountBodySchema,
  LinkedProvidersResponseSchema,
  PreferencesSchema,
  UpdatePreferencesBodySchema,
  UpdateProfileBodySchema,
  UpdateProfileResponseSchema,
} from '../../../shared/api/account.schema.ts';
import { CsrfResponseSchema } from '../../../shared/api/auth.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../errors.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import type { UserRow } from '../auth/auth.service.ts';
import { clearSessionCookies, createUserRateLimit, setSessionCookies } from '../auth/auth.service.ts';
import {
  type AccountDeps,
  changePassword,
  deleteAccount,
  getOwnPreferences,
  listSignInMethods,
  signOutEverywhere,
  updateOwnPreferences,
  updateOwnProfile,
} from './account.service.ts';

const tags = ['account'];

/** Routes that check the account's password may be tried this often per user (a stolen session cannot guess it). */
export const PASSWORD_CHECK_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

/** The signed-in user (requireUser ran first). */
function userOf(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth.user;
}

/**
 * /api/me/* for the signed-in user's own account (docs/auth.md "Account"): every route acts on the session's user only
 * (no user id is ever read from the request), behind requireUser; the auth plugin checks CSRF on the writes.
 */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const deps: AccountDeps = { db, config };
  const limitPasswordChecks = createUserRateLimit(db, 'account-password', PASSWORD_CHECK_LIMIT);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store'); // one person's account: no cache may keep it
  });

  app.patch(
    '/profile',
    {
      schema: {
        tags,
        summary: 'Update my profile name and avatar',
        body: UpdateProfileBodySchema,
        response: { 200: UpdateProfileResponseSchema },
      },
      preHandler: requireUser,
    },
    async (request) => ({ profile: await updateOwnProfile(db, userOf(request), request.body, new Date()) }),
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'Get my preferences (language, theme, colours, number units)',
        response: { 200: PreferencesSchema },
      },
      preHandler: requireUser,
    },
    async (request) => getOwnPreferences(db, userOf(request)),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags,
        summary: 'Save my preferences',
        body: UpdatePreferencesBodySchema,
        response: { 200: PreferencesSchema },
      },
      preHandler: requireUser,
    },
    async (request) => updateOwnPreferences(db, userOf(request), request.body, new Date()),
  );

  app.post(
    '/password',
    {
      schema: {
        tags,
        summary: 'Change my password',
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordResponseSchema },
      },
      preHandler: [requireUser, limitPasswordChecks],
    },
    async (request, reply) => {
      const ctx = {
        now: new Date(),
        lang: requestLanguage(request),
        meta: { userAgent: request.headers['user-agent'], ip: request.ip },
      };
      const { session, me } = await changePassword(deps, userOf(request), request.body, ctx);
      setSessionCookies(reply, config, session);
      return me;
    },
  );

  app.post(
    '/sign-out-everywhere',
    {
      schema: { tags, summary: 'Sign out of every session of my account', response: { 200: CsrfResponseSchema } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await signOutEverywhere(db, userOf(request), new Date());
      return { csrfToken: clearSessionCookies(reply, config) };
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        tags,
        summary: 'List my sign-in methods (password, linked OAuth accounts)',
        response: { 200: LinkedProvidersResponseSchema },
      },
      preHandler: requireUser,
    },
    async (request) => listSignInMethods(deps, userOf(request)),
  );

  app.delete(
    '',
    {
      schema: {
        tags,
        summary: 'Delete my account',
        body: DeleteAccountBodySchema,
        response: { 200: CsrfResponseSchema },
      },
      preHandler: [requireUser, limitPasswordChecks],
    },
    async (request, reply) => {
      await deleteAccount(db, userOf(request), request.body);
      return { csrfToken: clearSessionCookies(reply, config) };
    },
  );
};
