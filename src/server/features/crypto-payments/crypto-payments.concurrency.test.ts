import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addMonths } from '../../../shared/membership/plan-periods.ts';
import { paymentHistory } from '../../db/schema/index.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import {
  buyWithCrypto,
  type ChainWorld,
  PAYER,
  profileOf,
  RECEIVER,
  REQUIRED_CONFIRMATIONS,
  startChainWorld,
  submitHash,
} from './crypto-payments.test-support.ts';

// One transfer, many submissions at once (two tabs, a retrying client, two instances): it credits once. Runs on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL (real concurrent transactions).
let w: ChainWorld;
beforeAll(async () => {
  w = await startChainWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
  await w?.node.stop();
});

const successes = async (userId: string) =>
  w.t.db
    .select({ id: paymentHistory.id, paidAt: paymentHistory.paidAt })
    .from(paymentHistory)
    .where(and(eq(paymentHistory.userId, userId), eq(paymentHistory.state, 'success')));

describe('50 concurrent submissions of one transaction hash', () => {
  test('to one payment: all answer success, the plan is extended once', async () => {
    const { agent, me } = await signUpAgent(w.t.app, 'crypto-race-1@example.com');
    const payment = await buyWithCrypto(agent, { plan: 'vip', period: 'monthly' });
    const hash = await w.node.transfer(w.usdt, PAYER, RECEIVER, '28');
    await w.node.mine(REQUIRED_CONFIRMATIONS);

    const responses = await Promise.all(Array.from({ length: 50 }, () => submitHash(agent, payment.paymentId, hash)));

    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const paid = await successes(me.user.id);
    expect(paid).toHaveLength(1);
    const profile = await profileOf(w.t, me.user.id);
    expect(profile.membershipLevel).toBe('vip');
    expect(profile.membershipExpiresAt?.getTime()).toBe(addMonths(paid[0]!.paidAt!, 1).getTime());
  });

  test('to 50 payments of one user: one payment takes it, 49 are refused as a reused hash', async () => {
    const { agent, me } = await signUpAgent(w.t.app, 'crypto-race-2@example.com');
    const payments = [];
    for (let i = 0; i < 50; i += 1) payments.push(await buyWithCrypto(agent));
    const hash = await w.node.transfer(w.usdt, PAYER, RECEIVER, '9.5');
    await w.node.mine(REQUIRED_CONFIRMATIONS);

    const responses = await Promise.all(payments.map((p) => submitHash(agent, p.paymentId, hash)));

    const codes = responses.map((r) => (r.statusCode === 200 ? 'ok' : r.json().error.code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'CRYPTO_HASH_USED')).toHaveLength(49);
    const paid = await successes(me.user.id);
    expect(paid).toHaveLength(1);
    expect((await profileOf(w.t, me.user.id)).membershipExpiresAt?.getTime()).toBe(
      addMonths(paid[0]!.paidAt!, 1).getTime(),
    );
  });
});
