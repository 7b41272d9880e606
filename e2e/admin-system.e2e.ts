import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeServer, startFakeServer } from '../src/server/sources/testing/fake-server.ts';
import enAdmin from '../src/shared/locales/en/admin.json' with { type: 'json' };
import { en, zh } from '../src/shared/locales/index.ts';
import zhAdmin from '../src/shared/locales/zh/admin.json' with { type: 'json' };
import { signIn, signUp } from './support/accounts.ts';
import { adminsPerLanguage } from './support/admins.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { startOwnServer } from './support/own-server.ts';
import { fillTemplate } from './support/text.ts';

// The admin's stats, operations with live run state, the X account pool and
// /twitter-debug. This file runs its own server (SECRET_KEY set, so accounts can be added) whose X API is a local
// fake: the debug page shows a real mapped result for a user, and an honest error for a failing endpoint.
const LOCALES = { zh, en } as const;
// The admin namespace is loaded with its routes, not part of the shared catalogue index.
const ADMIN_TEXTS = { zh: zhAdmin, en: enAdmin } as const;
const ADMIN = adminsPerLanguage('system');
const SECRET = 'AAAA-e2e-bearer-secret-never-shown';
const session = launchFileBrowser(resolve('e2e-artifacts/notes/issue-17'));

let fake: FakeServer;
let baseURL: string;
let close: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeServer(({ path }) => {
    if (path.startsWith('/2/users/by/username/'))
      return {
        body: {
          data: { id: '42', name: 'Aave', username: 'aave', public_metrics: { followers_count: 812345 } },
        },
      };
    return { status: 503, body: { title: 'Service Unavailable' } };
  });
  const server = await startOwnServer({
    env: {
      CATALOGUE_AUTOLOAD: 'true',
      SECRET_KEY: 'e2e-admin-system-secret-key-0123456789abcdef',
      X_BASE_URL: fake.url,
      INGEST_TIMEOUT_MS: '2000',
    },
    admin: Object.values(ADMIN),
  });
  baseURL = server.baseURL;
  close = async () => {
    await server.close();
    await fake.close();
  };
}, 120_000);
afterAll(() => close?.());

function withAdmin(lang: Lang, name: string, run: (page: Page) => Promise<void>) {
  return session.withPage({ lang, baseURL }, `admin-system-${name}-${lang}`, async (page) => {
    await signIn(page, LOCALES[lang], ADMIN[lang].email, ADMIN[lang].password);
    await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
    await run(page);
  });
}

async function expectNoSideScroll(page: Page, name: string) {
  await page.setViewportSize(MOBILE);
  await session.screenshot(page, name);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await page.setViewportSize(DESKTOP);
}

