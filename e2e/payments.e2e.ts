import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../src/server/sources/testing/fake-stripe.ts';
import enAdmin from '../src/shared/locales/en/admin.json' with { type: 'json' };
import enPayments from '../src/shared/locales/en/payments.json' with { type: 'json' };
import { en, zh } from '../src/shared/locales/index.ts';
import zhAdmin from '../src/shared/locales/zh/admin.json' with { type: 'json' };
import zhPayments from '../src/shared/locales/zh/payments.json' with { type: 'json' };
import { type MailTokenSource, ownServerMail, PASSWORD, signIn, signUp } from './support/accounts.ts';
import { adminsPerLanguage } from './support/admins.ts';
import { findSeriousViolations } from './support/axe.ts';
import { open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { startOwnServer } from './support/own-server.ts';

// A user buys premium yearly by card through (a local fake of) Stripe Checkout, whose Pay button posts the
// signed webhook to this server and redirects back; the return page shows the level and the expiry, /profile the
// history row; the admin sees the payment and refunds it. This file runs its own server with Stripe configured.
const LOCALES = { zh, en } as const;
const PAYMENTS = { zh: zhPayments, en: enPayments } as const;
const ADMIN_TEXTS = { zh: zhAdmin, en: enAdmin } as const;
const ADMIN = adminsPerLanguage('payments');
const session = launchFileBrowser(resolve('e2e-artifacts/notes/issue-19'));

let fake: FakeStripe;
let baseURL: string;
let close: () => Promise<void>;
let mail: MailTokenSource;

beforeAll(async () => {
  fake = await startFakeStripe();
  const server = await startOwnServer({
    port: 'reserve',
    env: (url) => {
      // Checkout's success_url names this server, and the fake posts its webhooks here.
      fake.setWebhookUrl(`${url}/api/payments/stripe/webhook`);
      return { APP_URL: url, ...fakeStripeEnv(fake), STRIPE_METHODS: 'card,alipay' };
    },
    admin: Object.values(ADMIN),
  });
  baseURL = server.baseURL;
  mail = ownServerMail(server);
  close = async () => {
    await server.close();
    await fake.close();
  };
}, 120_000);
afterAll(() => close?.());

describe.each(['zh', 'en'] as const)('payments by Stripe Checkout (%s)', (lang) => {
  const c = LOCALES[lang];
  const p = PAYMENTS[lang];
  const email = `payer-${lang}@example.com`;

  test('premium yearly by card: fake Checkout, return page with level and expiry, history row', async () => {
    await session.withPage({ lang, baseURL }, `payments-buy-${lang}`, async (page) => {
      await signUp(page, c, email, { mail });
      await open(page, '/membership');
      await page.getByRole('button', { name: c.membership.plan.billingYearly }).click();
      const form = page.getByTestId('purchase-premium');
      await form.getByRole('radio', { name: p.purchase.methods.card }).check();
      await session.screenshot(page, `payments-membership-${lang}`, { fullPage: true });
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      await form.locator('button[type="submit"]').click();

      await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
      expect(await page.getByTestId('fake-amount').textContent()).toBe('CNY 680.00');
      await page.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL((url) => url.pathname === '/membership/return');
      const level = page.getByTestId('return-level');
      await level.getByText(p.levels.premium).waitFor();
      const expires = await page.getByTestId('return-expires').textContent();
      expect(expires).toContain(String(new Date().getFullYear() + 1));
      await page.getByText(p.return.success).waitFor();
      await session.screenshot(page, `payments-return-${lang}`, { fullPage: true });
      expect(await findSeriousViolations(page, 'main')).toEqual([]);

      await open(page, '/profile');
      const history = page.getByTestId('payment-history');
      const row = history.locator('tbody tr').first();
      await row.getByText(p.states.success).waitFor();
      expect(await row.textContent()).toContain(`${p.plans.premium} · ${p.periods.yearly}`);
      expect(await row.textContent()).toContain(p.methods.card);
      expect(await row.getByRole('link', { name: p.history.receipt }).getAttribute('href')).toMatch(/\/receipts\//);
      await history.scrollIntoViewIfNeeded();
      await session.screenshot(page, `payments-history-${lang}`, { fullPage: true });
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
    });
  });

  test("an expired Checkout shows the spec's Payment Failed message with the reason", async () => {
    await session.withPage({ lang, baseURL }, `payments-failed-${lang}`, async (page) => {
      await signIn(page, c, email, PASSWORD);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      // A checkout the buyer abandons: opened through the API (as the Pay button does), then expired by Stripe.
      const url = await page.evaluate(async () => {
        const csrf = decodeURIComponent(/(?:^|; )(?:__Host-)?hr_csrf=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const me = await (await fetch('/api/me')).json();
        const response = await fetch('/api/payments/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken ?? csrf },
          body: JSON.stringify({ plan: 'vip', period: 'monthly', method: 'alipay' }),
        });
        return ((await response.json()) as { url: string }).url;
      });
      const sessionId = url.split('/pay/')[1]!;
      const expired = fake.event('checkout.session.expired', { ...fake.sessions.get(sessionId)!, status: 'expired' });
      const { payload, headers } = fake.signed(expired);
      const delivered = await fetch(`${baseURL}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers,
        body: payload,
      });
      expect(delivered.status).toBe(200);

      await open(page, `/membership/return?session_id=${sessionId}`);
      const alert = page.getByTestId('payment-return').getByRole('alert');
      await alert.getByText(p.failed.title, { exact: true }).waitFor();
      expect(await alert.textContent()).toContain(
        p.failed.reason.replace('{{reason}}', c.errors.PAYMENT_SESSION_EXPIRED),
      );
      await session.screenshot(page, `payments-failed-${lang}`);
    });
  });

  test('the admin sees the payment and refunds it after confirming', async () => {
    const t = ADMIN_TEXTS[lang];
    await session.withPage({ lang, baseURL }, `payments-admin-${lang}`, async (page) => {
      await signIn(page, c, ADMIN[lang].email, ADMIN[lang].password);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await open(page, '/admin?tab=payments');
      const row = page.locator('[data-slot="payment-row"]').filter({ hasText: email });
      await row.getByText(t.payments.states.success, { exact: true }).waitFor();
      await session.screenshot(page, `payments-admin-${lang}`, { fullPage: true });
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      await row.getByRole('button', { name: t.payments.refund }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.payments.refund }).click();
      await row.getByText(t.payments.states.refund, { exact: true }).waitFor();
      await row.getByText(t.payments.refundSent).waitFor();
      await session.screenshot(page, `payments-admin-refunded-${lang}`, { fullPage: true });
    });
  });
});
