import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE, toCookieName } from '../../../shared/api/auth.values.ts';
import type { Config } from '../../config.ts';

/** Whether cookies get the Secure flag (SESSION_COOKIE_SECURE; auto: https APP_URL, or https in production). */
export function isSecure(config: Config, request: FastifyRequest): boolean {
  if (config.SESSION_COOKIE_SECURE !== 'auto') return config.SESSION_COOKIE_SECURE === 'true';
  if (config.APP_URL) return config.APP_URL.startsWith('https:');
  return config.NODE_ENV === 'production' && request.protocol === 'https';
}

/** The one place the cookie names are decided: `__Host-` prefixed whenever the cookies are Secure. */
export function getAuthCookieNames(config: Config, request: FastifyRequest) {
  const secure = isSecure(config, request);
  return { secure, session: toCookieName(SESSION_COOKIE, secure), csrf: toCookieName(CSRF_COOKIE, secure) };
}

/** The CSRF cookie: readable by the page, which echoes it in x-csrf-token. */
function setCsrfCookie(reply: FastifyReply, name: string, token: string, secure: boolean): void {
  reply.setCookie(name, token, { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

/** Sets the session cookie (httpOnly) and its CSRF twin (readable by the page, which echoes it in x-csrf-token). */
export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  session: { token: string; csrfToken: string; expiresAt: Date },
): void {
  const { secure, ...names } = getAuthCookieNames(config, reply.request);
  reply.setCookie(names.session, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: session.expiresAt,
  });
  setCsrfCookie(reply, names.csrf, session.csrfToken, secure);
}

/** Clears the session cookie and issues a fresh anonymous CSRF token. */
export function clearSessionCookies(reply: FastifyReply, config: Config): string {
  const { secure, ...names } = getAuthCookieNames(config, reply.request);
  reply.clearCookie(names.session, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  const csrfToken = reply.server.csrf.issue();
  setCsrfCookie(reply, names.csrf, csrfToken, secure);
  return csrfToken;
}

/** The CSRF token this browser holds now (a fresh signed one on the reply if it had none, or a bad one). */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  if (request.auth) return request.auth.csrfToken;
  const { secure, csrf } = getAuthCookieNames(config, request);
  const existing = request.cookies[csrf];
  if (existing && request.server.csrf.isValid(existing)) return existing;
  const csrfToken = request.server.csrf.issue();
  setCsrfCookie(reply, csrf, csrfToken, secure);
  return csrfToken;
}
