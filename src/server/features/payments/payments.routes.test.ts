import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Payment } from '../../../shared/api/payments.schema.ts';
import type { CheckoutResponse } from '../../../shared/api/payments-checkout.schema.ts';
import { addMonths } from '../../../shared/membership/plan-periods.ts';
import { adminAudit, paymentEvents, paymentHistory, users } from '../../db/schema/index.ts';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../sources/testing/fake-stripe.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { changePoints } from '../points/points.service.ts';
import { changePaymentState, createPayment } from './payment-ledger.service.ts';

let t: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ catalogue: false, env: { ...fakeStripeEnv(fake), STRIPE_METHODS: 'card,alipay' } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let n = 0;
async function buyer() {
  n += 1;
  const email = `stripe-buyer-${n}@example.com`;
  const { agent, me } = await signUpAgent(t.app, email);
  return { agent, userId: me.user.id, email };
}
async function checkout(agent: Agent, body = { plan: 'premium', period: 'yearly', method: 'card' }) {
  const res = await agent.request({ method: 'POST', url: '/api/payments/checkout', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const out = res.json() as CheckoutResponse;
  return { ...out, sessionId: out.url.split('/pay/')[1]! };
}
const postWebhook = (event: object, secret?: string) => {
  const { payload, headers } = fake.signed(event, secret);
  return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers });
};
const paymentRow = async (id: string) =>
  (await t.db.select().from(paymentHistory).where(eq(paymentHistory.id, id)))[0]!;
const me = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/me' })).json();

describe('plans and checkout', () => {
  test('plans: the configured CNY prices and the Stripe methods on offer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'CNY',
      prices: [
        { plan: 'premium', period: 'monthly', amount: '68.00' },
        { plan: 'premium', period: 'yearly', amount: '680.00' },
        { plan: 'vip', period: 'monthly', amount: '198.00' },
        { plan: 'vip', period: 'yearly', amount: '1980.00' },
      ],
      stripeMethods: ['card', 'alipay'],
    });
  });

  test('without Stripe keys no method is offered and checkout refuses cleanly', async () => {
    const bare = await buildTestApp({ catalogue: false, env: { PRICE_PREMIUM_MONTHLY_CNY: '58.5' } });
    try {
      const plans = (await bare.app.inject({ method: 'GET', url: '/api/payments/plans' })).json();
      expect(plans.stripeMethods).toEqual([]);
      expect(plans.prices[0]).toEqual({ plan: 'premium', period: 'monthly', amount: '58.50' });
      const { agent } = await signUpAgent(bare.app, 'no-stripe@example.com');
      const res = await agent.request({
        method: 'POST',
        url: '/api/payments/checkout?lang=en',
        payload: { plan: 'premium', period: 'monthly', method: 'card' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    } finally {
      await bare.close();
    }
  });

  test('checkout: signed in only; a pending payment and a CNY session for the configured amount', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      payload: { plan: 'premium', period: 'yearly', method: 'card' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { agent, userId } = await buyer();
    const wechat = await agent.request({
      method: 'POST',
      url: '/api/payments/checkout',
      payload: { plan: 'vip', period: 'monthly', method: 'wechat_pay' },
    });
    expect(wechat.statusCode).toBe(409); // not in STRIPE_METHODS here

    const { paymentId, sessionId } = await checkout(agent);
    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: 68_000,
      currency: 'cny',
      allowed_payment_method_types: ['card'],
      metadata: { payment_id: paymentId, plan: 'premium', period: 'yearly' },
    });
    expect(session.success_url).toMatch(/\/membership\/return\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(await paymentRow(paymentId)).toMatchObject({
      userId,
      state: 'pending',
      providerRef: sessionId,
      amount: '680.00',
      currency: 'CNY',
      method: 'card',
    });
  });
});

