import type { CheckoutBody, CheckoutResponse, ReturnResponse } from '../../../shared/api/payments-checkout.schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { changePaymentState, createPayment, toPayment } from './payment-ledger.service.ts';
import { type PaymentRow, selectPaymentById, selectPaymentByRef, updatePayment } from './payments.queries.ts';
import { priceOf, stripeMethodsOf, toAmountText, toFen } from './plan-prices.service.ts';
import type { StripeClient } from './stripe-client.ts';

const appUrlOf = (config: Config) => (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/** Stripe's message for a failed call (shown after "Payment Failed:"), never a stack. */
export const stripeReason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 300) || 'unknown error';

/**
 * Records a pending payment and opens a Stripe Checkout session for it (mode payment, CNY, the configured price, one
 * payment method). The session id becomes the payment's provider reference; the payment id rides in the session's
 * and the payment intent's metadata, so every webhook finds its payment. A refused session fails the payment.
 */
export async function startCheckout(
  db: Db,
  config: Config,
  stripe: StripeClient | null,
  userId: string,
  body: CheckoutBody,
): Promise<CheckoutResponse> {
  if (!stripe || !stripeMethodsOf(config).includes(body.method)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
  const yuan = priceOf(config, body.plan, body.period);
  const payment = await createPayment(db, {
    userId,
    plan: body.plan,
    period: body.period,
    method: body.method,
    provider: 'stripe',
    amount: toAmountText(yuan),
    currency: 'CNY',
  });
  const appUrl = appUrlOf(config);
  const metadata = { payment_id: payment.id, plan: body.plan, period: body.period };
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // This API version filters Stripe's dynamic methods (payment_method_types is gone from session creation).
        allowed_payment_method_types: [body.method],
        ...(body.method === 'wechat_pay' ? { payment_method_options: { wechat_pay: { client: 'web' } } } : {}),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'cny',
              unit_amount: toFen(yuan),
              product_data: { name: `HeatRank ${body.plan} (${body.period})` },
            },
          },
        ],
        client_reference_id: payment.id,
        metadata,
        payment_intent_data: { metadata },
        success_url: `${appUrl}/membership/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/membership?cancelled=1`,
      },
      { idempotencyKey: `checkout-${payment.id}` },
    );
    if (!session.url) throw new Error('Stripe returned no Checkout URL');
    await updatePayment(db, payment.id, { providerRef: session.id, updatedAt: new Date() });
    return { paymentId: payment.id, url: session.url };
  } catch (error) {
    const reason = stripeReason(error);
    await changePaymentState(db, payment.id, { state: 'failed', failureReason: reason });
    throw new AppError('PAYMENT_PROVIDER_FAILED', { reason });
  }
}

/**
 * Asks Stripe about an open payment's session and applies what it says (paid → success, expired → failed) through the
 * ledger, which makes this and the webhook idempotent together: the buyer who returns before the webhook, or to a
 * server whose webhook is misconfigured, still gets the plan. Stripe unreachable → the stored state stands.
 */
async function syncFromStripe(db: Db, stripe: StripeClient, row: PaymentRow): Promise<PaymentRow> {
  try {
    const session = await stripe.checkout.sessions.retrieve(row.providerRef!, {
      expand: ['payment_intent.latest_charge'],
    });
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    if (session.status === 'complete' && session.payment_status !== 'unpaid') {
      await changePaymentState(db, row.id, { state: 'success', receiptUrl: charge?.receipt_url ?? null });
    } else if (session.status === 'expired') {
      await changePaymentState(db, row.id, { state: 'failed', failureReason: 'PAYMENT_SESSION_EXPIRED' });
    } else {
      return row;
    }
  } catch {
    return row;
  }
  return (await selectPaymentById(db, row.id)) ?? row;
}

/**
 * The return page's payment: the caller's own only (another user's session id reads as not found). While it is open,
 * Stripe is asked directly too (syncFromStripe).
 */
export async function readReturn(
  db: Db,
  stripe: StripeClient | null,
  userId: string,
  sessionId: string,
): Promise<ReturnResponse> {
  const row = await selectPaymentByRef(db, 'stripe', sessionId);
  if (!row || row.userId !== userId) throw new AppError('PAYMENT_NOT_FOUND');
  const open = row.state === 'pending' || row.state === 'processing';
  return { payment: toPayment(open && stripe ? await syncFromStripe(db, stripe, row) : row) };
}
