import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { CryptoPaymentSchema } from '../../../shared/api/crypto-payments.schema.ts';
import { paymentHistory, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { DEV_ACCOUNTS, HARDHAT_CHAIN_ID, type HardhatNode, startHardhatNode } from '../../test/hardhat-node.ts';
import type { Agent } from '../auth/auth.test-support.ts';

/** The payer and the site's receiving address: Hardhat dev accounts. */
export const PAYER = DEV_ACCOUNTS[1];
export const RECEIVER = DEV_ACCOUNTS[3];
export const STRANGER = DEV_ACCOUNTS[2];
export const REQUIRED_CONFIRMATIONS = 12;

export type ChainWorld = { t: TestApp; node: HardhatNode; usdt: Address; usdc: Address; fake: Address };

/** A Hardhat node with USDT, USDC and an unrelated token (6 decimals, the payer holds 10,000 of each) and an app
 * whose crypto option points at it. */
export async function startChainWorld(): Promise<ChainWorld> {
  const node = await startHardhatNode();
  const usdt = await node.deployToken('USDT');
  const usdc = await node.deployToken('USDC');
  const fake = await node.deployToken('FAKE');
  for (const token of [usdt, usdc, fake]) await node.mint(token, PAYER, '10000');
  const t = await buildTestApp({
    catalogue: false,
    env: {
      CRYPTO_RPC_URL: node.url,
      CRYPTO_CHAIN_ID: String(HARDHAT_CHAIN_ID),
      CRYPTO_RECEIVING_ADDRESS: RECEIVER,
      CRYPTO_USDT_ADDRESS: usdt,
      CRYPTO_USDC_ADDRESS: usdc,
      CRYPTO_CONFIRMATIONS: String(REQUIRED_CONFIRMATIONS),
      CRYPTO_EXPLORER_TX_URL: 'https://explorer.example/tx/',
    },
  });
  return { t, node, usdt, usdc, fake };
}

export async function buyWithCrypto(
  agent: Agent,
  body: { plan?: 'premium' | 'vip'; period?: 'monthly' | 'yearly'; token?: 'USDT' | 'USDC' } = {},
) {
  const res = await agent.request({
    method: 'POST',
    url: '/api/payments/crypto',
    payload: { plan: 'premium', period: 'monthly', token: 'USDT', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return CryptoPaymentSchema.parse(res.json());
}

export function submitHash(agent: Agent, paymentId: string, txHash: string, lang: 'zh' | 'en' = 'en') {
  return agent.request({
    method: 'POST',
    url: `/api/payments/crypto/${paymentId}/submit?lang=${lang}`,
    payload: { txHash },
  });
}

export async function profileOf(t: TestApp, userId: string) {
  const [row] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
  return row!;
}

export async function paymentRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(paymentHistory).where(eq(paymentHistory.id, id));
  return row!;
}
