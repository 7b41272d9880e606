import type { BillingPeriod, PaidPlan } from '../../../shared/api/payments.schema.ts';
import type { PlanPrice, PlansResponse, StripeMethod } from '../../../shared/api/payments-checkout.schema.ts';
import type { Config } from '../../config.ts';

/** The configured CNY price of a plan and period, as yuan (a number with at most two decimals). */
export function priceOf(config: Config, plan: PaidPlan, period: BillingPeriod): number {
  const prices: Record<PaidPlan, Record<BillingPeriod, number>> = {
    premium: { monthly: config.PRICE_PREMIUM_MONTHLY_CNY, yearly: config.PRICE_PREMIUM_YEARLY_CNY },
    vip: { monthly: config.PRICE_VIP_MONTHLY_CNY, yearly: config.PRICE_VIP_YEARLY_CNY },
  };
  return prices[plan][period];
}

/** Yuan as the ledger's decimal text ("68.00"). */
export const toAmountText = (yuan: number) => yuan.toFixed(2);

/** Yuan in fen, Stripe's unit for CNY. */
export const toFen = (yuan: number) => Math.round(yuan * 100);

/** The Stripe methods on offer: none without both keys (a checkout whose webhook cannot be verified would never end). */
export function stripeMethodsOf(config: Config): StripeMethod[] {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return [];
  return [...new Set(config.STRIPE_METHODS)];
}

export function listPlans(config: Config): PlansResponse {
  const prices: PlanPrice[] = [];
  for (const plan of ['premium', 'vip'] as const) {
    for (const period of ['monthly', 'yearly'] as const) {
      prices.push({ plan, period, amount: toAmountText(priceOf(config, plan, period)) });
    }
  }
  return { currency: 'CNY', prices, stripeMethods: stripeMethodsOf(config) };
}
