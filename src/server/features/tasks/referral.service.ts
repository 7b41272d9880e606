import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userProfiles, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { creditTask, type TaskClock } from './credit.service.ts';

// 31 letters and digits without look-alikes (0/O, 1/I/L): a code read aloud or retyped survives.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  return [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** How a typed code is compared: codes are stored upper-case. */
export function normaliseReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The user's referral code, created on first need. The guarded UPDATE sets it only while it is null (two requests
 * racing keep one code) and only to a code no one holds; the unique constraint is the last word.
 */
export async function ensureReferralCode(db: Db, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [current] = await db
      .select({ code: userProfiles.referralCode })
      .from(userProfiles)
      .where(eq(userProfiles.id, userId));
    if (!current) throw new AppError('NOT_FOUND');
    if (current.code) return current.code;
    const code = newCode();
    await db
      .update(userProfiles)
      .set({ referralCode: code })
      .where(
        and(
          eq(userProfiles.id, userId),
          isNull(userProfiles.referralCode),
          sql`not exists (select 1 from ${userProfiles} taken where taken.referral_code = ${code})`,
        ),
      );
  }
  throw new Error(`no referral code for ${userId}`);
}

/**
 * At sign-up: remembers who invited the new user. An unknown code is ignored (a typo never blocks a sign-up), and a
 * user is never their own referrer (a database check says so too).
 */
export async function applyReferral(db: Db, userId: string, code: string | undefined): Promise<void> {
  if (!code?.trim()) return;
  const [referrer] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.referralCode, normaliseReferralCode(code)));
  if (!referrer || referrer.id === userId) return;
  await db
    .update(userProfiles)
    .set({ referredBy: referrer.id })
    .where(and(eq(userProfiles.id, userId), isNull(userProfiles.referredBy)));
}

/** How many the user invited, and how many of them verified their e-mail. */
export async function referralStats(db: Db, userId: string): Promise<{ signedUp: number; verified: number }> {
  const [row] = await db
    .select({ signedUp: count(), verified: count(users.emailVerifiedAt) })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.id))
    .where(eq(userProfiles.referredBy, userId));
  return { signedUp: row?.signedUp ?? 0, verified: row?.verified ?? 0 };
}

/** Whether at least one invited user verified their e-mail (the invite_friend achievement's condition). */
export async function hasVerifiedReferral(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.id))
    .where(and(eq(userProfiles.referredBy, userId), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return !!row;
}

/** The referral programme as auth's ReferralPort (app.ts passes it to the auth routes). */
export const referralPort = {
  applyCode: (db: Db, userId: string, code: string | undefined) => applyReferral(db, userId, code),
  creditOnVerified: (db: Db, userId: string, clock: TaskClock) => creditReferrerOnVerified(db, userId, clock),
};

/**
 * Called once the user's e-mail is verified: their referrer earns achievement.invite_friend (once ever; a second
 * friend earns nothing more). The referrer can also claim it later (POST /api/tasks/claim) should this step fail.
 */
export async function creditReferrerOnVerified(db: Db, userId: string, clock: TaskClock): Promise<void> {
  const [row] = await db
    .select({ referredBy: userProfiles.referredBy })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  if (!row?.referredBy || row.referredBy === userId) return;
  try {
    await creditTask(db, row.referredBy, { task: 'achievement.invite_friend' }, clock);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'TASK_ALREADY_DONE')) throw error;
  }
}
