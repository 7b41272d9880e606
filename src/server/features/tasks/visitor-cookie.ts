import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { isSecure } from '../auth/auth.service.ts';
import { hashVisitor } from './share.service.ts';

const VISITOR_COOKIE = 'hr_visitor';
const SECURE_VISITOR_COOKIE = `__Secure-${VISITOR_COOKIE}`;
const VISITOR_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The browser's visitor id for share links, as stored (a hash): a random 128-bit value in an httpOnly cookie scoped to
 * /api, set on first need. It tells the browser a link was shared from apart from any other browser, signed in or not.
 */
export function visitorOf(config: Config, request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[SECURE_VISITOR_COOKIE] ?? request.cookies[VISITOR_COOKIE];
  if (current && /^[A-Za-z0-9_-]{22}$/.test(current)) return hashVisitor(current);
  const value = randomBytes(16).toString('base64url');
  const secure = isSecure(config, request);
  reply.setCookie(secure ? SECURE_VISITOR_COOKIE : VISITOR_COOKIE, value, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: new Date(Date.now() + VISITOR_TTL_MS),
  });
  return hashVisitor(value);
}
