import type { BillingPeriod, PaidPlan } from '../api/payments.schema.ts';
import { PERIOD_MONTHS } from '../api/payments.schema.ts';

/**
 * The paid plan a user holds, derived from their successful payments alone (replayed in the order they were paid), so
 * a refund, a late webhook or a duplicate can be applied by replaying again — never by editing a date by hand.
 *
 * Rules (ours: the spec names the periods and an expiry, not what happens when purchases overlap):
 * - a payment while no plan runs starts at its payment time;
 * - a payment for the plan that runs extends it from its current expiry;
 * - a payment for a higher plan starts at once, and the lower plan's unused time is converted into higher-plan time
 *   by the plans' relative value (nothing paid is lost);
 * - a payment for a lower plan while a higher one runs is converted into higher-plan time the same way.
 */
export type PaidPeriodInput = { id: string; plan: PaidPlan; period: BillingPeriod; paidAt: Date };
export type PaidPeriod = { id: string; start: Date; end: Date };
export type PaidPlanState = { plan: PaidPlan | null; expiresAt: Date | null; periods: PaidPeriod[] };

/** Relative value of a plan's time (the default monthly prices, ¥68 and ¥198): used only to convert between plans. */
export const PLAN_VALUE: Record<PaidPlan, number> = { premium: 68, vip: 198 };

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  // 31 January + 1 month = 28/29 February (the last day of the shorter month), not 3 March.
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function derivePaidPlan(payments: readonly PaidPeriodInput[]): PaidPlanState {
  const ordered = [...payments].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime() || a.id.localeCompare(b.id));
  let plan: PaidPlan | null = null;
  let expiresAt: Date | null = null;
  const periods: PaidPeriod[] = [];
  for (const payment of ordered) {
    const at = payment.paidAt;
    const bought = addMonths(at, PERIOD_MONTHS[payment.period]).getTime() - at.getTime();
    const running = plan !== null && expiresAt !== null && expiresAt.getTime() > at.getTime();
    if (!running || plan === null || expiresAt === null) {
      plan = payment.plan;
      expiresAt = addMonths(at, PERIOD_MONTHS[payment.period]);
      periods.push({ id: payment.id, start: at, end: expiresAt });
    } else if (payment.plan === plan) {
      const start: Date = expiresAt;
      expiresAt = addMonths(start, PERIOD_MONTHS[payment.period]);
      periods.push({ id: payment.id, start, end: expiresAt });
    } else if (PLAN_VALUE[payment.plan] > PLAN_VALUE[plan]) {
      const unused = expiresAt.getTime() - at.getTime();
      const converted = Math.floor((unused * PLAN_VALUE[plan]) / PLAN_VALUE[payment.plan]);
      plan = payment.plan;
      expiresAt = new Date(at.getTime() + bought + converted);
      periods.push({ id: payment.id, start: at, end: expiresAt });
    } else {
      const converted = Math.floor((bought * PLAN_VALUE[payment.plan]) / PLAN_VALUE[plan]);
      const start: Date = expiresAt;
      expiresAt = new Date(start.getTime() + converted);
      periods.push({ id: payment.id, start, end: expiresAt });
    }
  }
  return { plan, expiresAt, periods };
}