describe.each(['zh', 'en'] as const)('admin system tools (%s)', (lang) => {
  const t = ADMIN_TEXTS[lang];

  test('stats: figures with their as-of; operations: recount sectors runs to done', async () => {
    await withAdmin(lang, 'stats', async (page) => {
      await open(page, '/admin?tab=stats');
      const byCategory = page.locator('[data-slot="stats-by-category"]');
      await byCategory.getByRole('heading', { name: t.stats.byCategory }).waitFor();
      expect(await byCategory.locator('li').count()).toBeGreaterThan(1); // the built-in catalogue's categories
      await page.locator('[data-slot="stats-sector-heat"] li').first().waitFor();
      await page.locator('[data-slot="stats-sources"]').getByText('defillama').waitFor();
      await page.locator('[data-slot="stats-database"]').getByText(t.stats.dbKind.pglite).waitFor();
      expect(await page.locator('[data-slot="stats-as-of"]').textContent()).toMatch(/\d/);
      await session.screenshot(page, `admin-stats-${lang}`, { fullPage: true });
      await expectNoSideScroll(page, `admin-stats-${lang}-390`);

      await page.getByRole('tab', { name: t.tabs.operations }).click();
      const card = page.locator('[data-slot="operation-recount-sectors"]');
      await card.getByRole('button', { name: t.operations.run }).click();
      await card.locator('[data-slot="run-state"]').getByText(t.operations.runStatus.success).waitFor();
      await card
        .locator('[data-slot="run-counts"]')
        .getByText(/sectors: \d+/)
        .waitFor();
      await session.screenshot(page, `admin-operations-${lang}`, { fullPage: true });
      await expectNoSideScroll(page, `admin-operations-${lang}-390`);
    });
  });

  test('house ads: create, edit, hide, delete', async () => {
    const title = `E2E ad ${lang}`;
    await withAdmin(lang, 'ads', async (page) => {
      await open(page, '/admin?tab=ads');
      const form = page.locator('[data-slot="ad-form"]').first();
      await form.getByLabel(t.ads.fields.titleZh).fill(`${title} 中文`);
      await form.getByLabel(t.ads.fields.titleEn).fill(title);
      await form.getByLabel(t.ads.fields.bodyZh).fill('升级会员，解锁更多功能。');
      await form.getByLabel(t.ads.fields.bodyEn).fill('Upgrade to unlock more.');
      await form.getByLabel(t.ads.fields.linkUrl).fill('/membership');
      await form.getByRole('button', { name: t.ads.create }).click();
      const row = page.locator('[data-slot="ad-row"]').filter({ hasText: title });
      await row.waitFor();

      await row.getByRole('button', { name: t.ads.edit }).click();
      const edit = page.locator('[data-slot="ad-form"]').nth(1);
      await edit.getByLabel(t.ads.fields.bodyEn).fill('Upgrade today.');
      await edit.getByLabel(t.ads.fields.bodyZh).fill('立即升级。');
      await edit.getByRole('button', { name: t.ads.save }).click();
      const edited = page.locator('[data-slot="ad-row"]').filter({ hasText: title });
      await edited.getByText(lang === 'zh' ? '立即升级。' : 'Upgrade today.').waitFor();
      await edited.getByRole('button', { name: t.ads.deactivate }).click();
      await edited.getByText(t.ads.inactive, { exact: true }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header stays at the top of a full-page shot
      await session.screenshot(page, `admin-ads-${lang}`, { fullPage: true });
      await expectNoSideScroll(page, `admin-ads-${lang}-390`);

      await edited.getByRole('button', { name: t.ads.delete }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.ads.delete }).click();
      await edited.waitFor({ state: 'detached' });
    });
  });

  test('accounts: add (the secret never shown again), disable, enable; /twitter-debug: a result and an error', async () => {
    const label = `e2e-${lang}`;
    await withAdmin(lang, 'accounts', async (page) => {
      await open(page, '/admin?tab=accounts');
      const form = page.locator('[data-slot="account-form"]');
      await form.getByLabel(t.accounts.fields.label).fill(label);
      // A token with a character no HTTP header carries is refused, saying why, and nothing is added.
      await form.getByLabel(t.accounts.fields.bearerToken).fill('AAAA-sécret');
      await form.getByRole('button', { name: t.accounts.add }).click();
      // The server's sentence, once: "Invalid request: bearerToken: …", not the prefix twice.
      const reason = `bearerToken: ${t.accounts.credentialCharacters}`;
      const refusal = form.getByRole('alert');
      await refusal.getByText(t.accounts.credentialCharacters, { exact: false }).waitFor();
      expect(await refusal.textContent()).toBe(fillTemplate(LOCALES[lang].errors.VALIDATION_FAILED, { reason }));
      await session.screenshot(form, `admin-accounts-${lang}-bad-token`);
      await form.getByLabel(t.accounts.fields.bearerToken).fill(SECRET);
      expect(await form.getByLabel(t.accounts.fields.bearerToken).getAttribute('type')).toBe('password');
      await form.getByRole('button', { name: t.accounts.add }).click();

      const row = page.locator(`[data-slot="account-row"][data-label="${label}"]`);
      await row.locator('[data-slot="account-status"]').getByText(t.accounts.status.active, { exact: true }).waitFor();
      await row.getByText(fillTemplate(t.accounts.dailyUsage, { used: '0', limit: '300' })).waitFor();
      expect(await form.getByLabel(t.accounts.fields.bearerToken).inputValue()).toBe('');
      expect(await page.content()).not.toContain(SECRET);
      await page.locator('[data-slot="usage-chart"] canvas').waitFor();

      await row.getByRole('button', { name: t.accounts.disable }).click();
      await row
        .locator('[data-slot="account-status"]')
        .getByText(t.accounts.status.disabled, { exact: true })
        .waitFor();
      await row.getByText(t.accounts.reasons.manual, { exact: true }).waitFor();
      await row.getByRole('button', { name: t.accounts.enable }).click();
      await row.locator('[data-slot="account-status"]').getByText(t.accounts.status.active, { exact: true }).waitFor();
      await session.screenshot(page, `admin-accounts-${lang}`, { fullPage: true });
      await expectNoSideScroll(page, `admin-accounts-${lang}-390`);

      await page.getByRole('link', { name: t.accounts.debugLink }).click();
      await page.getByRole('heading', { name: t.twitterDebug.title, level: 1 }).waitFor();
      await page.getByLabel(t.twitterDebug.username).fill('@aave');
      await page.getByRole('button', { name: t.twitterDebug.run }).click();
      const result = page.locator('[data-slot="debug-result"]');
      await result.locator('[data-slot="debug-mapped"]').getByText('812345').waitFor();
      await result.getByText(new RegExp(label)).first().waitFor();
      await result.locator('[data-slot="debug-raw"]').getByText('"username": "aave"').waitFor();
      expect(await page.content()).not.toContain(SECRET);
      await session.screenshot(page, `twitter-debug-${lang}`, { fullPage: true });
      await expectNoSideScroll(page, `twitter-debug-${lang}-390`);

      // X fails on search (the fake answers 503): a clear error naming X's status, not a crash.
      await page.getByLabel(t.twitterDebug.endpoint).selectOption('search');
      await page.getByRole('button', { name: t.twitterDebug.run }).click();
      const error = page.locator('[data-slot="debug-error"]');
      await error.getByText(/503/).first().waitFor();
      await error.getByText(/X_UPSTREAM_ERROR/).waitFor();
      await session.screenshot(page, `twitter-debug-${lang}-error`);

      // Deleting asks first; the account is gone afterwards.
      await open(page, '/admin?tab=accounts');
      await row.getByRole('button', { name: t.accounts.delete }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.accounts.delete }).click();
      await row.waitFor({ state: 'detached' });
    });
  });

  test('a signed-in user who is not an admin is refused on /twitter-debug', async () => {
    await session.withPage({ lang, baseURL }, `admin-system-user-${lang}`, async (page) => {
      await signUp(page, LOCALES[lang], `system-user-${lang}@example.com`, { verify: false });
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await open(page, '/twitter-debug');
      await page.getByRole('alert').getByText(LOCALES[lang].errors.ADMIN_REQUIRED).waitFor();
    });
  });
});
