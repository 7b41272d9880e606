import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creditPoints } from '../../src/server/features/points/points.service.ts';
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from '../../src/server/sources/testing/fake-stripe.ts';
import enPayments from '../../src/shared/locales/en/payments.json' with { type: 'json' };
import { en, zh } from '../../src/shared/locales/index.ts';
import zhPayments from '../../src/shared/locales/zh/payments.json' with { type: 'json' };
import { authenticateInPage, ownServerMail } from '../support/accounts.ts';
import { findSeriousViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { callApi } from '../support/page-api.ts';

// The member who wants more: upgrading never dead-ends. On an instance with no payment method the membership page
// says payments are not enabled and shows the points route with this member's distance to each level; with the
// Stripe stand-in (an account that activated card and Alipay) it names exactly those and Checkout offers Alipay. The
// heat history shows its premium ranges locked with the way to upgrade. zh and en, 1440 and 390 px.
const LOCALES = { zh, en } as const;
const PAYMENTS = { zh: zhPayments, en: enPayments } as const;
const WIDE = { width: 1440, height: 900 } as const;
const session = launchFileBrowser();

let bare: OwnServer;
let stripe: OwnServer;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe({ activeMethods: ['card', 'alipay'] });
  [bare, stripe] = await Promise.all([
    startOwnServer({ env: {} }),
    startOwnServer({
      port: 'reserve',
      env: (url) => {
        fake.setWebhookUrl(`${url}/api/payments/stripe/webhook`);
        return { APP_URL: url, ...fakeStripeEnv(fake), STRIPE_METHODS: 'card,alipay' };
      },
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([bare?.close(), stripe?.close()]);
  await fake?.close();
});

/** The page at both widths: 1440 px, then 390 px (no sideways scroll), each screenshotted whole. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await session.screenshot(page, `${name}-1440`, { fullPage: true });
  await page.setViewportSize(MOBILE);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await session.screenshot(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize(WIDE);
}

const userIdOf = async (page: Page) =>
  ((await callApi(page, 'GET', '/api/me')).body as { user: { id: string } }).user.id;

describe.each(['zh', 'en'] as const)('upgrading (%s)', (lang) => {
  const c = LOCALES[lang];
  const m = c.membership;
  const p = PAYMENTS[lang];

  test('nothing configured: said in words, no payment link, the points route with the distance to each level', async () => {
    await session.withPage({ lang, baseURL: bare.baseURL, viewport: WIDE }, `upgrade-bare-${lang}`, async (page) => {
      await open(page, '/membership');
      const offer = page.locator('[data-slot="payment-offer"]');
      await offer.getByText(m.offer.none).waitFor();
      await page.getByText(m.subtitleEarnOnly).waitFor();
      expect(await offer.getAttribute('data-payable')).toBe('false');
      const route = page.locator('[data-slot="points-route"]');
      await route.getByRole('link', { name: m.route.visitorLink }).waitFor();
      expect(await page.locator('a[href^="/membership/crypto"]').count()).toBe(0);
      expect(await page.locator('[data-testid^="purchase-"]').count()).toBe(0);
      await bothWidths(page, `upgrade-bare-visitor-${lang}`);

      await authenticateInPage(
        page,
        'sign-up',
        `upgrade-bare-${lang}@example.com`,
        'e2e-upgrade-password-1',
        ownServerMail(bare),
      );
      await creditPoints(bare.runtime.handle.db, { userId: await userIdOf(page), amount: 250, reason: 'admin.adjust' });
      await open(page, '/membership');
      const left = (level: string) => route.locator(`tr[data-level="${level}"] [data-slot="points-left"]`);
      await left('premium').getByText('750', { exact: true }).waitFor();
      expect(await left('vip').textContent()).toMatch(/^4,?750$/);
      expect(await route.locator('tr[data-level="premium"]').textContent()).toContain('250');
      await route.getByRole('link', { name: m.status.toTasks }).waitFor();
      await page.locator('[data-slot="level-status"]').getByText(m.status.earnOnly).waitFor();
      await page.locator('[data-slot="update-mode"][data-mode="interval"]').getByText(m.updates.interval).waitFor();
      const premiumCard = page.locator('[data-slot="points-distance"][data-level="premium"]');
      await premiumCard.getByText(m.route.cardLeft.replace('{{left}}', '750').replace('{{held}}', '250')).waitFor();
      // Team collaboration is a vip row of the matrix, no longer "coming".
      await page.locator('tr[data-feature="team_collaboration"]').getByText(m.features.team_collaboration).waitFor();
      expect(await page.locator('a[href^="/membership/crypto"]').count()).toBe(0);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      await bothWidths(page, `upgrade-bare-member-${lang}`);

      // A hand-typed stablecoin address says the method is off and leads back, never to "another method".
      await open(page, '/membership/crypto?plan=premium&period=monthly');
      const off = page.getByTestId('crypto-unavailable');
      await off.getByText(p.crypto.unavailable).waitFor();
      await off.getByRole('link', { name: p.crypto.backToPlans }).click();
      await page.waitForURL((url) => url.pathname === '/membership');
    });
  });

  test('the Stripe stand-in with card and Alipay: the page names exactly those, Checkout offers Alipay', async () => {
    await session.withPage(
      { lang, baseURL: stripe.baseURL, viewport: WIDE },
      `upgrade-stripe-${lang}`,
      async (page) => {
        await open(page, '/');
        await authenticateInPage(
          page,
          'sign-up',
          `upgrade-stripe-${lang}@example.com`,
          'e2e-upgrade-password-1',
          ownServerMail(stripe),
        );
        await open(page, '/membership');
        const offer = page.locator('[data-slot="payment-offer"][data-payable="true"]');
        await offer
          .getByText(m.offer.methods.replace('{{methods}}', `${p.methods.card} · ${p.methods.alipay}`))
          .waitFor();
        const form = page.getByTestId('purchase-premium');
        await form.getByRole('radio', { name: p.purchase.methods.card }).waitFor();
        await form.getByRole('radio', { name: p.purchase.methods.alipay }).check();
        expect(await form.getByRole('radio', { name: p.purchase.methods.wechat_pay }).count()).toBe(0);
        expect(await page.locator('a[href^="/membership/crypto"]').count()).toBe(0);
        expect(await page.locator('[data-slot="points-route"]').count()).toBe(0);
        expect(await findSeriousViolations(page, 'main')).toEqual([]);
        await bothWidths(page, `upgrade-stripe-${lang}`);

        await form.locator('button[type="submit"]').click();
        await page.waitForURL((url) => url.pathname.startsWith('/pay/'));
        expect(await page.getByTestId('fake-methods').textContent()).toBe('alipay');
        await session.screenshot(page, `upgrade-stripe-checkout-${lang}`);
      },
    );
  });

  test('heat history: 7 and 30 days open, 90 days and a year locked with the way to upgrade', async () => {
    await session.withPage({ lang, viewport: WIDE }, `upgrade-history-${lang}`, async (page) => {
      await open(page, '/project/uniswap');
      const locked = page.locator('[data-slot="history-locked"]');
      await locked.getByText(c.heat.history.locked).waitFor();
      expect(
        await page
          .locator('button[data-locked-range]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-locked-range'))),
      ).toEqual(['90d', '1y']);
      expect(await page.locator('button[data-locked-range="90d"]').isDisabled()).toBe(true);
      await locked.scrollIntoViewIfNeeded();
      await session.screenshot(page, `upgrade-history-locked-${lang}`);
      await locked.getByRole('link', { name: c.heat.history.lockedLink }).click();
      await page.waitForURL((url) => url.pathname === '/membership');
    });
  });
});
