import type {
  BillingPeriod,
  PaidPlan,
  Payment,
  PaymentMethod,
  PaymentProvider,
  PaymentState,
} from '../../../shared/api/payments.schema.ts';
import { derivePaidPlan } from '../../../shared/membership/plan-periods.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import {
  insertPayment,
  lockPayment,
  lockProfileForPlan,
  type PaymentRow,
  selectPaymentById,
  selectSuccessfulPayments,
  updatePaidPlan,
  updatePayment,
  writePeriods,
} from './payments.queries.ts';

/**
 * The payment ledger: every method (Stripe, on-chain, an admin's refund) moves a payment through these functions, and
 * the paid plan on the profile is re-derived from the successful payments in the same transaction (docs/payments.md).
 */

/** Allowed moves; anything else is refused (a webhook for a refunded payment cannot make it a success again). */
const NEXT: Record<PaymentState, readonly PaymentState[]> = {
  pending: ['processing', 'success', 'failed'],
  processing: ['processing', 'success', 'failed'],
  success: ['refund'],
  failed: [],
  refund: [],
};

export function toPayment(row: PaymentRow): Payment {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: row.id,
    userId: row.userId,
    plan: row.plan,
    period: row.period,
    method: row.method,
    provider: row.provider,
    amount: row.amount,
    currency: row.currency,
    state: row.state,
    failureReason: row.failureReason,
    receiptUrl: row.receiptUrl,
    explorerUrl: row.explorerUrl,
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type NewPayment = {
  userId: string;
  plan: PaidPlan;
  period: BillingPeriod;
  method: PaymentMethod;
  provider: PaymentProvider;
  /** A Checkout session id, a transaction hash: unique per provider (a second insert with it fails). */
  providerRef?: string;
  amount: string;
  currency: string;
};

/** Records a purchase as pending. Pass the caller's transaction when other rows go with it. */
export async function createPayment(db: Db, input: NewPayment, now = new Date()): Promise<Payment> {
  const row = await insertPayment(db, { ...input, state: 'pending', createdAt: now, updatedAt: now });
  return toPayment(row);
}

export type PaymentChange = {
  state: PaymentState;
  failureReason?: string | null;
  providerRef?: string;
  receiptUrl?: string | null;
  explorerUrl?: string | null;
  /** When the money arrived (default: now); orders the plan's extensions. */
  paidAt?: Date;
};

/**
 * Moves a payment to `change.state` under the owner's and the payment's row locks. Idempotent: a payment already in
 * that state (a webhook delivered twice, two instances checking one transfer) is returned unchanged with
 * `changed: false`. A success or a refund re-derives the owner's paid plan in the same transaction. An impossible move
 * throws AppError PAYMENT_STATE_CONFLICT; a missing payment NOT_FOUND. Runs in its own transaction unless `tx` given.
 */
export async function changePaymentState(
  db: Db,
  id: string,
  change: PaymentChange,
  now = new Date(),
): Promise<{ payment: Payment; changed: boolean }> {
  return withTransaction(db, async (tx) => {
    // The owner never changes: read it unlocked, then lock the profile before the payment. Every writer of one
    // user's plan takes the same order (profile, then payments), so two payments of one user cannot deadlock.
    const owner = await selectPaymentById(tx, id);
    if (!owner) throw new AppError('NOT_FOUND');
    await lockProfileForPlan(tx, owner.userId);
    const current = (await lockPayment(tx, id))!;
    if (current.state === change.state && change.state !== 'processing') {
      return { payment: toPayment(current), changed: false };
    }
    if (!NEXT[current.state].includes(change.state)) {
      throw new AppError('PAYMENT_STATE_CONFLICT', { from: current.state, to: change.state });
    }
    await updatePayment(tx, id, {
      state: change.state,
      updatedAt: now,
      ...(change.failureReason !== undefined ? { failureReason: change.failureReason } : {}),
      ...(change.providerRef !== undefined ? { providerRef: change.providerRef } : {}),
      ...(change.receiptUrl !== undefined ? { receiptUrl: change.receiptUrl } : {}),
      ...(change.explorerUrl !== undefined ? { explorerUrl: change.explorerUrl } : {}),
      ...(change.state === 'success' ? { paidAt: change.paidAt ?? now } : {}),
    });
    if (change.state === 'success' || change.state === 'refund') await rederivePaidPlan(tx, current.userId);
    const updated = (await lockPayment(tx, id))!;
    return { payment: toPayment(updated), changed: true };
  });
}

/**
 * The owner's paid plan from their successful payments (shared/membership/plan-periods.ts): user_profiles'
 * membership_level and membership_expires_at, and each payment's period. Call inside a transaction holding the
 * profile lock.
 */
export async function rederivePaidPlan(tx: Db, userId: string): Promise<void> {
  const successful = await selectSuccessfulPayments(tx, userId);
  const state = derivePaidPlan(successful.map((row) => ({ ...row, paidAt: row.paidAt! })));
  await writePeriods(tx, userId, state.periods);
  await updatePaidPlan(tx, userId, state.plan ?? 'free', state.expiresAt);
}
