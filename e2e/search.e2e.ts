import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { signIn, signUp } from './support/accounts.ts';
import { findSeriousViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// The /search page in the browser: the premium account (support/global-setup.ts) picks a suggestion, runs a
// text search with a sector filter and sees facet counts, saves it (with an alert), finds it in the saved list, and a
// reload of the URL shows the same results; a free user sees the filters locked and the searches-today counter.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-14');

const session = launchFileBrowser(NOTES_DIR);

const screenshot = (page: Page, name: string) => session.screenshot(page, name, { fullPage: true });

function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>) {
  return session.withPage({ lang }, `search-${name}-${lang}`, run);
}

const results = (page: Page) => page.locator('section[aria-labelledby="search-projects"]');
/** The result projects in order (the table and the cards link each project: counted once). */
async function resultIds(page: Page): Promise<string[]> {
  const hrefs = await results(page)
    .locator('a[href^="/project/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

describe.each(['zh', 'en'] as const)('the /search page (%s)', (lang) => {
  const c = LOCALES[lang];
  const t = c.search;

  test('premium: a suggestion opens its project; a text search with a sector filter shows facet counts, is saved, listed, and reloads the same', async () => {
    const premium = inject('premium')[lang];
    await withPage(lang, 'premium', async (page) => {
      await signIn(page, c, premium.email, premium.password);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await open(page, '/search');
      const box = page.getByRole('combobox', { name: t.label });

      // Suggestions as you type (free, not counted): ↓ then Enter opens the project.
      await box.pressSequentially('unis', { delay: 40 });
      await page.getByRole('option', { name: /Uniswap/ }).waitFor();
      await screenshot(page, `search-${lang}-suggestions`);
      await box.press('ArrowDown');
      expect(await page.getByRole('option', { name: /Uniswap/ }).getAttribute('aria-selected')).toBe('true');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/project/uniswap');

      // A text search, then the sector filter: the sector options carry the facet counts of the text search.
      await open(page, '/search');
      await box.fill('swap');
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === 'swap');
      await page.locator('[data-slot="search-total"]').waitFor();
      const quota = page.locator('[data-slot="search-quota"]');
      await quota.getByText(new RegExp(fillTemplate(t.quota.used, { used: '\\d+', limit: '100' }))).waitFor();
      const sector = page.locator('[data-slot="search-filters"]').getByLabel(t.filters.category, { exact: true });
      const defi = sector.locator('option[value="defi"]');
      await expect.poll(() => defi.textContent()).toMatch(/\(\d+\)$/);
      const facetCount = Number((await defi.textContent())?.match(/\((\d+)\)$/)?.[1]);
      expect(facetCount).toBeGreaterThan(0);
      // The same counts as one-click refinements under the filters.
      const chip = page.locator('[data-slot="search-facets"] [data-facet="category"] button[data-value="defi"]');
      expect(await chip.textContent()).toMatch(new RegExp(`${facetCount}$`));
      expect(await page.locator('[data-slot="search-facets"] [data-facet="chain"] button').count()).toBeGreaterThan(0);
      await sector.selectOption('defi');
      await page.waitForURL((url) => url.searchParams.get('category') === 'defi');
      await results(page)
        .locator('[data-slot="search-total"]')
        .getByText(fillTemplate(t.results.projectCount, { count: facetCount }))
        .waitFor();
      const filtered = await resultIds(page);
      expect(filtered).toContain('/project/uniswap');
      expect(filtered.length).toBe(facetCount);
      await screenshot(page, `search-${lang}-filtered`);

      // Save it, with an alert.
      const name = `${lang === 'zh' ? '去中心化交易' : 'DEX swaps'} ${Date.now() % 100_000}`;
      await page.getByRole('button', { name: t.save.open }).click();
      const dialog = page.getByRole('dialog', { name: t.save.title });
      await dialog.getByLabel(t.save.name).fill(name);
      await dialog.getByLabel(t.save.alert).check();
      await dialog.getByLabel(t.save.threshold).fill('60');
      await screenshot(page, `search-${lang}-save-dialog`);
      await dialog.getByRole('button', { name: t.save.submit }).click();
      await page.getByRole('status').getByText(fillTemplate(t.save.done, { name })).waitFor();
      const saved = page.locator('[data-slot="saved-searches"]');
      const link = saved.getByRole('link', { name, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe('/search?q=swap&category=defi');
      const savedId = await saved.locator('li', { hasText: name }).getAttribute('data-saved-search');
      const row = saved.locator(`li[data-saved-search="${savedId}"]`);
      const defiName = lang === 'zh' ? '去中心化金融' : 'DeFi';
      expect(await row.locator('[data-slot="saved-query"]').textContent()).toBe(
        `“swap” · ${t.filters.category}: ${defiName}`,
      );
      expect(await row.getByRole('checkbox').isChecked()).toBe(true);
      await saved
        .locator('[data-slot="alert-usage"]')
        .getByText(new RegExp(fillTemplate(t.saved.alerts, { used: '\\d+', limit: 5 })))
        .waitFor();
      await screenshot(page, `search-${lang}-saved`);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);

      // The URL is the search: a reload shows the same results; back returns to the text-only search.
      await page.reload({ waitUntil: 'domcontentloaded' });
      await results(page).locator('a[href^="/project/"]').first().waitFor();
      expect(await resultIds(page)).toEqual(filtered);
      expect(await sector.inputValue()).toBe('defi');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('category') === null && url.searchParams.get('q') === 'swap');
      // Running the saved search from the list opens its URL.
      await saved.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('category') === 'defi');
      await expect.poll(() => resultIds(page)).toEqual(filtered);

      // Rename it and switch its alert off: the alert slot is freed.
      const usage = saved.locator('[data-slot="alert-usage"]');
      const usedBefore = Number((await usage.textContent())?.match(/(\d+)\s*\/\s*5/)?.[1]);
      await row.getByRole('button', { name: t.saved.rename }).click();
      const renamed = `${name} ✓`;
      await row.getByLabel(t.saved.newName).fill(renamed);
      await row.getByRole('button', { name: t.saved.renameSave }).click();
      await row.getByRole('link', { name: renamed, exact: true }).waitFor();
      await row.getByRole('checkbox').uncheck();
      await usage.getByText(fillTemplate(t.saved.alerts, { used: usedBefore - 1, limit: 5 })).waitFor();
      expect(await row.getByRole('checkbox').isChecked()).toBe(false);
      await screenshot(page, `search-${lang}-saved-renamed`);

      // Clean up: the shared account keeps no saved searches of this run.
      await row.getByRole('button', { name: t.saved.delete }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.saved.delete }).click();
      await row.waitFor({ state: 'detached' });
    });
  });

  test('free: the filters and saved searches are locked with the upgrade message; the counter says n of 10', async () => {
    await withPage(lang, 'free', async (page) => {
      await signUp(page, c, `search-free-${lang}-${Date.now()}@example.com`);
      await open(page, '/search?q=uni');
      const filters = page.locator('[data-slot="search-filters"]');
      await filters.locator('[data-slot="locked-feature"]').getByText(c.errors.FEATURE_LOCKED).waitFor();
      expect(await filters.locator('select').count()).toBe(0);
      await page
        .locator('[data-slot="search-quota"]')
        .getByText(fillTemplate(t.quota.used, { used: 1, limit: 10 }))
        .waitFor();
      await page
        .locator('[data-slot="saved-searches"] [data-slot="locked-feature"]')
        .getByText(c.errors.FEATURE_LOCKED)
        .waitFor();
      await results(page).locator('a[href="/project/uniswap"]').first().waitFor();
      expect(await page.getByRole('button', { name: t.save.open }).count()).toBe(0);
      await screenshot(page, `search-${lang}-free`);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      // On a phone the page does not widen beyond the screen.
      await page.setViewportSize(MOBILE);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await screenshot(page, `search-${lang}-free-mobile`);
    });
  });
});
