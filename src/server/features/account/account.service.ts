import {
  type ChangePasswordBody,
  DELETE_CONFIRMATION_WORD,
  type DeleteAccountBody,
  type LinkedProvidersResponse,
  type Preferences,
  type UpdatePreferencesBody,
  type UpdateProfileBody,
} from '../../../shared/api/account.schema.ts';
import type { MeResponse, Profile } from '../../../shared/api/auth.schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import {
  assertPasswordAllowed,
  ensureProfile,
  getDummyHash,
  getMe,
  hashPassword,
  listEnabledProviders,
  type RequestContext,
  toProfile,
  type UserRow,
  verifyPassword,
} from '../auth/auth.service.ts';
import {
  createSession,
  endAllSessions,
  getSessionLifetime,
  type NewSession,
  setPasswordEndingSessions,
} from '../auth/session.service.ts';
import { forgetUserQuotaUsage } from '../quotas/quotas.service.ts';
import { releaseTeamOfDeletedAccount } from '../teams/teams.service.ts';
import {
  deleteUserAndRows,
  type ProfilePatch,
  selectLinkedProviders,
  selectPreferences,
  updateProfileDetails,
} from './account.queries.ts';

export type AccountDeps = { db: Db; config: Config };

/** Changes the signed-in user's display name and avatar; a field left out stays, null clears it. */
export async function updateOwnProfile(db: Db, user: UserRow, body: UpdateProfileBody, now: Date): Promise<Profile> {
  const current = await ensureProfile(db, user, {}, now);
  const patch: ProfilePatch = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.avatarUrl !== undefined) patch.avatarUrl = body.avatarUrl;
  const row = await updateProfileDetails(db, user.id, patch, now);
  return toProfile(row ?? current);
}

/** The signed-in user's own display preferences; nothing chosen yet is null (the browser's own choice stands). */
export async function getOwnPreferences(db: Db, user: UserRow): Promise<Preferences> {
  return toPreferences(await selectPreferences(db, user.id));
}

/**
 * Stores the fields the body names (null: back to "not chosen") on the signed-in user's own profile only; the others
 * keep their value. One UPDATE, so two browsers saving different fields at once both land.
 */
export async function updateOwnPreferences(
  db: Db,
  user: UserRow,
  body: UpdatePreferencesBody,
  now: Date,
): Promise<Preferences> {
  await ensureProfile(db, user, {}, now);
  const patch: ProfilePatch = {};
  if (body.language !== undefined) patch.language = body.language;
  if (body.theme !== undefined) patch.theme = body.theme;
  if (body.priceColours !== undefined) patch.priceColours = body.priceColours;
  if (body.numberStyle !== undefined) patch.numberStyle = body.numberStyle;
  return toPreferences(await updateProfileDetails(db, user.id, patch, now));
}

function toPreferences(row: Partial<Preferences> | undefined): Preferences {
  return {
    language: row?.language ?? null,
    theme: row?.theme ?? null,
    priceColours: row?.priceColours ?? null,
    numberStyle: row?.numberStyle ?? null,
  };
}

/**
 * Checks a password the user typed against the account's, in constant time whether or not the account has one (the
 * dummy hash). Throws CURRENT_PASSWORD_INVALID; a missing password for an account that has one is a wrong one.
 */
async function assertOwnPassword(user: UserRow, typed: string | undefined): Promise<void> {
  const ok = await verifyPassword(typed ?? '', user.passwordHash ?? (await getDummyHash()));
  if (!user.passwordHash || !typed || !ok) throw new AppError('CURRENT_PASSWORD_INVALID');
}

/**
 * Sets a new password. An account with a password must give the current one; an OAuth-only account sets its first
 * without. The change raises auth_epoch, which ends every session of the user, this one too, in the same UPDATE; this
 * browser then gets a fresh session (a new cookie and CSRF token), so only the OTHER sessions end for the user.
 */
export async function changePassword(
  deps: AccountDeps,
  user: UserRow,
  body: ChangePasswordBody,
  ctx: RequestContext,
): Promise<{ session: NewSession; me: MeResponse }> {
  if (user.passwordHash) await assertOwnPassword(user, body.currentPassword);
  await assertPasswordAllowed(body.newPassword, ctx.lang, user.email);
  const passwordHash = await hashPassword(body.newPassword);
  const updated = await setPasswordEndingSessions(deps.db, user.id, passwordHash, ctx.now);
  if (!updated) throw new AppError('SESSION_EXPIRED'); // deleted meanwhile
  const session = await createSession(deps.db, updated, ctx.meta, ctx.now, getSessionLifetime(deps.config));
  // A new session: it starts outside test mode, like any sign-in.
  return { session, me: await getMe(deps.db, updated, session.csrfToken, ctx.now) };
}

/** Ends every session of the user, the one asking included (auth_epoch + 1: a racing sign-in's session dies too). */
export async function signOutEverywhere(db: Db, user: UserRow, now: Date): Promise<void> {
  await endAllSessions(db, user.id, now);
}

/** How the account signs in: password or not, linked OAuth providers (with when), and what this server offers. */
export async function listSignInMethods(deps: AccountDeps, user: UserRow): Promise<LinkedProvidersResponse> {
  const linked = await selectLinkedProviders(deps.db, user.id);
  return {
    email: user.email,
    password: user.passwordHash !== null,
    linked: linked.map((row) => ({ provider: row.provider, linkedAt: row.linkedAt.toISOString() })),
    enabled: listEnabledProviders(deps.config),
  };
}

/** What the user must type to delete the account: its e-mail (any case, spaces around ignored), or DELETE. */
function confirms(user: UserRow, typed: string): boolean {
  const value = typed.trim();
  return user.email ? value.toLowerCase() === user.email.toLowerCase() : value === DELETE_CONFIRMATION_WORD;
}

/**
 * Deletes the account and every row of it, after the confirmation (and the password, when the account has one).
 * A wrong confirmation or password changes nothing: DELETE_CONFIRMATION_MISMATCH / CURRENT_PASSWORD_INVALID; nor
 * does the owner of a team with members (TEAM_OWNER_CANNOT_LEAVE: transfer or delete the team first).
 */
export async function deleteAccount(db: Db, user: UserRow, body: DeleteAccountBody): Promise<void> {
  if (!confirms(user, body.confirm)) throw new AppError('DELETE_CONFIRMATION_MISMATCH');
  if (user.passwordHash) await assertOwnPassword(user, body.password);
  await withTransaction(db, async (tx) => {
    await releaseTeamOfDeletedAccount(tx, user.id);
    await forgetUserQuotaUsage(tx, user.id);
    await deleteUserAndRows(tx, user.id, user.email);
  });
}
