import type { Payment } from '../../../shared/api/payments.schema.ts';
import type {
  AdminPaymentsQuery,
  AdminPaymentsResponse,
  AdminRefundResponse,
} from '../../../shared/api/payments-checkout.schema.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { changePaymentState, toPayment } from './payment-ledger.service.ts';
import { selectPaymentById } from './payments.queries.ts';
import { selectAdminPaymentsPage, selectUserEmail } from './payments-admin.queries.ts';
import { stripeReason } from './stripe-checkout.service.ts';
import type { StripeClient } from './stripe-client.ts';

export async function listAdminPayments(db: Db, query: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
  const rows = await selectAdminPaymentsPage(db, query.limit + 1, query.before ? new Date(query.before) : undefined);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({ ...toPayment(row.payment), userEmail: row.userEmail })),
    nextBefore: rows.length > query.limit && last ? last.payment.createdAt.toISOString() : null,
  };
}

/** Sends a Stripe payment's refund to Stripe (the whole payment intent); Stripe's refusal is the admin's message. */
async function refundAtStripe(stripe: StripeClient | null, sessionId: string | null) {
  if (!stripe || !sessionId) throw new AppError('PAYMENT_PROVIDER_FAILED', { reason: 'Stripe is not configured' });
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error('the Checkout session has no payment intent');
    await stripe.refunds.create({
      payment_intent: intent,
      metadata: { payment_id: session.metadata?.payment_id ?? '' },
    });
  } catch (error) {
    throw new AppError('PAYMENT_PROVIDER_FAILED', { reason: stripeReason(error) });
  }
}

/**
 * An admin's refund of a successful payment. A Stripe payment is refunded at Stripe first (its charge.refunded webhook
 * later finds the payment already refunded); any other is only recorded (`sentToProvider: false`: the money goes back
 * by hand). The state change, the plan's re-derivation and the audit entry commit together.
 */
export async function refundPayment(
  db: Db,
  stripe: StripeClient | null,
  actor: AdminActor,
  id: string,
): Promise<AdminRefundResponse> {
  const before = await selectPaymentById(db, id);
  if (!before) throw new AppError('PAYMENT_NOT_FOUND');
  if (before.state !== 'success') {
    throw new AppError('PAYMENT_STATE_CONFLICT', { from: before.state, to: 'refund' });
  }
  const sentToProvider = before.provider === 'stripe';
  if (sentToProvider) await refundAtStripe(stripe, before.providerRef);
  const payment: Payment = await withTransaction(db, async (tx) => {
    const { payment: after } = await changePaymentState(tx, id, { state: 'refund' });
    await recordAdminAction(tx, {
      actor,
      action: sentToProvider ? 'payment.refund' : 'payment.refund-recorded',
      entity: 'payment',
      entityId: id,
      before: { state: before.state, periodEnd: before.periodEnd?.toISOString() ?? null },
      after: { state: after.state, sentToProvider },
    });
    return after;
  });
  return { payment: { ...payment, userEmail: await selectUserEmail(db, payment.userId) }, sentToProvider };
}
