import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { deleteStaleRateLimits, incrementRateLimit } from './auth.queries.ts';

export type AuthLimits = { perIp: number; perAccount?: number; windowMs: number };

/** Per-route limits (docs/auth.md); sign-in's per-account budget of failures is sign-in-throttle.ts. */
export const AUTH_LIMITS = {
  signIn: { perIp: 30, windowMs: 60_000 },
  signUp: { perIp: 20, perAccount: 5, windowMs: 60_000 },
  resetRequest: { perIp: 10, perAccount: 5, windowMs: 60_000 },
  tokenUse: { perIp: 20, windowMs: 60_000 },
  oauth: { perIp: 30, windowMs: 60_000 },
} as const satisfies Record<string, AuthLimits>;

/** Verification e-mails one signed-in user may ask for again, beside resetRequest's per-IP window (docs/auth.md). */
export const VERIFY_RESEND_LIMIT = { max: 3, windowMs: 15 * 60_000 } as const;

/** Tells a refused client when its window reopens (whole seconds, at least 1). */
export function setRetryAfter(reply: FastifyReply, resetAt: Date, now: Date): void {
  reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))));
}

const accountOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
};

/**
 * A preHandler that counts the request against a per-IP and (when the body has an e-mail) a per-account window and
 * refuses with 429 RATE_LIMITED (and Retry-After) once either is exhausted. Counters live in the database
 * (auth_rate_limits), so every instance on one PostgreSQL shares them.
 */
export function createAuthRateLimit(db: Db, name: string, limits: AuthLimits) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    const account = accountOf(request);
    const checks: [string, number][] = [[`${name}:ip:${request.ip}`, limits.perIp]];
    if (limits.perAccount && account) checks.push([`${name}:account:${account}`, limits.perAccount]);
    for (const [key, max] of checks) {
      const { count, resetAt } = await incrementRateLimit(db, key, limits.windowMs, now);
      if (count === 1) await deleteStaleRateLimits(db, new Date(now.getTime() - limits.windowMs)); // new window: tidy up
      if (count > max) {
        setRetryAfter(reply, resetAt, now);
        throw new AppError('RATE_LIMITED');
      }
    }
  };
}

/**
 * A preHandler for a signed-in user's route: at most `max` requests per user per window (429 RATE_LIMITED with
 * Retry-After), e.g. the account routes that check the current password, so a stolen session cannot guess it.
 */
export function createUserRateLimit(db: Db, name: string, limits: { max: number; windowMs: number }) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = request.auth?.user.id;
    if (!userId) throw new AppError('UNAUTHORIZED');
    const now = new Date();
    const { count, resetAt } = await incrementRateLimit(db, `${name}:user:${userId}`, limits.windowMs, now);
    if (count === 1) await deleteStaleRateLimits(db, new Date(now.getTime() - limits.windowMs));
    if (count > limits.max) {
      setRetryAfter(reply, resetAt, now);
      throw new AppError('RATE_LIMITED');
    }
  };
}

/**
 * A preHandler counting every request to a route in one window shared by all clients (429 RATE_LIMITED with
 * Retry-After past `max`): a bound on what a flood from many addresses can write, beside a per-IP limit.
 */
export function createRouteRateLimit(db: Db, name: string, limits: { max: number; windowMs: number }) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const now = new Date();
    const { count, resetAt } = await incrementRateLimit(db, `${name}:all`, limits.windowMs, now);
    if (count > limits.max) {
      setRetryAfter(reply, resetAt, now);
      throw new AppError('RATE_LIMITED');
    }
  };
}
