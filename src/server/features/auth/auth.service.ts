import type {
  MeResponse,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
  Profile,
  SessionUser,
  SignInBody,
  SignUpBody,
} from '../../../shared/api/auth.schema.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import { computeEffectiveLevel, type MembershipLevel } from '../../../shared/membership/level.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import {
  consumeAuthToken,
  deleteDeadAuthRows,
  expireTokensByEmail,
  insertAuthTokenByEmail,
  insertProfileIfMissing,
  insertUser,
  type ProfileRow,
  selectProfile,
  selectUserByEmail,
  selectUserById,
  type UserRow,
  updateProfile,
  updateUser,
} from './auth.queries.ts';
import { getDummyHash, hashPassword, verifyPassword } from './password.ts';
import { assertPasswordAllowed } from './password-policy.ts';
import { revokeUserSessions, updateUserRevokingSessions } from './session.queries.ts';
import { createSession, getSessionLifetime, type NewSession, type SessionMeta } from './session.service.ts';
import { createRandomToken, hashToken } from './tokens.ts';
import { selectLiveAuthTokenUserId } from './verification.queries.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { clearSessionCookies, isSecure, setSessionCookies } from './auth.cookies.ts';
export { listEnabledProviders } from './oauth.providers.ts';
export { getDummyHash, hashPassword, verifyPassword } from './password.ts';
export { assertPasswordAllowed } from './password-policy.ts';
export { createAuthRateLimit, createRouteRateLimit, createUserRateLimit } from './rate-limit.ts';
export { createRandomToken, hashToken } from './tokens.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000; // 1 h
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000; // 24 h
export const UNLOCK_TOKEN_TTL_MS = 24 * 60 * 60 * 1000; // 24 h, as long as a spent day budget lasts at most

export type { ProfileRow, UserRow } from './auth.queries.ts';
/**
 * What auth needs from the referral programme, which the tasks feature owns: app.ts passes it in, so auth imports no
 * other feature. `applyCode` records who invited a new account; `creditOnVerified` credits the inviter once the new
 * account's address is verified.
 */
export type ReferralPort = {
  applyCode: (db: Db, userId: string, code: string | undefined) => Promise<void>;
  creditOnVerified: (db: Db, userId: string, clock: { now: Date; timeZone: string }) => Promise<void>;
};
export type AuthDeps = { db: Db; config: Config; mailer: Mailer; referrals: ReferralPort };
export type RequestContext = { now: Date; lang: Language; meta: SessionMeta };
export type SignedIn = { session: NewSession; me: MeResponse };

/** Public base URL for links and OAuth redirects: APP_URL, else http://localhost:PORT. */
export function getAppUrl(config: Config): string {
  return (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    avatarUrl: row.avatarUrl,
    points: row.points,
    joinedAt: row.joinedAt.toISOString(),
    lastActive: row.lastActive.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    tasksCompleted: row.tasksCompleted,
    adsWatched: row.adsWatched,
    dailyTasksCompleted: row.dailyTasksCompleted,
    dailyAdsWatched: row.dailyAdsWatched,
    lastDailyReset: row.lastDailyReset.toISOString(),
  };
}

/** The signed-in user and profile for GET /api/me; creates the profile if it is somehow missing. */
export async function getMe(
  db: Db,
  user: UserRow,
  csrfToken: string,
  now: Date,
  testLevel: MembershipLevel | null = null,
): Promise<MeResponse> {
  const profile = await ensureProfile(db, user, {}, now);
  return {
    user: toSessionUser(user),
    profile: toProfile(profile),
    membership: membershipOf(profile, testLevel, now),
    csrfToken,
  };
}

/** The level the web shows and whether test mode's banner is on (the same level function the server checks use). */
function membershipOf(profile: ProfileRow, testLevel: MembershipLevel | null, now: Date): MeResponse['membership'] {
  const actualLevel = computeEffectiveLevel(
    { points: profile.points, paidLevel: profile.membershipLevel, paidExpiresAt: profile.membershipExpiresAt },
    now,
  );
  const { membershipLevel, membershipExpiresAt } = profile;
  const plan =
    membershipLevel !== 'free' && membershipExpiresAt
      ? {
          level: membershipLevel,
          expiresAt: membershipExpiresAt.toISOString(),
          running: membershipExpiresAt.getTime() > now.getTime(),
        }
      : null;
  return { level: testLevel ?? actualLevel, actualLevel, testLevel, plan };
}

