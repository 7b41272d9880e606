import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CryptoOptionsResponseSchema, CryptoPaymentSchema } from '../../../shared/api/crypto-payments.schema.ts';
import { translate } from '../../../shared/locales/index.ts';
import { addMonths } from '../../../shared/membership/plan-periods.ts';
import { loadConfig } from '../../config.ts';
import type { AppError } from '../../errors.ts';
import { cryptoPaymentsJob } from '../../jobs/crypto-payments.job.ts';
import { type Agent, createAgent, signUpAgent } from '../auth/auth.test-support.ts';
import { createCryptoPayment } from './crypto-payments.service.ts';
import {
  buyWithCrypto,
  type ChainWorld,
  PAYER,
  paymentRow,
  profileOf,
  RECEIVER,
  REQUIRED_CONFIRMATIONS,
  STRANGER,
  startChainWorld,
  submitHash,
} from './crypto-payments.test-support.ts';
import { cryptoSettingsOf, toCryptoOptions } from './crypto-settings.ts';

let w: ChainWorld;
let buyer: { agent: Agent; userId: string };
let users = 0;
async function newBuyer() {
  users += 1;
  const { agent, me } = await signUpAgent(w.t.app, `crypto-${users}@example.com`);
  return { agent, userId: me.user.id };
}
const runJob = (now = new Date()) => cryptoPaymentsJob.run(w.t.jobContext(now));

beforeAll(async () => {
  w = await startChainWorld();
  buyer = await newBuyer();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
  await w?.node.stop();
});

describe('crypto options', () => {
  test('the configured chain, tokens and prices are public', async () => {
    const res = await createAgent(w.t.app).request({ method: 'GET', url: '/api/payments/crypto/options' });

    expect(res.statusCode).toBe(200);
    const body = CryptoOptionsResponseSchema.parse(res.json());
    expect(body).toMatchObject({ available: true, chainId: 31337, receivingAddress: RECEIVER, confirmations: 12 });
    expect(body.tokens.map((t) => [t.token, t.address])).toEqual([
      ['USDT', w.usdt],
      ['USDC', w.usdc],
    ]);
    expect(body.prices).toContainEqual({ plan: 'vip', period: 'yearly', amount: '280.00' });
  });

  test('without an RPC endpoint and an address the option is "not available", and a purchase is refused', async () => {
    const settings = cryptoSettingsOf(loadConfig({}));

    expect(toCryptoOptions(settings)).toMatchObject({ available: false, chainId: null, tokens: [] });
    await expect(
      createCryptoPayment(w.t.db, settings, buyer.userId, { plan: 'premium', period: 'monthly', token: 'USDT' }),
    ).rejects.toMatchObject({ code: 'CRYPTO_UNAVAILABLE' } satisfies Partial<AppError>);
  });
});

