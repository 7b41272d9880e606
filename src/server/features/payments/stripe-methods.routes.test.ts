import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CheckoutResponse, PlansResponseSchema } from '../../../shared/api/payments-checkout.schema.ts';
import { loadConfig } from '../../config.ts';
import { paymentHistory } from '../../db/schema/index.ts';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../sources/testing/fake-stripe.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';

// Which Stripe methods an instance offers: STRIPE_METHODS (checked at start), against an account that activates only
// some methods (the stand-in refuses the others, as Stripe does).
let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe({ activeMethods: ['card', 'alipay'] });
  t = await buildTestApp({
    catalogue: false,
    env: { ...fakeStripeEnv(fake), STRIPE_METHODS: 'card,alipay,wechat_pay' },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const checkout = (agent: Awaited<ReturnType<typeof signUpAgent>>['agent'], method: string) =>
  agent.request({
    method: 'POST',
    url: '/api/payments/checkout?lang=en',
    payload: { plan: 'premium', period: 'monthly', method },
  });

describe('Stripe methods on offer', () => {
  test('STRIPE_METHODS is checked at start: card by default, an unknown or empty list stops the server', () => {
    expect(loadConfig({}).STRIPE_METHODS).toEqual(['card']);
    expect(loadConfig({ STRIPE_METHODS: 'card, alipay' }).STRIPE_METHODS).toEqual(['card', 'alipay']);
    expect(() => loadConfig({ STRIPE_METHODS: 'card,paypal' })).toThrow(/STRIPE_METHODS/);
    expect(() => loadConfig({ STRIPE_METHODS: ' , ' })).toThrow(/STRIPE_METHODS/);
  });

  test('the plans list exactly the configured methods, in order', async () => {
    const res = await t.app.inject({ url: '/api/payments/plans' });

    expect(PlansResponseSchema.parse(res.json()).stripeMethods).toEqual(['card', 'alipay', 'wechat_pay']);
  });

  test('Alipay, activated on the account, opens a Checkout offering Alipay only', async () => {
    const { agent } = await signUpAgent(t.app, 'alipay-buyer@example.com');

    const res = await checkout(agent, 'alipay');

    expect(res.statusCode, res.body).toBe(201);
    const { url, paymentId } = res.json() as CheckoutResponse;
    const session = fake.sessions.get(url.split('/pay/')[1]!)!;
    expect(session.allowed_payment_method_types).toEqual(['alipay']);
    const page = await (await fetch(url)).text();
    expect(page).toContain('<p data-testid="fake-methods">alipay</p>');
    const [row] = await t.db.select().from(paymentHistory).where(eq(paymentHistory.id, paymentId));
    expect(row).toMatchObject({ method: 'alipay', state: 'pending' });
  });

  test("a method listed but not activated on the account fails with Stripe's reason, the payment recorded failed", async () => {
    const { agent, me } = await signUpAgent(t.app, 'wechat-buyer@example.com');
    const sessionsBefore = fake.sessions.size;

    const res = await checkout(agent, 'wechat_pay');

    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('PAYMENT_PROVIDER_FAILED');
    expect(res.json().error.message).toMatch(/^Payment Failed: .*"wechat_pay" is invalid/);
    expect(fake.sessions.size).toBe(sessionsBefore);
    const rows = await t.db.select().from(paymentHistory).where(eq(paymentHistory.userId, me.user.id));
    expect(rows.map((r) => [r.method, r.state])).toEqual([['wechat_pay', 'failed']]);
  });
});
