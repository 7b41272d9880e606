import type { VerifyEmailBody } from '../../../shared/api/auth.schema.ts';
import { AppError } from '../../errors.ts';
import { creditReferrerOnVerified } from '../tasks/referral.service.ts';
import { consumeAuthToken, selectUserById } from './auth.queries.ts';
import type { AuthDeps, RequestContext } from './auth.service.ts';
import { hashPassword } from './password.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import { updateUserRevokingSessions } from './session.queries.ts';
import { hashToken } from './tokens.ts';
import { deleteUserOAuthAccounts, selectLiveAuthTokenUserId } from './verification.queries.ts';

/**
 * Follows an e-mailed verification link. The link proves the mailbox, not that its owner opened the account: anyone
 * may have signed up with the address first (pre-account hijacking, and with ADMIN_EMAILS a way to wait for the admin
 * role). So the mailbox owner takes the account over: they choose the password (NEW_PASSWORD_REQUIRED without one; the
 * link stays usable), every earlier session ends (auth_epoch + 1), OAuth identities linked on an unproven address are
 * unlinked, and a listed admin address gets the role — only for sessions opened from now on. An address verified
 * already (e.g. by a reset link) just spends the link. Throws EMAIL_VERIFICATION_FAILED for a bad or used link, and
 * VALIDATION_FAILED for one of the most common passwords.
 */
export async function verifyEmail(
  deps: AuthDeps,
  body: VerifyEmailBody,
  ctx: Pick<RequestContext, 'now' | 'lang'>,
): Promise<void> {
  const { db, config } = deps;
  const { now } = ctx;
  const tokenHash = hashToken(body.token);
  const userId = await selectLiveAuthTokenUserId(db, tokenHash, 'email_verification', now);
  const user = userId ? await selectUserById(db, userId) : undefined;
  if (!user) throw new AppError('EMAIL_VERIFICATION_FAILED');
  if (!user.emailVerifiedAt && body.password === undefined) throw new AppError('NEW_PASSWORD_REQUIRED');
  // The new password meets the same policy as at sign-up; refused before the link is spent.
  if (!user.emailVerifiedAt && body.password !== undefined) await assertPasswordNotCommon(body.password, ctx.lang);
  const passwordHash = user.emailVerifiedAt || body.password === undefined ? null : await hashPassword(body.password);
  if (!(await consumeAuthToken(db, tokenHash, 'email_verification', now))) {
    throw new AppError('EMAIL_VERIFICATION_FAILED');
  }
  if (user.emailVerifiedAt || !passwordHash) return;
  const listed = !!user.email && config.ADMIN_EMAILS.includes(user.email);
  await updateUserRevokingSessions(
    db,
    user.id,
    { emailVerifiedAt: now, passwordHash, ...(listed ? { role: 'admin' as const } : {}) },
    now,
  );
  await deleteUserOAuthAccounts(db, user.id);
  // A verified address is what makes an invitation count (not a throwaway sign-up): the referrer earns it now.
  await creditReferrerOnVerified(db, user.id, { now, timeZone: config.DAY_TIME_ZONE });
}
