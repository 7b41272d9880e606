import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().unique(), // stored lower-cased; null when an OAuth provider shares none (e.g. X without e-mail access)
  passwordHash: text(), // null for OAuth-only accounts
  emailVerifiedAt: timestamp({ withTimezone: true }),
  role: text({ enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  lockedUntil: timestamp({ withTimezone: true }),
  /**
   * Raised by every change of who controls the account (e-mail verified, password reset, role changed, OAuth
   * take-over). A session is valid only while its auth_epoch equals this: older sessions die at once, even one opened
   * by a sign-in racing the change (docs/auth.md).
   */
  authEpoch: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Linked OAuth identities: one user may sign in with several providers. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text({ enum: ['google', 'github', 'twitter', 'apple'] }).notNull(),
    providerUserId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index('oauth_accounts_user_idx').on(t.userId)],
);

/** Server-side sessions; the cookie holds a random token whose SHA-256 is the id. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    /** The user's auth_epoch when the session was opened. */
    authEpoch: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
    ip: text(),
    /**
     * Test mode (admins, or anyone in development): the level this session previews instead of its own. Only what
     * this session sees changes; no stored data does. Null when off.
     */
    testLevel: text({ enum: ['free', 'premium', 'vip'] }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Tokens by hash (never the token): one-time links for password reset, e-mail verification and account unlock, and
 * `known_device`, the long-lived token in a browser's device cookie that keeps its own sign-in budget (no DB check
 * constraint on `purpose`, so adding one needs no migration).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['password_reset', 'email_verification', 'account_unlock', 'known_device'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Outgoing mail as a delivery queue: tokens redacted once delivered, rows purged after a day (mailer.ts). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  sentAt: timestamp({ withTimezone: true }), // null: not sent by SMTP (none configured, or it failed: see error)
  error: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The spec's user_profiles, one per user, created on first sign-in with free level and zero counters. */
export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    name: text(),
    avatarUrl: text(),
    membershipLevel: text({ enum: ['free', 'premium', 'vip'] })
      .notNull()
      .default('free'),
    membershipExpiresAt: timestamp({ withTimezone: true }),
    points: integer().notNull().default(0), // never below 0 (a check; the points ledger refuses overdrafts)
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActive: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tasksCompleted: integer().notNull().default(0),
    adsWatched: integer().notNull().default(0),
    dailyTasksCompleted: integer().notNull().default(0),
    dailyAdsWatched: integer().notNull().default(0),
    lastDailyReset: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The code a user shares to invite friends: generated on first need, unique (features/tasks/referral.service.ts). */
    referralCode: text().unique(),
    /** Who invited this user (from the sign-up's referral code); never the user. */
    referredBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Consecutive zone-days with a daily task credited, ending on streak_last_day (YYYY-MM-DD in DAY_TIME_ZONE). */
    streakCurrent: integer().notNull().default(0),
    streakBest: integer().notNull().default(0),
    streakLastDay: text(),
    /** Up/down colours: 'red-up' (mainland convention) or 'green-up'; null = the UI language's default. */
    priceColours: text({ enum: ['red-up', 'green-up'] }),
    /** The UI language chosen on the account ('zh' | 'en'); null = the browser's own choice. Applied at sign-in. */
    language: text({ enum: ['zh', 'en'] }),
    /** The theme chosen on the account ('light' | 'dark' | 'auto'); null = the browser's own choice. */
    theme: text({ enum: ['light', 'dark', 'auto'] }),
    /** Large numbers in Chinese: 'cjk' (万/亿) or 'western' (K/M/B); null = the browser's own choice. */
    numberStyle: text({ enum: ['cjk', 'western'] }),
  },
  (t) => [
    check('user_profiles_points_non_negative', sql`${t.points} >= 0`),
    check('user_profiles_not_self_referred', sql`${t.referredBy} <> ${t.id}`),
    index('user_profiles_referred_by_idx').on(t.referredBy),
  ],
);

/** Fixed-window counters for the sign-in, sign-up and reset limits, shared by every instance on one database. */
export const authRateLimits = pgTable(
  'auth_rate_limits',
  {
    key: text().primaryKey(), // "<route>:ip:<address>", "<route>:account:<email>", "sign-in:fail-day:<email>"…
    count: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('auth_rate_limits_reset_idx').on(t.resetAt)],
);
