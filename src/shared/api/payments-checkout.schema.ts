import { z } from 'zod';
import { BILLING_PERIODS, PAID_PLANS, PaymentSchema } from './payments.schema.ts';

/**
 * Card and wallet payments through Stripe Checkout, the plan prices and the admin's payments list. The
 * ledger's own types (states, methods, a payment row) are in payments.schema.ts.
 */
export const STRIPE_METHODS = ['card', 'alipay', 'wechat_pay'] as const;
export type StripeMethod = (typeof STRIPE_METHODS)[number];

export const PlanPriceSchema = z.object({
  plan: z.enum(PAID_PLANS),
  period: z.enum(BILLING_PERIODS),
  /** Decimal text in yuan ("68.00"). */
  amount: z.string(),
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

/** GET /api/payments/plans: the prices, and the Stripe methods on offer (none without Stripe keys). */
export const PlansResponseSchema = z.object({
  currency: z.literal('CNY'),
  prices: z.array(PlanPriceSchema),
  stripeMethods: z.array(z.enum(STRIPE_METHODS)),
});
export type PlansResponse = z.infer<typeof PlansResponseSchema>;

export const CheckoutBodySchema = z.object({
  plan: z.enum(PAID_PLANS),
  period: z.enum(BILLING_PERIODS),
  method: z.enum(STRIPE_METHODS),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** Where the browser goes next: Stripe's hosted Checkout page. */
export const CheckoutResponseSchema = z.object({ paymentId: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

export const ReturnQuerySchema = z.object({ session_id: z.string().min(1).max(300) });
export const ReturnResponseSchema = z.object({ payment: PaymentSchema });
export type ReturnResponse = z.infer<typeof ReturnResponseSchema>;

export const WebhookResponseSchema = z.object({ received: z.literal(true), applied: z.boolean() });

// --- admin
export const AdminPaymentSchema = PaymentSchema.extend({ userEmail: z.string().nullable() });
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

export const AdminPaymentsQuerySchema = z.object({
  /** The createdAt of the last row of the previous page. */
  before: z.iso.datetime().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentsResponseSchema = z.object({
  items: z.array(AdminPaymentSchema),
  nextBefore: z.string().nullable(),
});
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponseSchema>;

export const PaymentParamsSchema = z.object({ id: z.uuid() });

/** POST /api/admin/payments/:id/refund. `sentToProvider`: false when the refund is only recorded (not a Stripe one). */
export const AdminRefundResponseSchema = z.object({ payment: AdminPaymentSchema, sentToProvider: z.boolean() });
export type AdminRefundResponse = z.infer<typeof AdminRefundResponseSchema>;