describe('the Stripe webhook', () => {
  test('a bad signature is a 400 with the reason, and nothing changes', async () => {
    const { agent } = await buyer();
    const { paymentId, sessionId } = await checkout(agent);
    const event = fake.completedEvent(sessionId);

    const forged = await postWebhook(event, 'whsec_someone_else');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook?lang=en',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });

    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('STRIPE_SIGNATURE_INVALID');
    expect(forged.json().error.message).toMatch(/signature/i);
    expect(unsigned.statusCode).toBe(400);
    expect((await paymentRow(paymentId)).state).toBe('pending');
    expect((await me(agent)).membership.plan?.expiresAt ?? null).toBeNull();
    const events = await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    expect(events).toHaveLength(0);
  });

  test('the same event twice extends once; the return page shows the caller their success', async () => {
    const { agent } = await buyer();
    const { paymentId, sessionId } = await checkout(agent);
    const event = fake.completedEvent(sessionId);

    const first = await postWebhook(event);
    const again = await postWebhook(event);
    const concurrent = await Promise.all([postWebhook(event), postWebhook(event)]);

    expect(first.json()).toEqual({ received: true, applied: true });
    expect(again.json()).toEqual({ received: true, applied: false });
    expect(concurrent.map((res) => res.json().applied)).toEqual([false, false]);
    const row = await paymentRow(paymentId);
    expect(row.state).toBe('success');
    expect(row.receiptUrl).toMatch(/\/receipts\/ch_/);
    const account = await me(agent);
    expect(account.membership.level).toBe('premium');
    expect(new Date(account.membership.plan?.expiresAt).getTime()).toBe(addMonths(row.paidAt!, 12).getTime());

    const back = await agent.request({ method: 'GET', url: `/api/payments/return?session_id=${sessionId}` });
    expect(back.statusCode).toBe(200);
    expect(back.json().payment).toMatchObject({ id: paymentId, state: 'success', plan: 'premium', period: 'yearly' });
  });

  test('50 distinct events for one payment delivered at once: no 500, the plan applied once', async () => {
    const { agent } = await buyer();
    const { paymentId, sessionId } = await checkout(agent);
    const deliveries = await Promise.all(
      Array.from({ length: 50 }, (_, i) => postWebhook(fake.completedEvent(sessionId, `evt_burst_${paymentId}_${i}`))),
    );
    expect(deliveries.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(deliveries.filter((res) => res.json().applied)).toHaveLength(1);
    const row = await paymentRow(paymentId);
    expect(row.state).toBe('success');
    const account = await me(agent);
    expect(new Date(account.membership.plan?.expiresAt).getTime()).toBe(addMonths(row.paidAt!, 12).getTime());
  });

  test('a signed event naming a malformed payment id is a 400 in our words, and nothing changes', async () => {
    const { agent } = await buyer();
    const { paymentId, sessionId } = await checkout(agent);
    const event = fake.completedEvent(sessionId, 'evt_malformed_id') as {
      data: { object: { metadata: Record<string, string> } };
    };
    event.data.object.metadata = { payment_id: 'not-a-uuid\u0000' };
    const res = await postWebhook(event);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('STRIPE_EVENT_INVALID');
    expect((await paymentRow(paymentId)).state).toBe('pending');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_malformed_id'))).toEqual([]);
  });

  test("a bad signature's reason is ours, not the Stripe library's", async () => {
    const { payload, headers } = fake.signed({ id: 'evt_x', type: 'ping' }, 'whsec_wrong');
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook?lang=en', payload, headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).not.toMatch(/No signatures found|expected signature|stripe-node|github\.com/i);
  });

  test('a refund removes the period; the level falls back to the points level', async () => {
    const { agent, userId } = await buyer();
    await changePoints(t.db, { userId, change: 1_200, reason: 'admin.adjust' }); // premium by points
    const { paymentId, sessionId } = await checkout(agent, { plan: 'vip', period: 'monthly', method: 'alipay' });
    await postWebhook(fake.completedEvent(sessionId));
    expect((await me(agent)).membership.level).toBe('vip');

    const refunded = await postWebhook(fake.refundedEvent(sessionId));

    expect(refunded.json().applied).toBe(true);
    expect(await paymentRow(paymentId)).toMatchObject({ state: 'refund', periodStart: null, periodEnd: null });
    const account = await me(agent);
    expect(account.membership.plan?.expiresAt ?? null).toBeNull();
    expect(account.membership.level).toBe('premium');
  });

  test('a declined attempt records the reason; the session expiring fails the payment with it', async () => {
    const { agent } = await buyer();
    const { paymentId, sessionId } = await checkout(agent);
    const session = fake.sessions.get(sessionId)!;
    const declined = fake.event('payment_intent.payment_failed', {
      id: session.payment_intent,
      object: 'payment_intent',
      metadata: session.metadata,
      last_payment_error: { message: 'Your card was declined.' },
    });
    await postWebhook(declined);
    expect(await paymentRow(paymentId)).toMatchObject({ state: 'pending', failureReason: 'Your card was declined.' });

    await postWebhook(fake.event('checkout.session.expired', { ...session, status: 'expired' }));
    expect(await paymentRow(paymentId)).toMatchObject({ state: 'failed', failureReason: 'PAYMENT_SESSION_EXPIRED' });
    // A late completion of a failed payment is recorded as seen and changes nothing.
    const late = await postWebhook(fake.completedEvent(sessionId));
    expect(late.json()).toEqual({ received: true, applied: false });
    expect((await me(agent)).membership.plan?.expiresAt ?? null).toBeNull();
  });
});

describe('the return page without a webhook', () => {
  test('a paid session is applied when the buyer returns first; the webhook after it changes nothing', async () => {
    const { agent } = await buyer();
    const { paymentId, sessionId } = await checkout(agent);
    const before = await agent.request({ method: 'GET', url: `/api/payments/return?session_id=${sessionId}` });
    expect(before.json().payment.state).toBe('pending'); // still open at Stripe

    const event = fake.completedEvent(sessionId); // Stripe marks it paid; the webhook is not delivered yet
    const back = await agent.request({ method: 'GET', url: `/api/payments/return?session_id=${sessionId}` });

    expect(back.json().payment).toMatchObject({ id: paymentId, state: 'success' });
    expect(back.json().payment.receiptUrl).toMatch(/\/receipts\//);
    const expiresAt = (await me(agent)).membership.plan?.expiresAt ?? null;
    expect(expiresAt).not.toBeNull();
    expect((await postWebhook(event)).json()).toEqual({ received: true, applied: false });
    expect((await me(agent)).membership.plan?.expiresAt ?? null).toBe(expiresAt);
  });
});

describe('ownership and history', () => {
  test("another user's session id is not found; each history holds only its owner's payments, newest first", async () => {
    const alice = await buyer();
    const bob = await buyer();
    const first = await checkout(alice.agent);
    const second = await checkout(alice.agent, { plan: 'vip', period: 'monthly', method: 'card' });

    const stolen = await bob.agent.request({
      method: 'GET',
      url: `/api/payments/return?session_id=${first.sessionId}`,
    });
    const unknown = await alice.agent.request({ method: 'GET', url: '/api/payments/return?session_id=cs_nope' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.code).toBe('PAYMENT_NOT_FOUND');
    expect(unknown.statusCode).toBe(404);

    const mine = (await alice.agent.request({ method: 'GET', url: '/api/me/payments' })).json().items as Payment[];
    const theirs = (await bob.agent.request({ method: 'GET', url: '/api/me/payments' })).json().items as Payment[];
    expect(mine.map((p) => p.id)).toEqual([second.paymentId, first.paymentId]);
    expect(theirs).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me/payments' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('admin payments', () => {
  test('the list pages through every payment with the owner e-mail', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'pay-admin-list@example.com');
    const { agent, email } = await buyer();
    await checkout(agent);
    await checkout(agent);
    const page1 = (await admin.request({ method: 'GET', url: '/api/admin/payments?limit=1' })).json();
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0].userEmail).toBe(email);
    const page2 = (
      await admin.request({ method: 'GET', url: `/api/admin/payments?limit=1&before=${page1.nextBefore}` })
    ).json();
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
  });

  test('refunding a Stripe payment sends it to Stripe, removes the period and is audited', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'pay-admin-refund@example.com');
    const { agent } = await buyer();
    const { paymentId, sessionId } = await checkout(agent);
    await postWebhook(fake.completedEvent(sessionId));

    const res = await admin.request({ method: 'POST', url: `/api/admin/payments/${paymentId}/refund` });
    const again = await admin.request({ method: 'POST', url: `/api/admin/payments/${paymentId}/refund?lang=en` });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sentToProvider: true, payment: { state: 'refund', periodEnd: null } });
    expect(fake.refunds.filter((r) => r.payment_intent === fake.sessions.get(sessionId)!.payment_intent)).toHaveLength(
      1,
    );
    expect(again.statusCode).toBe(409);
    expect((await me(agent)).membership.plan?.expiresAt ?? null).toBeNull();
    // Stripe's charge.refunded webhook arrives afterwards and changes nothing more.
    expect((await postWebhook(fake.refundedEvent(sessionId))).json().applied).toBe(false);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.entityId, paymentId));
    expect(audit).toMatchObject([
      { action: 'payment.refund', entity: 'payment', actorEmail: 'pay-admin-refund@example.com' },
    ]);
  });

  test('another provider’s payment is refunded as recorded only; a missing one is 404', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'pay-admin-manual@example.com');
    const { userId } = await buyer();
    const payment = await createPayment(t.db, {
      userId,
      plan: 'premium',
      period: 'monthly',
      method: 'crypto',
      provider: 'crypto',
      providerRef: `0x${'ab'.repeat(32)}`,
      amount: '9.50',
      currency: 'USDT',
    });
    await changePaymentState(t.db, payment.id, { state: 'success' });

    const res = await admin.request({ method: 'POST', url: `/api/admin/payments/${payment.id}/refund` });
    const missing = await admin.request({
      method: 'POST',
      url: '/api/admin/payments/00000000-0000-4000-8000-000000000000/refund',
    });

    expect(res.json()).toMatchObject({ sentToProvider: false, payment: { state: 'refund' } });
    expect(missing.statusCode).toBe(404);
    const [owner] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(owner).toBeDefined();
  });
});
