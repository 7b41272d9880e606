import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { claimPaymentEvent } from './payment-events.queries.ts';
import { changePaymentState, type PaymentChange } from './payment-ledger.service.ts';
import { lockProfileForPlan, selectPaymentById, selectPaymentByRef, updatePayment } from './payments.queries.ts';
import type { StripeClient } from './stripe-client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A payment id an event names, checked: a signed event naming a malformed id is refused (400), never queried. */
function paymentIdIn(value: string | null | undefined, field: string): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (!UUID.test(value)) throw new AppError('STRIPE_EVENT_INVALID', { field });
  return value;
}

type Action = { paymentId: string; change: PaymentChange } | { paymentId: string; noteFailure: string } | null;

/** Our payment of a Checkout session: its metadata, else its id as our provider reference. */
async function paymentOfSession(db: Db, session: Stripe.Checkout.Session): Promise<string | undefined> {
  const fromMetadata =
    paymentIdIn(session.metadata?.payment_id, 'metadata.payment_id') ??
    paymentIdIn(session.client_reference_id, 'client_reference_id');
  if (fromMetadata && (await selectPaymentById(db, fromMetadata))) return fromMetadata;
  return (await selectPaymentByRef(db, 'stripe', session.id))?.id;
}

/** Our payment of a payment intent: its metadata (set through payment_intent_data when the session was made). */
async function paymentOfIntent(stripe: StripeClient, intent: string | Stripe.PaymentIntent | null) {
  if (!intent) return undefined;
  const object = typeof intent === 'string' ? await stripe.paymentIntents.retrieve(intent) : intent;
  return paymentIdIn(object.metadata?.payment_id, 'payment_intent.metadata.payment_id');
}

/** The Stripe receipt of a paid session, if Stripe has one (best effort: a missing receipt never blocks the plan). */
async function receiptOf(stripe: StripeClient, sessionId: string): Promise<string | null> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
    const intent = session.payment_intent;
    const charge = typeof intent === 'object' && intent ? intent.latest_charge : null;
    return typeof charge === 'object' && charge ? (charge.receipt_url ?? null) : null;
  } catch {
    return null;
  }
}

/** What an event means for our ledger (reads Stripe for the receipt and a refund's payment; no writes). */
async function actionOf(db: Db, stripe: StripeClient, event: Stripe.Event): Promise<Action> {
  const paidAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const paymentId = await paymentOfSession(db, session);
      if (!paymentId) return null;
      if (session.payment_status === 'unpaid') return { paymentId, change: { state: 'processing' } };
      return { paymentId, change: { state: 'success', paidAt, receiptUrl: await receiptOf(stripe, session.id) } };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const paymentId = await paymentOfSession(db, session);
      const reason = event.type === 'checkout.session.expired' ? 'PAYMENT_SESSION_EXPIRED' : 'PAYMENT_DECLINED';
      return paymentId ? { paymentId, change: { state: 'failed', failureReason: reason } } : null;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      if (!charge.refunded) return null; // a partial refund keeps the plan
      const paymentId =
        paymentIdIn(charge.metadata?.payment_id, 'metadata.payment_id') ??
        (await paymentOfIntent(stripe, charge.payment_intent));
      return paymentId ? { paymentId, change: { state: 'refund' } } : null;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const paymentId = paymentIdIn(intent.metadata?.payment_id, 'metadata.payment_id');
      const reason = intent.last_payment_error?.message ?? 'PAYMENT_DECLINED';
      return paymentId ? { paymentId, noteFailure: reason } : null;
    }
    default:
      return null;
  }
}

/**
 * Applies one verified Stripe event, once: its id is claimed in payment_events in the same transaction as the state
 * change, so a redelivered (or concurrently delivered) event changes nothing. A failed attempt inside an open Checkout
 * session (payment_intent.payment_failed) only records the reason: the buyer may still retry on Stripe's page, and
 * the session's expiry or async failure ends the payment as failed. A move the ledger refuses (a late event for a
 * refunded payment) is recorded as seen and ignored.
 */
export async function applyStripeEvent(db: Db, stripe: StripeClient, event: Stripe.Event): Promise<boolean> {
  const action = await actionOf(db, stripe, event);
  return withTransaction(db, async (tx) => {
    const payment = action ? await selectPaymentById(tx, action.paymentId) : undefined;
    // The owner's profile first, as every writer of a plan does: the event row below takes a key-share lock on the
    // payment (its foreign key), and a concurrent event's state change would then wait on it while holding the
    // profile — a deadlock on PostgreSQL when Stripe delivers several events of one payment together.
    if (payment) await lockProfileForPlan(tx, payment.userId);
    const paymentId = payment?.id ?? null;
    const claimed = await claimPaymentEvent(tx, { id: event.id, provider: 'stripe', type: event.type, paymentId });
    if (!claimed || !action || !paymentId) return false;
    if ('noteFailure' in action) {
      if (payment?.state !== 'pending' && payment?.state !== 'processing') return false;
      await updatePayment(tx, paymentId, { failureReason: action.noteFailure, updatedAt: new Date() });
      return true;
    }
    try {
      return (await changePaymentState(tx, paymentId, action.change)).changed;
    } catch (error) {
      if (error instanceof AppError && error.code === 'PAYMENT_STATE_CONFLICT') return false;
      throw error;
    }
  });
}
