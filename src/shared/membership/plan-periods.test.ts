import { describe, expect, test } from 'vitest';
import { DAY_MS } from '../time/duration.ts';
import { addMonths, derivePaidPlan, PLAN_VALUE } from './plan-periods.ts';

const at = (iso: string) => new Date(iso);

describe('paid plan from successful payments', () => {
  test('calendar months: 31 January + 1 month is the end of February; a year is twelve months', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(at('2026-03-15T00:00:00Z'), 12).toISOString()).toBe('2027-03-15T00:00:00.000Z');
  });

  test('no payments: no plan', () => {
    expect(derivePaidPlan([])).toEqual({ plan: null, expiresAt: null, periods: [] });
  });

  test('a second payment for the running plan extends it from its expiry, not from the payment', () => {
    const state = derivePaidPlan([
      { id: 'a', plan: 'premium', period: 'monthly', paidAt: at('2026-01-10T00:00:00Z') },
      { id: 'b', plan: 'premium', period: 'yearly', paidAt: at('2026-01-20T00:00:00Z') },
    ]);
    expect(state.plan).toBe('premium');
    expect(state.expiresAt?.toISOString()).toBe('2027-02-10T00:00:00.000Z');
    expect(state.periods[1]).toEqual({ id: 'b', start: at('2026-02-10T00:00:00Z'), end: at('2027-02-10T00:00:00Z') });
  });

  test('after an expiry a payment starts afresh; the order of the input does not matter', () => {
    const payments = [
      { id: 'b', plan: 'vip' as const, period: 'monthly' as const, paidAt: at('2026-06-01T00:00:00Z') },
      { id: 'a', plan: 'premium' as const, period: 'monthly' as const, paidAt: at('2026-01-01T00:00:00Z') },
    ];
    const state = derivePaidPlan(payments);
    expect(state).toMatchObject({ plan: 'vip', expiresAt: at('2026-07-01T00:00:00Z') });
    expect(derivePaidPlan([...payments].reverse())).toEqual(state);
  });

  test('an upgrade starts at once and converts the unused lower-plan time by value; a downgrade converts too', () => {
    const upgraded = derivePaidPlan([
      { id: 'a', plan: 'premium', period: 'monthly', paidAt: at('2026-04-01T00:00:00Z') },
      { id: 'b', plan: 'vip', period: 'monthly', paidAt: at('2026-04-11T00:00:00Z') }, // 20 premium days unused
    ]);
    const converted = Math.floor((20 * DAY_MS * PLAN_VALUE.premium) / PLAN_VALUE.vip);
    expect(upgraded.plan).toBe('vip');
    expect(upgraded.expiresAt?.getTime()).toBe(at('2026-05-11T00:00:00Z').getTime() + converted);

    const downgraded = derivePaidPlan([
      { id: 'a', plan: 'vip', period: 'monthly', paidAt: at('2026-04-01T00:00:00Z') },
      { id: 'b', plan: 'premium', period: 'monthly', paidAt: at('2026-04-11T00:00:00Z') },
    ]);
    const premiumMonth = at('2026-05-11T00:00:00Z').getTime() - at('2026-04-11T00:00:00Z').getTime();
    expect(downgraded.plan).toBe('vip');
    expect(downgraded.expiresAt?.getTime()).toBe(
      at('2026-05-01T00:00:00Z').getTime() + Math.floor((premiumMonth * PLAN_VALUE.premium) / PLAN_VALUE.vip),
    );
  });
});
