import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isSecure } from './auth.cookies.ts';
import { insertAuthToken, selectKnownDeviceUserId } from './auth.queries.ts';
import { createRandomToken, hashToken } from './tokens.ts';

export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000; // 180 days
export const DEVICE_COOKIE = 'hr_device';
// Over https the name carries the __Secure- prefix (the browser then only accepts it with Secure). Not __Host-: that
// prefix needs Path=/, and this cookie is scoped to /api/auth.
const SECURE_DEVICE_COOKIE = `__Secure-${DEVICE_COOKIE}`;

/** The known-device token this request carries, under either name (a planted one is useless: it must match a row). */
export function readDeviceToken(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_DEVICE_COOKIE] ?? request.cookies[DEVICE_COOKIE];
}

/**
 * After a successful sign-in: remembers this browser for this account. The cookie holds a random 256-bit token; the
 * database holds its SHA-256 (auth_tokens, purpose known_device) bound to the user, so it cannot be forged or moved
 * to another account. httpOnly and sent to /api/auth only: nothing else needs it.
 */
export async function rememberDevice(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; email: string | null },
  now: Date,
): Promise<void> {
  const current = readDeviceToken(request);
  const known =
    current && user.email ? await selectKnownDeviceUserId(db, hashToken(current), user.email, now) : undefined;
  if (known === user.id) return; // already remembered: one row per browser, not per sign-in
  const token = createRandomToken();
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  await insertAuthToken(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'known_device',
    expiresAt,
    createdAt: now,
  });
  const secure = isSecure(config, request);
  reply.setCookie(secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    expires: expiresAt,
  });
}
