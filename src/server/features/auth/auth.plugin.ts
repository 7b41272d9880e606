import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER } from '../../../shared/api/auth.values.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { clearSessionCookies, ensureCsrfCookie, getAuthCookieNames, setSessionCookies } from './auth.cookies.ts';
import { type CsrfSigner, createCsrfSigner, isCrossSite, loadCsrfKey } from './csrf.ts';
import { type ActiveSession, getSessionLifetime, resolveSession } from './session.service.ts';
import { isSameSecret } from './tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issues and checks the signed anonymous CSRF tokens (key: SECRET_KEY, else server_secrets). */
    csrf: CsrfSigner;
  }
  interface FastifyRequest {
    /** The signed-in session, or null. Resolved for /api/* requests only. */
    auth: ActiveSession | null;
    /** True when the request carried a session cookie that has expired or was ended (→ SESSION_EXPIRED). */
    authExpired: boolean;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Apple posts its answer cross-site (response_mode=form_post): no cookies arrive, and the OAuth state protects it.
const CSRF_EXEMPT = new Set(['/api/auth/oauth/apple/form-post']);

/**
 * True when resolveAuth would do nothing: no cookie (no session to resolve, no ambient authority to check CSRF for),
 * a method that is not state-changing, and not a path that gets no-store or a CSRF cookie (/api/me, /api/auth/*,
 * /api/admin/*).
 */
function hasNoAuthWork(request: FastifyRequest): boolean {
  if (UNSAFE_METHODS.has(request.method) || request.headers.cookie !== undefined) return false;
  return !isPerPersonPath(request.url.split('?')[0] ?? '');
}

/** Who-am-I, sign-in and admin answers are per person: no browser or proxy cache may keep them. */
function isPerPersonPath(path: string): boolean {
  return path === '/api/me' || path.startsWith('/api/auth/') || path.startsWith('/api/admin/');
}

export type AuthPluginOptions = { config: Config; db: Db };

/** preHandler/onRequest guard for routes that need a signed-in user: 401 SESSION_EXPIRED or UNAUTHORIZED otherwise. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  throw new AppError(request.authExpired ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
}

/**
 * Guard for the actions an unproven address may not take (spec §8 "Email not verified"): earning points, paying,
 * API keys, exports. Browsing and searching stay open. Signed out: 401 as requireUser; signed in with an e-mail that
 * was never verified: 403 EMAIL_NOT_VERIFIED. An account without any e-mail (a provider that shares none) has nothing
 * to verify: its provider identity stands for it. Use as a preHandler, after the route's sign-in or level guard.
 */
export async function requireVerifiedEmail(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!hasUnverifiedEmail(request.auth!.user)) return;
  throw new AppError('EMAIL_NOT_VERIFIED');
}

/** requireVerifiedEmail for every write of a scope (its GETs stay open): one hook line for a whole feature. */
export async function requireVerifiedEmailToWrite(request: FastifyRequest): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') await requireVerifiedEmail(request);
}

/** True for an account whose e-mail address exists and was never proven (the state requireVerifiedEmail refuses). */
export function hasUnverifiedEmail(user: { email: string | null; emailVerifiedAt: Date | null }): boolean {
  return user.email !== null && user.emailVerifiedAt === null;
}

/**
 * Guard for every admin route: the role is read from the server-side session, never from the client. Signed out: 401
 * (UNAUTHORIZED, or SESSION_EXPIRED), as every signed-in route; signed in without the role: 403 ADMIN_REQUIRED
 * (需要管理员权限 / admin permission required).
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.auth?.user.role !== 'admin') throw new AppError('ADMIN_REQUIRED');
}

/**
 * The auth plugin (named 'auth'; app.ts registers it before every feature). For /api/* it resolves the session cookie
 * into `request.auth` (sliding renewal) and enforces CSRF on state-changing requests that carry a session cookie or
 * target /api/auth/* (sign-in CSRF): a cross-site Sec-Fetch-Site/Origin is refused, and the header x-csrf-token must
 * equal the session's token (signed in) or the CSRF cookie carrying the server's signature (anonymous, csrf.ts),
 * compared in constant time. Features guard routes with `requireUser` / `requireAdmin`. /api/v1/* is left alone:
 * the public API authenticates by bearer key only (features/api-keys), so a cookie neither signs it in nor needs CSRF.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { config, db }) => {
    await app.register(cookie);
    app.decorateRequest('auth', null);
    app.decorateRequest('authExpired', false);
    app.decorate('csrf', createCsrfSigner(await loadCsrfKey(db, config)));
    const lifetime = getSessionLifetime(config);

    const resolveAuth = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith('/api/')) return;
      const path = request.url.split('?')[0] ?? '';
      // The public API authenticates by bearer key alone (features/api-keys): no session, no CSRF, no cookies set.
      if (path.startsWith('/api/v1/')) return;
      if (isPerPersonPath(path)) reply.header('cache-control', 'no-store');
      const names = getAuthCookieNames(config, request);
      const token = request.cookies[names.session];
      if (token) {
        const lookup = await resolveSession(db, token, new Date(), lifetime);
        if (lookup.status === 'valid') {
          request.auth = lookup.session;
          if (lookup.renewed) setSessionCookies(reply, config, { token, ...lookup.session });
        } else {
          request.authExpired = true;
          clearSessionCookies(reply, config);
        }
      }

      // The web app asks /api/me first: hand a signed-out browser its CSRF token there (not on cacheable public GETs).
      if (request.method === 'GET' && (path === '/api/me' || path.startsWith('/api/auth/'))) {
        ensureCsrfCookie(request, reply, config);
      }

      if (!UNSAFE_METHODS.has(request.method)) return;
      if (CSRF_EXEMPT.has(path)) return;
      if (!token && !path.startsWith('/api/auth/')) return; // no cookie → no ambient authority to forge
      if (isCrossSite(request, config)) throw new AppError('CSRF_INVALID');
      const anonymous = request.cookies[names.csrf];
      // Signed in: the session's own token (stored server-side). Anonymous: the cookie, if the server signed it.
      const expected = request.auth?.csrfToken ?? (app.csrf.isValid(anonymous) ? anonymous : undefined);
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !isSameSecret(sent, expected)) throw new AppError('CSRF_INVALID');
    };
    // Synchronous for the common case, a visitor's read with no cookie at all (every public cached read): the
    // promise and microtask turns of an async hook are a measurable share of a cached answer's cost.
    app.addHook('onRequest', (request, reply, done) => {
      if (hasNoAuthWork(request)) return done();
      resolveAuth(request, reply).then(() => done(), done);
    });
  },
  { name: 'auth' },
);
