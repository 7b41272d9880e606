import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_ACCOUNTS, HARDHAT_CHAIN_ID, type HardhatNode, startHardhatNode } from '../src/server/test/hardhat-node.ts';
import { en, zh } from '../src/shared/locales/index.ts';
import { authenticateInPage, type MailTokenSource, ownServerMail } from './support/accounts.ts';
import { type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { startOwnServer } from './support/own-server.ts';
import { fillTemplate } from './support/text.ts';

// /membership/crypto against a local Hardhat node with a solc-compiled USDT and USDC. This file runs
// its own server whose crypto option points at that node; the "browser wallet" is a fake window.ethereum whose
// requests go to the node through an exposed function (the page's CSP keeps its own fetches on the site).
const LOCALES = { zh, en } as const;
const PAYER = DEV_ACCOUNTS[1];
const RECEIVER = DEV_ACCOUNTS[3];
const session = launchFileBrowser(resolve('e2e-artifacts/notes/issue-19'));

let node: HardhatNode;
let baseURL: string;
let close: () => Promise<void>;
let mail: MailTokenSource;

beforeAll(async () => {
  node = await startHardhatNode();
  const usdt = await node.deployToken('USDT');
  const usdc = await node.deployToken('USDC');
  for (const token of [usdt, usdc]) await node.mint(token, PAYER, '10000');
  const server = await startOwnServer({
    env: {
      FIRST_START_REFRESH: 'false',
      CRYPTO_RPC_URL: node.url,
      CRYPTO_CHAIN_ID: String(HARDHAT_CHAIN_ID),
      CRYPTO_RECEIVING_ADDRESS: RECEIVER,
      CRYPTO_USDT_ADDRESS: usdt,
      CRYPTO_USDC_ADDRESS: usdc,
      CRYPTO_CONFIRMATIONS: '12',
    },
  });
  baseURL = server.baseURL;
  mail = ownServerMail(server);
  close = async () => {
    await server.close();
    await node.stop();
  };
}, 180_000);
afterAll(() => close?.());

let accounts = 0;
async function signedIn(page: Page, path: string) {
  accounts += 1;
  await open(page, '/');
  await authenticateInPage(
    page,
    'sign-up',
    `crypto-e2e-${accounts}-${Date.now()}@example.com`,
    'crypto-e2e-password-1',
    mail,
  );
  await open(page, path);
}

/** A fake EIP-1193 wallet holding PAYER: account requests answer PAYER, everything else goes to the Hardhat node. */
async function injectWallet(page: Page) {
  await page.exposeFunction('__hardhatRpc', async (method: string, params: unknown[]) => {
    const res = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result;
  });
  await page.addInitScript((account) => {
    const rpc = (window as unknown as { __hardhatRpc: (m: string, p: unknown[]) => Promise<unknown> }).__hardhatRpc;
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: async ({ method, params = [] }: { method: string; params?: unknown[] }) =>
        method === 'eth_requestAccounts' || method === 'eth_accounts' ? [account] : rpc(method, params),
    };
  }, PAYER);
}

describe.each(['zh', 'en'] as const)('crypto payment page (%s)', (lang: Lang) => {
  const t = LOCALES[lang].payments.crypto;
  const errors = LOCALES[lang].errors;

  test('shows the receiving address and exact amount; a bad hash is refused with the message', async () => {
    await session.withPage({ lang, baseURL }, `crypto-refused-${lang}`, async (page) => {
      await signedIn(page, '/membership/crypto?plan=premium&period=yearly');
      await page.getByText('95.00 USD').waitFor();
      await session.screenshot(page, `crypto-start-${lang}`, { fullPage: true });
      await page.getByRole('button', { name: t.start }).click();

      await expect.poll(() => page.getByTestId('crypto-address').inputValue()).toBe(RECEIVER);
      expect(await page.getByTestId('crypto-amount').inputValue()).toBe('95');
      await page.getByText(fillTemplate(t.state.pending, {})).waitFor();
      await page.getByRole('textbox', { name: t.hash }).fill(`0x${'ab'.repeat(32)}`);
      await page.getByRole('button', { name: t.submit }).click();

      const failed = page.getByTestId('payment-failed');
      await failed.getByText(t.state.failed, { exact: true }).waitFor();
      await failed.getByText(fillTemplate(t.failedReason, { reason: errors.CRYPTO_TX_NOT_FOUND })).waitFor();
      await session.screenshot(page, `crypto-refused-${lang}`, { fullPage: true });
    });
  });

  test('Pay with wallet sends the transfer; the payment reaches success after the confirmations', async () => {
    await session.withPage({ lang, baseURL }, `crypto-wallet-${lang}`, async (page) => {
      await injectWallet(page);
      await signedIn(page, '/membership/crypto?plan=vip&period=monthly');
      await page.getByRole('radio', { name: 'USDC' }).check();
      await page.getByRole('button', { name: t.start }).click();
      await expect.poll(() => page.getByTestId('crypto-amount').inputValue()).toBe('28');

      await page.getByRole('button', { name: t.wallet }).click();
      const state = page.getByTestId('crypto-state');
      await page.locator('[data-testid="crypto-state"][data-state="processing"]').waitFor();
      await state.getByText(fillTemplate(t.state.processing, { seen: '1', required: '12' })).waitFor();
      expect(await page.getByRole('textbox', { name: t.hash }).inputValue()).toMatch(/^0x[0-9a-f]{64}$/);
      await session.screenshot(page, `crypto-processing-${lang}`, { fullPage: true });

      await node.mine(11);
      await page.locator('[data-testid="crypto-state"][data-state="success"]').waitFor({ timeout: 20_000 });
      await state.getByText(t.state.success).waitFor();
      expect(await page.getByTestId('crypto-period-end').textContent()).toMatch(/\d/);
      await session.screenshot(page, `crypto-success-${lang}`, { fullPage: true });
      const me = await page.evaluate(async () => (await fetch('/api/me')).json());
      expect(me.membership.actualLevel).toBe('vip');
    });
  });
});