/** The spec's PGRST116 rule on the server: a missing profile is created (free level, zero counters). */
export async function ensureProfile(
  db: Db,
  user: UserRow,
  details: { name?: string | null; avatarUrl?: string | null },
  now: Date,
): Promise<ProfileRow> {
  await insertProfileIfMissing(db, {
    id: user.id,
    email: user.email,
    name: details.name ?? null,
    avatarUrl: details.avatarUrl ?? null,
    joinedAt: now,
    lastActive: now,
    updatedAt: now,
    lastDailyReset: now,
  });
  const profile = await selectProfile(db, user.id);
  if (!profile) throw new Error(`profile for ${user.id} vanished`);
  return profile;
}

/**
 * True when ADMIN_EMAILS names this user's e-mail and the address is verified: otherwise anyone could sign up with
 * the admin's address before the admin does and inherit the role.
 */
function isListedAdmin(config: Config, user: UserRow): boolean {
  return (
    user.role !== 'admin' && user.emailVerifiedAt !== null && !!user.email && config.ADMIN_EMAILS.includes(user.email)
  );
}

/**
 * Everything a sign-in does, whatever the method: grants `admin` when the verified e-mail is in ADMIN_EMAILS, creates
 * the profile on first sign-in (name and avatar from the provider while the profile has none), updates last_active,
 * opens a session.
 */
export async function completeSignIn(
  deps: AuthDeps,
  user: UserRow,
  ctx: RequestContext,
  details: { name?: string | null; avatarUrl?: string | null } = {},
): Promise<SignedIn> {
  const { db, config } = deps;
  let current = user;
  if (isListedAdmin(config, current)) {
    // A new role ends the sessions opened before it: the role belongs to sessions opened from now on.
    current = (await updateUserRevokingSessions(db, current.id, { role: 'admin' }, ctx.now)) ?? current;
  }
  const existing = await ensureProfile(db, current, details, ctx.now);
  // The provider's name and picture fill a profile that has none; they never overwrite what the user chose in settings.
  await updateProfile(
    db,
    current.id,
    {
      email: current.email,
      lastActive: ctx.now,
      ...(details.name && !existing.name ? { name: details.name } : {}),
      ...(details.avatarUrl && !existing.avatarUrl ? { avatarUrl: details.avatarUrl } : {}),
    },
    ctx.now,
  );
  // Housekeeping without a job: a user's expired sessions and spent links go when they next sign in.
  await deleteDeadAuthRows(db, current.id, ctx.now);
  const session = await createSession(db, current, ctx.meta, ctx.now, getSessionLifetime(config));
  const profile = await selectProfile(db, current.id);
  if (!profile) throw new Error(`profile for ${current.id} vanished`);
  return {
    session,
    me: {
      user: toSessionUser(current),
      profile: toProfile(profile),
      membership: membershipOf(profile, null, ctx.now), // a new session starts outside test mode
      csrfToken: session.csrfToken,
    },
  };
}

/** Creates an e-mail/password account and signs it in; throws ACCOUNT_CREATION_FAILED when the e-mail is taken. */
export async function signUp(deps: AuthDeps, body: SignUpBody, ctx: RequestContext): Promise<SignedIn> {
  await assertPasswordAllowed(body.password, ctx.lang, body.email);
  const passwordHash = await hashPassword(body.password);
  const user = await insertUser(deps.db, { email: body.email, passwordHash, createdAt: ctx.now, updatedAt: ctx.now });
  // Generic on purpose: the message never says whether an address has an account (docs/auth.md, enumeration).
  if (!user) throw new AppError('ACCOUNT_CREATION_FAILED');
  await sendTokenMail(deps, user, 'email_verification', ctx);
  const signedIn = await completeSignIn(deps, user, ctx);
  await deps.referrals.applyCode(deps.db, user.id, body.referralCode);
  return signedIn;
}

