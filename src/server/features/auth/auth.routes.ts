import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedResponseSchema,
  CsrfResponseSchema,
  MeResponseSchema,
  OAuthCallbackBodySchema,
  OAuthCallbackResponseSchema,
  OAuthStartParamsSchema,
  OAuthStartQuerySchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  ProvidersResponseSchema,
  SessionResponseSchema,
  SignInBodySchema,
  SignUpBodySchema,
  SignUpResponseSchema,
  UnlockAccountBodySchema,
  VerifyEmailBodySchema,
  VerifyEmailCheckBodySchema,
  VerifyEmailCheckResponseSchema,
} from '../../../shared/api/auth.schema.ts';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../errors.ts';
import { requestLanguage } from '../../plugins/error-handler.ts';
import { clearSessionCookies, ensureCsrfCookie, isSecure, setSessionCookies } from './auth.cookies.ts';
import { requireUser } from './auth.plugin.ts';
import {
  type AuthDeps,
  confirmPasswordReset,
  getMe,
  type ReferralPort,
  type RequestContext,
  requestPasswordReset,
  resendVerification,
  signIn,
  signUp,
} from './auth.service.ts';
import { rememberDevice } from './device-cookie.ts';
import { listEnabledProviders } from './oauth.providers.ts';
import { finishOAuth, OAUTH_COOKIE, OAUTH_FLOW_TTL_SECONDS, startOAuth } from './oauth.service.ts';
import { AUTH_LIMITS, createAuthRateLimit, createUserRateLimit, VERIFY_RESEND_LIMIT } from './rate-limit.ts';
import { endSession } from './session.service.ts';
import { createSignInThrottle, unlockAccount } from './sign-in-throttle.ts';
import { checkVerifyLink, verifyEmail } from './verification.service.ts';

const tags = ['auth'];
const context = (request: FastifyRequest): RequestContext => ({
  now: new Date(),
  lang: requestLanguage(request),
  meta: { userAgent: request.headers['user-agent'], ip: request.ip },
});
// A verification link followed by the session of its own account verifies in one click (verification.service.ts).
const withSessionUser = (request: FastifyRequest) => ({
  ...context(request),
  sessionUserId: request.auth?.user.id ?? null,
});

export type AuthRoutesOptions = AppDeps & { referrals: ReferralPort };

