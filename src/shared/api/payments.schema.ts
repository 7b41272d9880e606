import { z } from 'zod';

/**
 * Payments: plans bought by card or wallet (Stripe Checkout) or by stablecoin on-chain. Spec §3/§4: payment
 * methods cryptocurrency, credit card and a wallet-style online payment; periods monthly and yearly with an expiry;
 * states pending, processing, success, failed, refund; tables crypto_payments and payment_history.
 */
export const PAID_PLANS = ['premium', 'vip'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** card, Alipay and WeChat Pay go through Stripe Checkout; crypto is a stablecoin transfer verified on-chain. */
export const PAYMENT_METHODS = ['card', 'alipay', 'wechat_pay', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'crypto', 'admin'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_STATES = ['pending', 'processing', 'success', 'failed', 'refund'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** How long a period buys: calendar months, so a plan bought on 31 January runs to the end of February. */
export const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

/** One row of the payment history (GET /api/me/payments, the admin's list). Amounts are decimal strings. */
export const PaymentSchema = z.object({
  id: z.string(),
  userId: z.string(),
  plan: z.enum(PAID_PLANS),
  period: z.enum(BILLING_PERIODS),
  method: z.enum(PAYMENT_METHODS),
  provider: z.enum(PAYMENT_PROVIDERS),
  amount: z.string(),
  currency: z.string(),
  state: z.enum(PAYMENT_STATES),
  failureReason: z.string().nullable(),
  /** Stripe's receipt page, when there is one. */
  receiptUrl: z.string().nullable(),
  /** The transaction on a block explorer (crypto). */
  explorerUrl: z.string().nullable(),
  /** The membership time this payment bought; null until it succeeded (and after a refund). */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentListResponseSchema = z.object({ items: z.array(PaymentSchema) });
