import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The payment ledger (spec payment_history): one row per purchase, whatever the method. A row's state moves
 * pending → processing → success | failed, and success → refund. The paid plan on user_profiles is derived from the
 * successful rows (shared/membership/plan-periods.ts), in the same transaction, so a refund or a duplicate webhook can
 * never leave it wrong. `provider_ref` (a Checkout session id, a transaction hash) is unique per provider.
 */
export const paymentHistory = pgTable(
  'payment_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text({ enum: ['premium', 'vip'] }).notNull(),
    period: text({ enum: ['monthly', 'yearly'] }).notNull(),
    method: text({ enum: ['card', 'alipay', 'wechat_pay', 'crypto'] }).notNull(),
    provider: text({ enum: ['stripe', 'crypto', 'admin'] }).notNull(),
    providerRef: text(),
    /** Decimal text in the currency's units (CNY yuan, USDT): exact, never a float. */
    amount: text().notNull(),
    currency: text().notNull(),
    state: text({ enum: ['pending', 'processing', 'success', 'failed', 'refund'] })
      .notNull()
      .default('pending'),
    failureReason: text(),
    receiptUrl: text(),
    explorerUrl: text(),
    /** When it succeeded: successful payments extend the plan in this order. */
    paidAt: timestamp({ withTimezone: true }),
    /** The membership time it bought (derived; null unless it is a success). */
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_history_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('payment_history_provider_ref_idx').on(t.provider, t.providerRef),
    index('payment_history_open_idx').on(t.state).where(sql`${t.state} IN ('pending', 'processing')`),
    check('payment_history_paid_at', sql`${t.state} NOT IN ('success', 'refund') OR ${t.paidAt} IS NOT NULL`),
  ],
);

/** Provider events already applied (a Stripe webhook's event id): a redelivered event finds its row and does nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  provider: text({ enum: ['stripe', 'crypto'] }).notNull(),
  type: text().notNull(),
  paymentId: uuid().references(() => paymentHistory.id, { onDelete: 'set null' }),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A stablecoin transfer submitted for a payment (spec crypto_payments): what the server expects (chain, token contract,
 * recipient, amount in the token's base units) and what it found on-chain. One row per payment; a transaction hash is
 * used once, ever (unique), so a hash submitted twice credits once.
 */
export const cryptoPayments = pgTable('crypto_payments', {
  paymentId: uuid()
    .primaryKey()
    .references(() => paymentHistory.id, { onDelete: 'cascade' }),
  chainId: integer().notNull(),
  token: text({ enum: ['USDT', 'USDC'] }).notNull(),
  tokenAddress: text().notNull(),
  toAddress: text().notNull(),
  /** The price in the token's base units (integer text: 6 decimals for USDT and USDC). */
  amountUnits: text().notNull(),
  /** Lower-case 0x hash; unique across all payments. */
  txHash: text().unique(),
  fromAddress: text(),
  blockNumber: text(),
  confirmations: integer().notNull().default(0),
  checkedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
