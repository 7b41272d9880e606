import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const userTasks = pgTable(
  'user_tasks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskType: text({
      enum: ['watch_ad', 'daily', 'achievement', 'share_project', 'complete_profile', 'invite_friend'],
    }).notNull(),
    taskKey: text().notNull(), // which task, e.g. 'daily-login' or 'achievement-first-watchlist'
    pointsAwarded: integer().notNull(),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tasks_user_idx').on(t.userId, t.completedAt.desc())],
);

/** The points ledger: the truth for a balance; current_total is the balance after this row. */
export const pointsHistory = pgTable(
  'points_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pointsChange: integer().notNull(),
    reason: text().notNull(),
    currentTotal: integer().notNull(),
    /** Makes a credit or debit happen once: the same key for the same user is written at most once. */
    idempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_history_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('points_history_user_key_idx').on(t.userId, t.idempotencyKey),
    check('points_history_total_non_negative', sql`${t.currentTotal} >= 0`),
  ],
);

export const paymentStatus = ['pending', 'processing', 'success', 'failed', 'refund'] as const;

export const cryptoPayments = pgTable(
  'crypto_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text({ enum: ['premium', 'vip'] }).notNull(),
    period: text({ enum: ['monthly', 'yearly'] }).notNull(),
    chain: text().notNull(),
    token: text().notNull(), // e.g. USDT
    amount: doublePrecision().notNull(),
    toAddress: text().notNull(),
    txHash: text().unique(),
    status: text({ enum: paymentStatus }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crypto_payments_user_idx').on(t.userId)],
);

export const paymentHistory = pgTable(
  'payment_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text({ enum: ['crypto', 'card', 'wallet'] }).notNull(),
    plan: text({ enum: ['premium', 'vip'] }).notNull(),
    period: text({ enum: ['monthly', 'yearly'] }).notNull(),
    amount: doublePrecision().notNull(),
    currency: text().notNull(),
    status: text({ enum: paymentStatus }).notNull(),
    externalRef: text(), // Stripe session id or crypto payment id
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_history_user_idx').on(t.userId, t.createdAt.desc())],
);
