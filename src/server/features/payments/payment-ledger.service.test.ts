import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { computeEffectiveLevel } from '../../../shared/membership/level.ts';
import { addMonths } from '../../../shared/membership/plan-periods.ts';
import { userProfiles, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { ensureProfile } from '../auth/auth.service.ts';
import { changePoints } from '../points/points.service.ts';
import { changePaymentState, createPayment, type NewPayment } from './payment-ledger.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
});
afterAll(() => t.close());

let n = 0;
async function newUser() {
  n += 1;
  const [user] = await t.db
    .insert(users)
    .values({ email: `payer-${n}@example.com`, emailVerifiedAt: new Date() })
    .returning();
  await ensureProfile(t.db, user!, {}, new Date());
  return user!.id;
}
const profileOf = async (userId: string) =>
  (await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId)))[0]!;
const purchase = (userId: string, extra: Partial<NewPayment> = {}): NewPayment => ({
  userId,
  plan: 'premium',
  period: 'monthly',
  method: 'card',
  provider: 'stripe',
  amount: '68.00',
  currency: 'CNY',
  ...extra,
});

describe('the payment ledger', () => {
  test('a success sets the plan and its expiry; the same success again changes nothing', async () => {
    const userId = await newUser();
    const paidAt = new Date('2026-11-01T00:00:00Z');
    const payment = await createPayment(t.db, purchase(userId, { providerRef: 'cs_1' }));

    const first = await changePaymentState(t.db, payment.id, { state: 'success', paidAt });
    const again = await changePaymentState(t.db, payment.id, { state: 'success', paidAt: new Date() });

    expect(first.changed).toBe(true);
    expect(again.changed).toBe(false);
    const profile = await profileOf(userId);
    expect(profile.membershipLevel).toBe('premium');
    expect(profile.membershipExpiresAt?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(first.payment).toMatchObject({ periodStart: paidAt.toISOString(), periodEnd: '2026-12-01T00:00:00.000Z' });
  });

  test('a refund removes the paid period: the level falls back to the points level', async () => {
    const userId = await newUser();
    await changePoints(t.db, { userId, change: 1_200, reason: 'admin.adjust' }); // premium by points
    const now = new Date();
    const monthly = await createPayment(t.db, purchase(userId, { plan: 'vip', amount: '198.00' }));
    const yearly = await createPayment(t.db, purchase(userId, { plan: 'vip', period: 'yearly', amount: '1980.00' }));
    await changePaymentState(t.db, monthly.id, { state: 'success', paidAt: now });
    await changePaymentState(t.db, yearly.id, { state: 'success', paidAt: new Date(now.getTime() + 1_000) });
    expect((await profileOf(userId)).membershipExpiresAt?.getTime()).toBe(addMonths(addMonths(now, 1), 12).getTime());

    const refunded = await changePaymentState(t.db, yearly.id, { state: 'refund' });
    expect(refunded.payment).toMatchObject({ state: 'refund', periodStart: null, periodEnd: null });
    expect((await profileOf(userId)).membershipExpiresAt?.getTime()).toBe(addMonths(now, 1).getTime());

    await changePaymentState(t.db, monthly.id, { state: 'refund' });
    const profile = await profileOf(userId);
    expect(profile).toMatchObject({ membershipLevel: 'free', membershipExpiresAt: null });
    const level = computeEffectiveLevel(
      { points: profile.points, paidLevel: profile.membershipLevel, paidExpiresAt: profile.membershipExpiresAt },
      new Date(),
    );
    expect(level).toBe('premium');
  });

  test('impossible moves are refused: a failed payment never succeeds, a refund never turns back', async () => {
    const userId = await newUser();
    const failed = await createPayment(t.db, purchase(userId));
    await changePaymentState(t.db, failed.id, { state: 'failed', failureReason: 'card_declined' });
    await expect(changePaymentState(t.db, failed.id, { state: 'success' })).rejects.toMatchObject({
      code: 'PAYMENT_STATE_CONFLICT',
    });
    await expect(
      changePaymentState(t.db, '00000000-0000-0000-0000-000000000000', { state: 'success' }),
    ).rejects.toThrow(AppError);
    expect((await profileOf(userId)).membershipLevel).toBe('free');
  });

  test('50 parallel confirmations of one payment extend the plan once', async () => {
    const userId = await newUser();
    const payment = await createPayment(t.db, purchase(userId));
    const paidAt = new Date('2026-11-10T00:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => changePaymentState(t.db, payment.id, { state: 'success', paidAt })),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect((await profileOf(userId)).membershipExpiresAt?.toISOString()).toBe('2026-12-10T00:00:00.000Z');
  });

  test('50 parallel payments of one user each add their month: none is lost', async () => {
    const userId = await newUser();
    const payments = await Promise.all(Array.from({ length: 50 }, () => createPayment(t.db, purchase(userId))));
    const paidAt = new Date('2026-01-15T00:00:00Z');
    await Promise.all(payments.map((p) => changePaymentState(t.db, p.id, { state: 'success', paidAt })));
    expect((await profileOf(userId)).membershipExpiresAt?.toISOString()).toBe(addMonths(paidAt, 50).toISOString());
  });
});
