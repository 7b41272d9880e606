import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { authenticateInPage } from './support/accounts.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// Quotas and locked features in the browser: a premium-locked feature shows the upgrade message naming the
// tier, the 11th search of a day shows the limit, and an admin's test mode changes what /membership shows and puts a
// banner on every page until it is turned off.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-13');

const session = launchFileBrowser(NOTES_DIR);

function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>) {
  return session.withPage({ lang }, `membership-${name}-${lang}`, run);
}

/** Runs searches through the API (each counts, as the page's would). */
async function searchTimes(page: Page, n: number) {
  const codes = await page.evaluate(async (count) => {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await fetch(`/api/search?q=warm${i}`)).status);
    return out;
  }, n);
  expect(codes).toEqual(Array(n).fill(200));
}

const screenshot = (page: Page, name: string) => session.screenshot(page, name);

describe.each(['zh', 'en'] as const)('membership in the browser (%s)', (lang) => {
  const t = LOCALES[lang];
  const level = (l: 'free' | 'premium' | 'vip') => t.membership.levels[l];

  test('a visitor is asked to sign in; a free user sees the premium upgrade message on the locked filter', async () => {
    await withPage(lang, 'locked', async (page) => {
      await open(page, '/search?q=uni');
      const filters = page.locator('[data-slot="search-filters"]');
      await filters.getByText(t.errors.SIGN_IN_REQUIRED).waitFor();
      await filters.getByRole('link', { name: t.app.locked.signIn }).waitFor();
      await open(page, '/membership');
      await page
        .locator('[data-slot="locked-feature"][data-lock="signIn"]')
        .getByText(t.errors.SIGN_IN_REQUIRED)
        .waitFor();
      await screenshot(page, `membership-visitor-${lang}`);

      await authenticateInPage(page, 'sign-up', `e2e-locked-${lang}-${Date.now()}@example.com`, 'e2e-password-42');
      await open(page, '/search?q=uni');
      const locked = filters.locator('[data-slot="locked-feature"]');
      await locked.getByText(t.errors.FEATURE_LOCKED).waitFor();
      expect(await locked.getAttribute('data-lock')).toBe('locked');
      await locked.getByRole('link', { name: t.app.locked.upgrade }).waitFor();
      expect(await filters.locator('select').count()).toBe(0);
      await screenshot(page, `locked-filter-${lang}`);

      // The server refuses the filter too: a hand-typed URL gets the same message from the 403.
      await open(page, '/search?q=uni&category=defi');
      await page.locator('main section[aria-labelledby="search-projects"] [data-slot="locked-feature"]').waitFor();
    });
  });

  test('the 11th search of the day shows the limit message; the 10th says none are left', async () => {
    await withPage(lang, 'limit', async (page) => {
      await open(page, '/');
      await authenticateInPage(page, 'sign-up', `e2e-limit-${lang}-${Date.now()}@example.com`, 'e2e-password-42');
      await searchTimes(page, 9);
      await open(page, '/search?q=uni');
      const note = page.locator('[data-slot="search-quota"]');
      await note.getByText(t.search.quota.used.replace('{{used}}', '10').replace('{{limit}}', '10')).waitFor();
      await page.locator('main a[href^="/project/"]').first().waitFor();

      const input = page.getByRole('combobox', { name: t.search.label });
      await input.fill('eth');
      await input.press('Enter');
      const limit = page.locator('[data-slot="locked-feature"][data-lock="limit"]');
      await limit.getByText(t.errors.SEARCH_LIMIT_REACHED.replace('{{limit}}', '10')).waitFor();
      await limit.getByRole('link', { name: t.app.locked.upgrade }).waitFor();
      await note.getByText(t.search.quota.used.replace('{{used}}', '10').replace('{{limit}}', '10')).waitFor();
      await screenshot(page, `search-limit-${lang}`);

      // /membership shows this user's usage: 10 of 10 searches.
      await open(page, '/membership');
      const searches = page.locator('[data-slot="my-quotas"] tr[data-quota="dailySearches"] [data-slot="quota-value"]');
      await searches.getByText('10 / 10', { exact: true }).waitFor();
      await page.locator('[data-slot="my-quotas"]').scrollIntoViewIfNeeded();
      await screenshot(page, `membership-usage-${lang}`);
    });
  });

  test('an admin previews VIP: the limits on /membership change, a banner shows on every page, then turns it off', async () => {
    const admin = inject('admin')[lang];
    await withPage(lang, 'test-mode', async (page) => {
      await open(page, '/');
      await authenticateInPage(page, 'sign-in', admin.email, admin.password);
      await open(page, '/membership');
      const searches = page.locator('[data-slot="my-quotas"] tr[data-quota="dailySearches"] [data-slot="quota-value"]');
      await searches.getByText(/^\d+ \/ 10$/).waitFor(); // the admin's own searches of earlier runs count
      const banner = page.locator('[data-slot="test-mode-banner"]');
      expect(await banner.count()).toBe(0);

      const switcher = page.locator('[data-slot="test-mode-switcher"]');
      await switcher
        .getByRole('button', { name: t.membership.testMode.preview.replace('{{level}}', level('vip')) })
        .click();
      await banner.getByText(t.membership.testMode.banner.replace('{{level}}', level('vip'))).waitFor();
      await searches.getByText(new RegExp(`^\\d+ / ${t.membership.quotas.unlimited}$`)).waitFor();
      await page.locator('[data-slot="current-level"]').getByText(level('vip'), { exact: true }).waitFor();
      await screenshot(page, `test-mode-vip-${lang}`);
      // On a phone the banner wraps instead of widening the page.
      await page.setViewportSize(MOBILE);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `test-mode-vip-mobile-${lang}`);
      await page.setViewportSize(DESKTOP);

      // On every page, and the previewed level applies to the checks: the premium filter is open.
      await open(page, '/search?q=uni');
      await banner.waitFor();
      await page.locator('[data-slot="search-filters"] select').first().waitFor();
      await screenshot(page, `test-mode-search-${lang}`);

      await banner.getByRole('button', { name: t.membership.testMode.turnOff }).click();
      await banner.waitFor({ state: 'detached' });
      await page.locator('[data-slot="search-filters"] [data-slot="locked-feature"]').waitFor();
      await open(page, '/membership');
      await searches.getByText(/^\d+ \/ 10$/).waitFor(); // the admin's own searches of earlier runs count
      expect(await banner.count()).toBe(0);
    });
  });
});