/** /api/auth/*: e-mail + password, one-time links, OAuth (docs/auth.md). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, config, mailer, referrals }) => {
  const deps: AuthDeps = { db, config, mailer, referrals };
  const limit = {
    signIn: createAuthRateLimit(db, 'sign-in', AUTH_LIMITS.signIn),
    signUp: createAuthRateLimit(db, 'sign-up', AUTH_LIMITS.signUp),
    reset: createAuthRateLimit(db, 'reset', AUTH_LIMITS.resetRequest),
    token: createAuthRateLimit(db, 'token', AUTH_LIMITS.tokenUse),
    oauth: createAuthRateLimit(db, 'oauth', AUTH_LIMITS.oauth),
    resend: createUserRateLimit(db, 'verify-resend', VERIFY_RESEND_LIMIT),
  };
  const throttle = createSignInThrottle(deps, context);
  // A browser holds one session: signing in again (perhaps as someone else) ends the one it had.
  const endPreviousSession = async (request: FastifyRequest) => {
    if (request.auth) await endSession(db, request.auth.sessionId);
  };
  const oauthCookie = {
    path: '/api/auth/oauth',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: OAUTH_FLOW_TTL_SECONDS,
  } as const;

  app.get(
    '/csrf',
    {
      schema: {
        tags,
        summary: 'Get the CSRF token (sets the CSRF cookie) for writes',
        response: { 200: CsrfResponseSchema },
      },
    },
    async (request, reply) => ({
      csrfToken: ensureCsrfCookie(request, reply, config),
    }),
  );

  app.get(
    '/providers',
    {
      schema: {
        tags,
        summary: 'List the configured sign-in methods (OAuth providers)',
        response: { 200: ProvidersResponseSchema },
      },
    },
    async () => ({
      password: true,
      oauth: listEnabledProviders(config),
    }),
  );

  app.post(
    '/sign-up',
    {
      schema: {
        tags,
        summary: 'Sign up with e-mail and password (starts a session)',
        body: SignUpBodySchema,
        response: { 201: SignUpResponseSchema },
      },
      preHandler: limit.signUp,
    },
    async (request, reply) => {
      const ctx = context(request);
      const { session, me } = await signUp(deps, request.body, ctx);
      await endPreviousSession(request);
      setSessionCookies(reply, config, session);
      await rememberDevice(db, config, request, reply, me.user, ctx.now);
      // The page says where the verification mail went (a server without SMTP logs the link): the kind, nothing more.
      return reply.status(201).send({ ...me, mailDelivery: deps.mailer.delivery });
    },
  );

  app.post(
    '/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: SignInBodySchema,
        response: { 200: MeResponseSchema },
      },
      preHandler: [limit.signIn, throttle.preHandler],
      onSend: throttle.onSend,
    },
    async (request, reply) => {
      const ctx = context(request);
      const { session, me } = await signIn(deps, request.body, ctx);
      await endPreviousSession(request);
      setSessionCookies(reply, config, session);
      await rememberDevice(db, config, request, reply, me.user, ctx.now);
      return me;
    },
  );

  app.post(
    '/sign-out',
    { schema: { tags, summary: 'Sign out of this session', response: { 200: CsrfResponseSchema } } },
    async (request, reply) => {
      if (request.auth) await endSession(db, request.auth.sessionId);
      return { csrfToken: clearSessionCookies(reply, config) };
    },
  );

  app.post(
    '/password-reset/request',
    {
      schema: {
        tags,
        summary: 'Ask for a password-reset e-mail',
        body: PasswordResetRequestBodySchema,
        response: { 202: AcceptedResponseSchema },
      },
      preHandler: limit.reset,
    },
    async (request, reply) => {
      // Answer first, then do the work: its cost depends on whether the address has an account (rows written, mail
      // queued), and the answer's timing must not tell. requestPasswordReset runs the same statements either way too.
      requestPasswordReset(deps, request.body, context(request)).catch((err: unknown) =>
        request.log.error({ err }, 'password-reset request failed after the answer'),
      );
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      schema: {
        tags,
        summary: "Set a new password with a reset link's token",
        body: PasswordResetConfirmBodySchema,
        response: { 200: AcceptedResponseSchema },
      },
      preHandler: limit.token,
    },
    async (request) => {
      await confirmPasswordReset(deps, request.body, context(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags,
        summary: "Verify the e-mail address with a link's token",
        body: VerifyEmailBodySchema,
        response: { 200: AcceptedResponseSchema },
      },
      preHandler: limit.token,
    },
    async (request, reply) => {
      const { session } = await verifyEmail(deps, request.body, withSessionUser(request));
      // A listed admin address verified in one click: the role needs a new session, which replaces this browser's.
      if (session) setSessionCookies(reply, config, session);
      return { ok: true as const };
    },
  );

  app.post(
    '/verify-email/check',
    {
      schema: {
        tags,
        summary: "Check a verification link's token before following it",
        body: VerifyEmailCheckBodySchema,
        response: { 200: VerifyEmailCheckResponseSchema },
      },
      preHandler: limit.token,
    },
    async (request) => checkVerifyLink(deps, request.body.token, withSessionUser(request)),
  );

  app.post(
    '/unlock',
    {
      schema: {
        tags,
        summary: "Unlock an account locked by failed sign-ins (e-mailed link's token)",
        body: UnlockAccountBodySchema,
        response: { 200: AcceptedResponseSchema },
      },
      preHandler: limit.token,
    },
    async (request) => {
      await unlockAccount(deps, request.body, new Date());
      return { ok: true as const };
    },
  );

  app.post(
    '/verify-email/resend',
    {
      schema: { tags, summary: 'Send the verification e-mail again', response: { 202: AcceptedResponseSchema } },
      preHandler: [requireUser, limit.reset, limit.resend],
    },
    async (request, reply) => {
      if (request.auth) await resendVerification(deps, request.auth.user, context(request));
      return reply.status(202).send({ ok: true });
    },
  );

  app.get(
    '/oauth/:provider',
    {
      schema: {
        tags,
        summary: 'Start an OAuth sign-in: redirects to the provider',
        params: OAuthStartParamsSchema,
        querystring: OAuthStartQuerySchema,
      },
      preHandler: limit.oauth,
    },
    async (request, reply) => {
      const { url, cookie } = startOAuth(deps, request.params.provider, request.query.returnTo);
      reply.setCookie(OAUTH_COOKIE, cookie, { ...oauthCookie, secure: isSecure(config, request) });
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/oauth/callback',
    {
      schema: {
        tags,
        summary: "Finish an OAuth sign-in with the provider's code",
        body: OAuthCallbackBodySchema,
        response: { 200: OAuthCallbackResponseSchema },
      },
      preHandler: limit.oauth,
    },
    async (request, reply) => {
      reply.clearCookie(OAUTH_COOKIE, oauthCookie); // one attempt per flow, success or not
      const result = await finishOAuth(
        deps,
        request.cookies[OAUTH_COOKIE],
        request.body,
        context(request),
        request.log,
      );
      await endPreviousSession(request);
      setSessionCookies(reply, config, result.session);
      return result.me;
    },
  );

  // Apple answers with a cross-site form POST (no cookies arrive); hand code and state to the same-site page.
  app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    form.post(
      '/oauth/apple/form-post',
      { schema: { hide: true, body: z.record(z.string(), z.string()) } },
      async (request, reply) => {
        const body = request.body as Record<string, string>;
        const params = new URLSearchParams();
        for (const key of ['code', 'state', 'error']) if (body[key]) params.set(key, body[key]);
        return reply.redirect(`/auth/callback?${params}`, 303);
      },
    );
  });
};

/**
 * GET /api/me: the signed-in user and profile, `{ user: null }` for a visitor, 401 SESSION_EXPIRED for a session
 * cookie that has ended (the answer also clears it, so the next ask is a visitor's).
 */
export const meRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '',
    {
      schema: {
        tags,
        summary: 'The current session: the signed-in user, or a visitor',
        response: { 200: SessionResponseSchema },
      },
    },
    async (request) => {
      if (request.authExpired) throw new AppError('SESSION_EXPIRED');
      const auth = request.auth;
      return auth ? getMe(db, auth.user, auth.csrfToken, new Date(), auth.testLevel) : { user: null };
    },
  );
};
