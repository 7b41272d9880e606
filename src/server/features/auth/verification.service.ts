import type { VerifyEmailBody } from '../../../shared/api/auth.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { hasUnverifiedEmail } from './auth.plugin.ts';
import { consumeAuthToken, selectUserById, type UserRow, updateUser } from './auth.queries.ts';
import type { AuthDeps, RequestContext } from './auth.service.ts';
import { hashPassword } from './password.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { updateUserRevokingSessions } from './session.queries.ts';
import { createSession, getSessionLifetime, type NewSession } from './session.service.ts';
import { hashToken } from './tokens.ts';
import { deleteUserOAuthAccounts, selectLiveAuthTokenUserId } from './verification.queries.ts';

/** Who follows the link: the browser's session user (null without a session), for the one-click path. */
export type VerifyContext = Pick<RequestContext, 'now' | 'lang' | 'meta'> & { sessionUserId: string | null };

/** The account of a live verification link; throws EMAIL_VERIFICATION_FAILED for a bad, used or expired link. */
async function getLinkUser(db: Db, tokenHash: string, now: Date): Promise<UserRow> {
  const userId = await selectLiveAuthTokenUserId(db, tokenHash, 'email_verification', now);
  const user = userId ? await selectUserById(db, userId) : undefined;
  if (!user) throw new AppError('EMAIL_VERIFICATION_FAILED');
  return user;
}

/** True when `{ token }` alone would verify: the address is verified already, or the link's account is signed in here. */
function verifiesInOneClick(user: UserRow, sessionUserId: string | null): boolean {
  return user.emailVerifiedAt !== null || user.id === sessionUserId;
}

/**
 * Whether following this link will ask for a password (the link is not spent). Throws EMAIL_VERIFICATION_FAILED for a
 * bad, used or expired link.
 */
export async function checkVerifyLink(
  deps: AuthDeps,
  token: string,
  ctx: Pick<VerifyContext, 'now' | 'sessionUserId'>,
): Promise<{ passwordRequired: boolean }> {
  const user = await getLinkUser(deps.db, hashToken(token), ctx.now);
  return { passwordRequired: !verifiesInOneClick(user, ctx.sessionUserId) };
}

/**
 * Follows an e-mailed verification link. The link proves the mailbox; who opened the account is another question.
 *
 * - Opened in a session of the link's account (the browser that signed up, or one signed in with its password): that
 *   session already proves the password, the link proves the mailbox, so one click verifies and every session stays.
 * - Opened anywhere else: anyone may have signed up with the address first (pre-account hijacking, and with
 *   ADMIN_EMAILS a way to wait for the admin role). So the mailbox owner takes the account over: they choose the
 *   password (NEW_PASSWORD_REQUIRED without one; the link stays usable), every earlier session ends (auth_epoch + 1),
 *   and OAuth identities linked on the unproven address are unlinked.
 *
 * Either way a listed admin address gets the role, for sessions opened from now on: in one click this browser's
 * session is re-issued (returned), so it stays signed in with the role. An address verified already just spends the
 * link. Throws EMAIL_VERIFICATION_FAILED for a bad or used link, and VALIDATION_FAILED for a refused password.
 */
export async function verifyEmail(
  deps: AuthDeps,
  body: VerifyEmailBody,
  ctx: VerifyContext,
): Promise<{ session: NewSession | null }> {
  const { db, config } = deps;
  const { now } = ctx;
  const tokenHash = hashToken(body.token);
  const user = await getLinkUser(db, tokenHash, now);
  const oneClick = verifiesInOneClick(user, ctx.sessionUserId);
  if (!oneClick && body.password === undefined) throw new AppError('NEW_PASSWORD_REQUIRED');
  // The new password meets the same policy as at sign-up; refused before the link is spent.
  if (!oneClick && body.password !== undefined) await assertPasswordAllowed(body.password, ctx.lang, user.email);
  const passwordHash = oneClick || body.password === undefined ? null : await hashPassword(body.password);
  if (!(await consumeAuthToken(db, tokenHash, 'email_verification', now))) {
    throw new AppError('EMAIL_VERIFICATION_FAILED');
  }
  if (user.emailVerifiedAt) return { session: null };
  const listed = !!user.email && config.ADMIN_EMAILS.includes(user.email);
  let session: NewSession | null = null;
  if (passwordHash) {
    await updateUserRevokingSessions(
      db,
      user.id,
      { emailVerifiedAt: now, passwordHash, ...(listed ? { role: 'admin' as const } : {}) },
      now,
    );
    await deleteUserOAuthAccounts(db, user.id);
  } else if (listed) {
    const promoted = await updateUserRevokingSessions(db, user.id, { emailVerifiedAt: now, role: 'admin' }, now);
    if (promoted) session = await createSession(db, promoted, ctx.meta, now, getSessionLifetime(config));
  } else {
    await updateUser(db, user.id, { emailVerifiedAt: now }, now);
  }
  // A verified address is what makes an invitation count (not a throwaway sign-up): the referrer earns it now.
  await deps.referrals.creditOnVerified(db, user.id, { now, timeZone: config.DAY_TIME_ZONE });
  return { session };
}

/** False for an account whose e-mail is not verified yet (requireVerifiedEmail's rule, for credits made off-route). */
export async function mayEarnPoints(db: Db, userId: string): Promise<boolean> {
  const user = await selectUserById(db, userId);
  return !!user && !hasUnverifiedEmail(user);
}