/** Checks e-mail and password in constant time; throws INVALID_CREDENTIALS for any mismatch, known e-mail or not. */
export async function signIn(deps: AuthDeps, body: SignInBody, ctx: RequestContext): Promise<SignedIn> {
  const user = await selectUserByEmail(deps.db, body.email);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user?.passwordHash || !ok) throw new AppError('INVALID_CREDENTIALS');
  return completeSignIn(deps, user, ctx);
}

/**
 * Sends a reset link when the e-mail has an account; answers the same either way, after the same statements and the
 * same token hashing (sendTokenMail), so neither the answer nor its timing tells whether the address is registered.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  body: PasswordResetRequestBody,
  ctx: RequestContext,
): Promise<void> {
  await sendTokenMail(deps, { email: body.email }, 'password_reset', ctx);
}

/**
 * Sets a new password from a one-time link and ends every session of that user; throws RESET_LINK_INVALID. A common
 * or too weak password is refused before the link is spent, so the user can try again with the same link.
 */
export async function confirmPasswordReset(
  deps: AuthDeps,
  body: PasswordResetConfirmBody,
  ctx: Pick<RequestContext, 'now' | 'lang'>,
): Promise<void> {
  const { now } = ctx;
  const tokenHash = hashToken(body.token);
  // Read (not spent) first: the policy counts the account's e-mail, and a refused password leaves the link working.
  const owner = await selectLiveAuthTokenUserId(deps.db, tokenHash, 'password_reset', now);
  const account = owner ? await selectUserById(deps.db, owner) : undefined;
  await assertPasswordAllowed(body.password, ctx.lang, account?.email);
  const userId = await consumeAuthToken(deps.db, tokenHash, 'password_reset', now);
  if (!userId) throw new AppError('RESET_LINK_INVALID');
  // The link proves control of the mailbox, so the address counts as verified too.
  const user = userId === account?.id ? account : await selectUserById(deps.db, userId);
  await updateUser(
    deps.db,
    userId,
    { passwordHash: await hashPassword(body.password), emailVerifiedAt: user?.emailVerifiedAt ?? now },
    now,
  );
  await revokeUserSessions(deps.db, userId, now);
}

/** Sends a fresh verification link to a signed-in user whose e-mail is not verified yet (no-op otherwise). */
export async function resendVerification(deps: AuthDeps, user: UserRow, ctx: RequestContext): Promise<void> {
  if (user.email && !user.emailVerifiedAt) await sendTokenMail(deps, user, 'email_verification', ctx);
}

const TOKEN_MAIL = {
  password_reset: { ttlMs: RESET_TOKEN_TTL_MS, mode: 'reset', key: 'reset' },
  email_verification: { ttlMs: VERIFY_TOKEN_TTL_MS, mode: 'verify', key: 'verify' },
  account_unlock: { ttlMs: UNLOCK_TOKEN_TTL_MS, mode: 'unlock', key: 'unlock' },
} as const;

/**
 * Issues a one-time link for the account with this e-mail (voiding the previous one) and mails it. Every statement
 * finds the account by e-mail inside the SQL, so an address without an account runs the same statements and the same
 * crypto, which just touch no row: requestPasswordReset relies on this (no enumeration by timing).
 */
export async function sendTokenMail(
  deps: AuthDeps,
  target: { email: string | null },
  purpose: keyof typeof TOKEN_MAIL,
  ctx: RequestContext,
): Promise<void> {
  const { email } = target;
  if (!email) return;
  const { ttlMs, mode, key } = TOKEN_MAIL[purpose];
  const token = createRandomToken();
  await expireTokensByEmail(deps.db, email, purpose, ctx.now);
  await insertAuthTokenByEmail(deps.db, {
    tokenHash: hashToken(token),
    email,
    purpose,
    expiresAt: new Date(ctx.now.getTime() + ttlMs),
    createdAt: ctx.now,
  });
  const link = `${getAppUrl(deps.config)}/auth?mode=${mode}&token=${encodeURIComponent(token)}`;
  const params = { link, hours: ttlMs / 3_600_000 };
  await deps.mailer.send(deps.db, {
    to: email,
    subject: translate(ctx.lang, `auth.mail.${key}Subject`, params),
    text: translate(ctx.lang, `auth.mail.${key}Text`, params),
    secrets: [token, encodeURIComponent(token)],
    onlyToAccount: true,
  });
}
