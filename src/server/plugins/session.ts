import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/api/auth.schema.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { getSessionTtlMs } from '../features/auth/auth.service.ts';
import { type ActiveSession, resolveSession } from '../features/auth/session.service.ts';
import { createRandomToken, isSameSecret } from '../features/auth/tokens.ts';

declare module 'fastify' {
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

export type SessionPluginOptions = { config: Config; db: Db };

/** Whether cookies get the Secure flag (SESSION_COOKIE_SECURE; auto: https APP_URL, or https in production). */
export function isSecure(config: Config, request: FastifyRequest): boolean {
  if (config.SESSION_COOKIE_SECURE !== 'auto') return config.SESSION_COOKIE_SECURE === 'true';
  if (config.APP_URL) return config.APP_URL.startsWith('https:');
  return config.NODE_ENV === 'production' && request.protocol === 'https';
}

/** Sets the session cookie (httpOnly) and its CSRF twin (readable by the page, which echoes it in x-csrf-token). */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  session: { token: string; csrfToken: string; expiresAt: Date },
): void {
  const secure = isSecure(config, reply.request);
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: session.expiresAt,
  });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

/** Clears the session cookie and issues a fresh anonymous CSRF token. */
export function clearSessionCookies(reply: FastifyReply, config: Config): string {
  const secure = isSecure(config, reply.request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  const csrfToken = createRandomToken();
  reply.setCookie(CSRF_COOKIE, csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure });
  return csrfToken;
}

/** The CSRF token this browser holds now (set on the reply if it had none). */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  if (request.auth) return request.auth.csrfToken;
  const existing = request.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 32) return existing;
  const csrfToken = createRandomToken();
  reply.setCookie(CSRF_COOKIE, csrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecure(config, request),
  });
  return csrfToken;
}

/** preHandler for routes that need a signed-in user: 401 SESSION_EXPIRED or UNAUTHORIZED otherwise. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.auth) return;
  throw new AppError(request.authExpired ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
}

/**
 * Cookies and server-side sessions for /api/* (rate limits: features/auth/rate-limit.ts): resolves the
 * session (sliding renewal), and enforces CSRF on state-changing requests that carry a session cookie or target
 * /api/auth/* (sign-in CSRF). Token check: header x-csrf-token === the session's token (signed in) or the
 * hr_csrf cookie (anonymous), compared in constant time.
 */
export const sessionPlugin = fp<SessionPluginOptions>(async (app, { config, db }) => {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  app.decorateRequest('authExpired', false);
  const ttlMs = getSessionTtlMs(config);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const lookup = await resolveSession(db, token, new Date(), ttlMs);
      if (lookup.status === 'valid') {
        request.auth = lookup.session;
        if (lookup.renewed) setSessionCookies(reply, config, { token, ...lookup.session });
      } else {
        request.authExpired = true;
        clearSessionCookies(reply, config);
      }
    }

    const path = request.url.split('?')[0] ?? '';
    // The web app asks /api/me first: hand a signed-out browser its CSRF token there (not on cacheable public GETs).
    if (request.method === 'GET' && (path === '/api/me' || path.startsWith('/api/auth/'))) {
      ensureCsrfCookie(request, reply, config);
    }

    if (!UNSAFE_METHODS.has(request.method)) return;
    if (CSRF_EXEMPT.has(path)) return;
    if (!token && !path.startsWith('/api/auth/')) return; // no cookie → no ambient authority to forge
    const expected = request.auth?.csrfToken ?? request.cookies[CSRF_COOKIE];
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent !== 'string' || !isSameSecret(sent, expected)) throw new AppError('CSRF_INVALID');
  });
});
