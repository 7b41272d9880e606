import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

export type AuthLimits = { perIp: number; perAccount?: number; windowMs: number };

/** Per-route limits (docs/auth.md): the 11th sign-in attempt for one account within a minute is refused. */
export const AUTH_LIMITS = {
  signIn: { perIp: 30, perAccount: 10, windowMs: 60_000 },
  signUp: { perIp: 20, perAccount: 5, windowMs: 60_000 },
  resetRequest: { perIp: 10, perAccount: 5, windowMs: 60_000 },
  tokenUse: { perIp: 20, windowMs: 60_000 },
  oauth: { perIp: 30, windowMs: 60_000 },
} as const satisfies Record<string, AuthLimits>;

const accountOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : '';
};

/**
 * A preHandler that counts the request against a per-IP and (when the body has an e-mail) a per-account window and
 * refuses with 429 RATE_LIMITED once either is exhausted. Counters live in this process (docs/auth.md).
 */
export function createAuthRateLimit(app: FastifyInstance, name: string, limits: AuthLimits) {
  const byIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${name}:ip:${request.ip}`,
  });
  const byAccount = limits.perAccount
    ? app.createRateLimit({
        max: limits.perAccount,
        timeWindow: limits.windowMs,
        keyGenerator: (request) => `${name}:account:${accountOf(request)}`,
      })
    : undefined;
  return async (request: FastifyRequest, reply: { header: (name: string, value: string) => unknown }) => {
    const checks = byAccount && accountOf(request) ? [byIp, byAccount] : [byIp];
    for (const check of checks) {
      const result = await check(request);
      // isAllowed is true only for allow-listed keys; isExceeded is the verdict.
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED');
      }
    }
  };
}
