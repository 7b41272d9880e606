import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UnlockAccountBody } from '../../../shared/api/auth.schema.ts';
import { AppError } from '../../errors.ts';
import {
  consumeAuthToken,
  deleteRateLimits,
  incrementRateLimit,
  refundRateLimit,
  selectKnownDeviceUserId,
  selectUserById,
} from './auth.queries.ts';
import type { AuthDeps, RequestContext } from './auth.service.ts';
import { sendTokenMail } from './auth.service.ts';
import { readDeviceToken } from './device-cookie.ts';
import { setRetryAfter } from './rate-limit.ts';
import { hashToken } from './tokens.ts';

/**
 * Budgets of FAILED sign-ins per account (OWASP "device cookies" + ASVS 2.2.1): 10 a minute slows guessing to a crawl
 * (429, Retry-After), 100 a day locks the account (423 ACCOUNT_LOCKED, unlock link by e-mail). A browser with a valid
 * device cookie for that account spends its own budgets instead, so a stranger's guesses never lock the owner out.
 */
export const SIGN_IN_BUDGET = {
  perMinute: { max: 10, windowMs: 60_000 },
  perDay: { max: 100, windowMs: 24 * 60 * 60 * 1000 },
} as const;

export function signInBudgetKeys(email: string) {
  return { minute: `sign-in:fail-minute:${email}`, day: `sign-in:fail-day:${email}` };
}

function deviceBudgetKeys(deviceTokenHash: string) {
  return { minute: `sign-in:device-minute:${deviceTokenHash}`, day: `sign-in:device-day:${deviceTokenHash}` };
}

type Budget = { key: string; max: number; windowMs: number; whenSpent: 'RATE_LIMITED' | 'ACCOUNT_LOCKED' };

function budgetsFor(keys: { minute: string; day: string }): Budget[] {
  return [
    { key: keys.minute, ...SIGN_IN_BUDGET.perMinute, whenSpent: 'RATE_LIMITED' },
    { key: keys.day, ...SIGN_IN_BUDGET.perDay, whenSpent: 'ACCOUNT_LOCKED' },
  ];
}

// The keys a request reserved, to give back when its password turns out right (onSend). Keyed by the request object,
// so nothing outlives it.
const reservations = new WeakMap<FastifyRequest, string[]>();

/**
 * The sign-in throttle as two route hooks. `preHandler` reserves one failure on each budget BEFORE the password is
 * checked: the reservation is one atomic upsert per budget, so however many requests arrive at once (on however many
 * instances), at most `max` of them get to try a password. `onSend` gives the reservation back when the sign-in
 * succeeded, so only failures stay counted.
 */
export function createSignInThrottle(deps: AuthDeps, context: (request: FastifyRequest) => RequestContext) {
  const { db } = deps;

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { email } = request.body as { email: string };
    const ctx = context(request);
    const deviceToken = readDeviceToken(request);
    const deviceHash = deviceToken ? hashToken(deviceToken) : undefined;
    const knownDevice = deviceHash ? await selectKnownDeviceUserId(db, deviceHash, email, ctx.now) : undefined;
    const keys = knownDevice && deviceHash ? deviceBudgetKeys(deviceHash) : signInBudgetKeys(email);

    const reserved: string[] = [];
    for (const budget of budgetsFor(keys)) {
      const { count, resetAt } = await incrementRateLimit(db, budget.key, budget.windowMs, ctx.now);
      if (count <= budget.max) {
        reserved.push(budget.key);
        continue;
      }
      await Promise.all(reserved.map((key) => refundRateLimit(db, key))); // refused: nothing was tried
      // Exactly one request sees max + 1, so the owner gets one unlock mail per lock, whatever the attacker sends.
      if (budget.whenSpent === 'ACCOUNT_LOCKED' && !knownDevice && count === budget.max + 1) {
        await sendTokenMail(deps, { email }, 'account_unlock', ctx);
      }
      setRetryAfter(reply, resetAt, ctx.now);
      throw new AppError(budget.whenSpent);
    }
    reservations.set(request, reserved);
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply) => {
    const reserved = reservations.get(request);
    reservations.delete(request);
    if (reserved && reply.statusCode < 300) await Promise.all(reserved.map((key) => refundRateLimit(db, key)));
  };

  return { preHandler, onSend };
}

/** Clears the account's failure budgets (the e-mailed unlock link was followed). */
export async function resetSignInBudget(deps: AuthDeps, email: string): Promise<void> {
  const keys = signInBudgetKeys(email);
  await deleteRateLimits(deps.db, [keys.minute, keys.day]);
}

/** Follows an e-mailed unlock link: clears the account's failure budgets, once; throws UNLOCK_LINK_INVALID. */
export async function unlockAccount(deps: AuthDeps, body: UnlockAccountBody, now: Date): Promise<void> {
  const userId = await consumeAuthToken(deps.db, hashToken(body.token), 'account_unlock', now);
  if (!userId) throw new AppError('UNLOCK_LINK_INVALID');
  const user = await selectUserById(deps.db, userId);
  if (user?.email) await resetSignInBudget(deps, user.email);
}
