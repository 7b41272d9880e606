import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// Trend analysis on the sector page: a premium user sees the sector's daily heat and its rank among sectors
// (the server's startup recompute ranked today), each figure with its source and as-of; a free user sees the locked
// message naming the tier instead.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-14');

const session = launchFileBrowser(NOTES_DIR);

const withPage = (lang: Lang, name: string, run: (page: Page) => Promise<void>) =>
  session.withPage({ lang }, `trend-${name}-${lang}`, run);

/** Signs up or in through the API from inside the page (its cookies); the next page load sees the session. */
async function authenticate(page: Page, path: 'sign-up' | 'sign-in', email: string, password: string) {
  await page.evaluate(
    async ({ path, email, password }) => {
      const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
      const body =
        path === 'sign-up' ? { email, password, confirmPassword: password, acceptTerms: true } : { email, password };
      const response = await fetch(`/api/auth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    },
    { path, email, password },
  );
}

const firstSectorId = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/sectors')).json()).items as { id: string }[])[0]?.id ?? '');
const screenshot = (page: Page, name: string) => session.screenshot(page, name);
const sourcePrefix = (text: string) => text.split('{{')[0] ?? text;

describe.each(['zh', 'en'] as const)('sector trend in the browser (%s)', (lang) => {
  const t = LOCALES[lang];

  test("a premium user sees the sector's daily heat and rank among sectors, with source and as-of", async () => {
    const premium = inject('premium')[lang];
    await withPage(lang, 'premium', async (page) => {
      await open(page, '/');
      await authenticate(page, 'sign-in', premium.email, premium.password);
      const id = await firstSectorId(page);
      await open(page, `/sectors/${id}`);
      const section = page.locator('[data-slot="sector-trend"]');
      await section.locator('table tbody tr').first().waitFor();
      expect(await section.locator('[data-slot="locked-feature"]').count()).toBe(0);
      expect(await section.locator('thead').textContent()).toContain(t.compare.trend.rankAmongSectors);
      // No within-sector column for a sector.
      expect(await section.locator('thead th').count()).toBe(3);
      const row = section.locator('table tbody tr').first();
      expect(await row.getAttribute('data-as-of')).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(await row.locator('td').nth(2).textContent()).toMatch(/^\d+ \/ \d+$/);
      expect(await section.locator('[data-trend-source]').textContent()).toContain(
        sourcePrefix(t.compare.trend.source),
      );
      // The range switch asks again: 7d still shows today.
      await section.getByRole('button', { name: t.compare.ranges['7d'] }).click();
      await expect
        .poll(() => section.getByRole('button', { name: t.compare.ranges['7d'] }).getAttribute('aria-pressed'))
        .toBe('true');
      await section.locator('table tbody tr').first().waitFor();
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `sector-trend-${lang}`);
    });
  });

  test('a free user sees the locked message naming the tier instead of the sector trend', async () => {
    await withPage(lang, 'free', async (page) => {
      await open(page, '/');
      await authenticate(page, 'sign-up', `e2e-trend-free-${lang}-${Date.now()}@example.com`, 'e2e-password-42');
      const id = await firstSectorId(page);
      await open(page, `/sectors/${id}`);
      const locked = page.locator('[data-slot="sector-trend"] [data-slot="locked-feature"]');
      await locked.getByText(t.errors.FEATURE_LOCKED).waitFor();
      await locked.getByRole('link', { name: t.app.locked.upgrade }).waitFor();
      expect(await page.locator('[data-slot="sector-trend"] table').count()).toBe(0);
      await page.locator('[data-slot="sector-trend"]').scrollIntoViewIfNeeded();
      await screenshot(page, `sector-trend-free-${lang}`);
    });
  });
});