describe('POST /api/payments/crypto and /:id/submit', () => {
  test('a purchase gives the exact amount, token contract and receiving address; visitors get 401', async () => {
    const payment = await buyWithCrypto(buyer.agent, { plan: 'vip', period: 'yearly', token: 'USDC' });
    const visitor = await createAgent(w.t.app).request({
      method: 'POST',
      url: '/api/payments/crypto',
      payload: { plan: 'vip', period: 'yearly', token: 'USDC' },
    });

    expect(payment).toMatchObject({
      state: 'pending',
      chainId: 31337,
      token: 'USDC',
      tokenAddress: w.usdc,
      toAddress: RECEIVER,
      amount: '280',
      amountUnits: '280000000',
      requiredConfirmations: 12,
    });
    expect(await paymentRow(w.t, payment.paymentId)).toMatchObject({
      amount: '280',
      currency: 'USDC',
      method: 'crypto',
    });
    expect(visitor.statusCode).toBe(401);
  });

  test('a correct transfer is processing until 12 confirmations, then success extends the plan', async () => {
    const payment = await buyWithCrypto(buyer.agent);
    const hash = await w.node.transfer(w.usdt, PAYER, RECEIVER, '9.5');

    const seen = await submitHash(buyer.agent, payment.paymentId, hash);
    expect(seen.statusCode).toBe(202);
    expect(CryptoPaymentSchema.parse(seen.json())).toMatchObject({
      state: 'processing',
      confirmations: 1,
      fromAddress: PAYER,
    });
    expect((await profileOf(w.t, buyer.userId)).membershipExpiresAt).toBeNull();

    await w.node.mine(REQUIRED_CONFIRMATIONS - 2);
    await runJob();
    const almost = await buyer.agent.request({ method: 'GET', url: `/api/payments/crypto/${payment.paymentId}` });
    expect(almost.json()).toMatchObject({ state: 'processing', confirmations: 11 });

    await w.node.mine(1);
    const outcome = await runJob();
    expect(outcome.counts).toMatchObject({ checked: 1, success: 1 });
    const done = CryptoPaymentSchema.parse(
      (await buyer.agent.request({ method: 'GET', url: `/api/payments/crypto/${payment.paymentId}` })).json(),
    );
    expect(done).toMatchObject({
      state: 'success',
      confirmations: 12,
      explorerUrl: `https://explorer.example/tx/${hash}`,
    });
    const row = await paymentRow(w.t, payment.paymentId);
    const profile = await profileOf(w.t, buyer.userId);
    expect(profile.membershipLevel).toBe('premium');
    expect(profile.membershipExpiresAt?.getTime()).toBe(addMonths(row.paidAt!, 1).getTime());
    expect(row.periodEnd?.getTime()).toBe(profile.membershipExpiresAt?.getTime());

    const reused = await submitHash((await newBuyer()).agent, (await buyWithCrypto(buyer.agent)).paymentId, hash);
    expect(reused.statusCode).toBe(404); // another user's payment is not found at all
    const again = await submitHash(buyer.agent, (await buyWithCrypto(buyer.agent)).paymentId, hash, 'zh');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'CRYPTO_HASH_USED',
      message: translate('zh', 'errors.CRYPTO_HASH_USED'),
    });
  });

  test.each([
    {
      name: 'a wrong amount',
      code: 'CRYPTO_WRONG_AMOUNT',
      send: () => w.node.transfer(w.usdt, PAYER, RECEIVER, '9.49'),
    },
    {
      name: 'a wrong recipient',
      code: 'CRYPTO_WRONG_RECIPIENT',
      send: () => w.node.transfer(w.usdt, PAYER, STRANGER, '9.5'),
    },
    { name: 'a wrong token', code: 'CRYPTO_WRONG_TOKEN', send: () => w.node.transfer(w.fake, PAYER, RECEIVER, '9.5') },
    {
      name: 'the other stablecoin',
      code: 'CRYPTO_WRONG_TOKEN',
      send: () => w.node.transfer(w.usdc, PAYER, RECEIVER, '9.5'),
    },
    {
      name: 'a reverted transaction',
      code: 'CRYPTO_TX_FAILED',
      send: () => w.node.revertingTransfer(w.usdt, PAYER, RECEIVER),
    },
  ])('$name is refused with its message and fails the payment', async ({ code, send }) => {
    const payment = await buyWithCrypto(buyer.agent);
    const hash = await send();
    await w.node.mine(REQUIRED_CONFIRMATIONS);

    const res = await submitHash(buyer.agent, payment.paymentId, hash);
    const zh = await submitHash(buyer.agent, payment.paymentId, hash, 'zh');

    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code, message: translate('en', `errors.${code}`) });
    expect(zh.json().error).toMatchObject({ code, message: translate('zh', `errors.${code}`) });
    expect(await paymentRow(w.t, payment.paymentId)).toMatchObject({ state: 'failed', failureReason: code });
  });

  test('an unknown hash is refused but leaves the payment open for the right one; a bad hash is a 400', async () => {
    const payment = await buyWithCrypto(buyer.agent);

    const unknown = await submitHash(buyer.agent, payment.paymentId, `0x${'ab'.repeat(32)}`);
    const malformed = await submitHash(buyer.agent, payment.paymentId, '0x1234');

    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('CRYPTO_TX_NOT_FOUND');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
    expect(await paymentRow(w.t, payment.paymentId)).toMatchObject({ state: 'pending' });
    const hash = await w.node.transfer(w.usdt, PAYER, RECEIVER, '10');
    await w.node.mine(REQUIRED_CONFIRMATIONS);
    const paid = await submitHash(buyer.agent, payment.paymentId, hash.toUpperCase().replace('0X', '0x'));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ state: 'success', txHash: hash.toLowerCase() });
  });

  test('a pending payment without a hash fails after 24 hours (the job)', async () => {
    const payment = await buyWithCrypto(buyer.agent);

    await runJob(new Date(Date.now() + 23 * 3_600_000));
    expect((await paymentRow(w.t, payment.paymentId)).state).toBe('pending');
    await runJob(new Date(Date.now() + 25 * 3_600_000));

    expect(await paymentRow(w.t, payment.paymentId)).toMatchObject({
      state: 'failed',
      failureReason: 'CRYPTO_PAYMENT_EXPIRED',
    });
  });
});
