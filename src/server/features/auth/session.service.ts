import type { LevelInputs, MembershipLevel } from '../../../shared/membership/level.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  deleteSession,
  insertSession,
  LAST_ACTIVE_INTERVAL_MS,
  selectSessionWithUser,
  touchLastActive,
  type UserRow,
  updateProfile,
  updateSessionExpiry,
} from './auth.queries.ts';
import { deleteDeadSessions, revokeUserSessions, updateUserRevokingSessions } from './session.queries.ts';
import { createRandomToken, hashToken } from './tokens.ts';

/** Sliding renewal writes at most once per this interval per session (ms), so reads stay reads. */
export const SESSION_RENEW_INTERVAL_MS = 60 * 60 * 1000;

export type SessionMeta = { userAgent?: string; ip?: string };
export type NewSession = { token: string; csrfToken: string; expiresAt: Date };
/** How long a session lives: `slidingMs` since its last use, and never more than `absoluteMs` since sign-in. */
export type SessionLifetime = { slidingMs: number; absoluteMs: number };

export function getSessionLifetime(config: Pick<Config, 'SESSION_TTL_DAYS' | 'SESSION_MAX_AGE_DAYS'>): SessionLifetime {
  return { slidingMs: config.SESSION_TTL_DAYS * DAY_MS, absoluteMs: config.SESSION_MAX_AGE_DAYS * DAY_MS };
}

/** The expiry at `now` of a session opened at `createdAt`: the sliding one, capped by the absolute one. */
function computeExpiry(createdAt: Date, now: Date, lifetime: SessionLifetime): Date {
  return new Date(Math.min(now.getTime() + lifetime.slidingMs, createdAt.getTime() + lifetime.absoluteMs));
}

export type ActiveSession = {
  sessionId: string;
  csrfToken: string;
  expiresAt: Date;
  user: UserRow;
  /** What the level function needs, read with the session (null before the profile exists). */
  plan: LevelInputs | null;
  /** Test mode's previewed level, or null. */
  testLevel: MembershipLevel | null;
};

export type SessionLookup =
  | { status: 'valid'; session: ActiveSession; renewed: boolean }
  | { status: 'expired' }
  | { status: 'unknown' };

/** Creates a session; the cookie gets `token`, the database only its SHA-256. */
export async function createSession(
  db: Db,
  user: Pick<UserRow, 'id' | 'authEpoch'>,
  meta: SessionMeta,
  now: Date,
  lifetime: SessionLifetime,
): Promise<NewSession> {
  const token = createRandomToken();
  const csrfToken = createRandomToken();
  const expiresAt = computeExpiry(now, now, lifetime);
  await insertSession(db, {
    id: hashToken(token),
    userId: user.id,
    csrfToken,
    authEpoch: user.authEpoch,
    expiresAt,
    createdAt: now,
    lastSeenAt: now,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { token, csrfToken, expiresAt };
}

/**
 * Resolves a session cookie at `now`. An expired session is deleted. A valid one slides: when it was last renewed
 * more than SESSION_RENEW_INTERVAL_MS ago its expiry moves to now + sliding lifetime (never past sign-in + absolute
 * lifetime) and the profile's last_active follows.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  lifetime: SessionLifetime,
): Promise<SessionLookup> {
  const id = hashToken(token);
  const row = await selectSessionWithUser(db, id);
  if (!row) return { status: 'unknown' };
  // An older auth_epoch: the account changed hands or rights since this session opened (verification, reset, role).
  // The absolute bound is checked here too, so lowering SESSION_MAX_AGE_DAYS applies to existing sessions at once.
  const dead =
    row.expiresAt.getTime() <= now.getTime() ||
    row.createdAt.getTime() + lifetime.absoluteMs <= now.getTime() ||
    row.authEpoch !== row.user.authEpoch;
  if (dead) {
    await deleteSession(db, id);
    return { status: 'expired' };
  }
  let expiresAt = row.expiresAt;
  const renewed = now.getTime() - row.lastSeenAt.getTime() >= SESSION_RENEW_INTERVAL_MS;
  if (renewed) {
    expiresAt = computeExpiry(row.createdAt, now, lifetime);
    await updateSessionExpiry(db, id, expiresAt, now);
    await updateProfile(db, row.user.id, { lastActive: now }, now);
  } else if (row.lastActive !== null && now.getTime() - row.lastActive.getTime() > LAST_ACTIVE_INTERVAL_MS) {
    await touchLastActive(db, row.user.id, now); // still guarded in SQL: two requests racing write once
  }
  const plan =
    row.points === null || row.paidLevel === null
      ? null
      : { points: row.points, paidLevel: row.paidLevel, paidExpiresAt: row.paidExpiresAt };
  return {
    status: 'valid',
    renewed,
    session: { sessionId: id, csrfToken: row.csrfToken, expiresAt, user: row.user, plan, testLevel: row.testLevel },
  };
}

/** Ends one session (sign-out). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** Gives a user a role; their sessions opened before the change end (a role belongs to sessions opened after it). */
export async function changeUserRole(db: Db, userId: string, role: UserRow['role'], now: Date) {
  const user = await updateUserRevokingSessions(db, userId, { role }, now);
  return user && { id: user.id, email: user.email, role: user.role };
}

/** Ends every session of a user, the one asking included (sign out everywhere): auth_epoch + 1 and the rows go. */
export async function endAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await revokeUserSessions(db, userId, now);
}

/** Stores a new password hash and ends every session opened before it, in one UPDATE (auth_epoch + 1). */
export async function setPasswordEndingSessions(db: Db, userId: string, passwordHash: string, now: Date) {
  return updateUserRevokingSessions(db, userId, { passwordHash }, now);
}

/** The daily purge: sessions past their expiry or their absolute lifetime, and spent or expired one-time links. */
export async function purgeExpiredSessions(db: Db, now: Date, lifetime: SessionLifetime) {
  return deleteDeadSessions(db, now, new Date(now.getTime() - lifetime.absoluteMs));
}
