import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { en, zh } from '../../src/shared/locales/index.ts';
import { expectNoSidewaysScroll, type Lang, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { fillTemplate } from '../support/text.ts';

// The first visit's search in zh and en: the header box (desktop 1440, the mobile menu at 390) finds
// 以太坊 by typing 以太 and opens it; the home search suggests; the directory's name filter finds 以太坊; /membership
// states what counts as a search; a visitor who used up the 10 daily searches reads the limit message with its reset
// time and the way to more — never the "data loading failed" banner. Each context has its own client address
// (support/browser.ts), so this visitor's count is its own.
const LOCALES = { zh, en } as const;
const DESKTOP_WIDE = { width: 1440, height: 900 } as const;
const session = launchFileBrowser();
const shot = (page: Page, name: string, fullPage = false) => session.screenshot(page, name, { fullPage });

/** Types 以太 into a combobox and waits for Ethereum among its suggestions. */
async function typeEthereumPrefix(page: Page, box: ReturnType<Page['getByRole']>) {
  await box.click();
  await box.pressSequentially('以太', { delay: 60 });
  const option = page.getByRole('option', { name: /Ethereum/ }).first();
  await option.waitFor();
  return option;
}

/**
 * The header's search box: in the bar where the links leave room for it (zh from 1280 px, en from 1536 px), else behind
 * the bar's search button (its panel opens below the bar, focused).
 */
async function headerSearchBox(page: Page, label: string) {
  const banner = page.getByRole('banner');
  const toggle = banner.getByRole('button', { name: label });
  if (await toggle.isVisible()) {
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  }
  const box = banner.getByRole('combobox', { name: label });
  await box.waitFor();
  return box;
}

describe.each(['zh', 'en'] as const)('first visit: finding a project by name (%s)', (lang: Lang) => {
  const c = LOCALES[lang];
  const headerLabel = c.app.projectSearch.label;

  test('desktop 1440: header and home search suggest 以太坊, the directory filter finds it, the limit reads as a limit', async () => {
    await session.withPage({ lang, viewport: DESKTOP_WIDE }, `first-visit-search-desktop-${lang}`, async (page) => {
      // The header box, on the home page: 以太 → Ethereum first; choosing it opens the project.
      await open(page, '/');
      const header = await headerSearchBox(page, headerLabel);
      const option = await typeEthereumPrefix(page, header);
      const first = page.getByRole('banner').getByRole('option').first();
      expect(await first.textContent()).toContain('Ethereum');
      await shot(page, `first-visit-search-header-${lang}`);
      await option.click();
      await page.waitForURL((url) => url.pathname === '/project/ethereum');
      await page.locator('main h1', { hasText: 'Ethereum' }).waitFor();

      // The home page's own box suggests too; Enter (no suggestion chosen) runs the search on /search.
      await open(page, '/');
      const home = page.locator('[data-slot="home-search"]').getByRole('combobox');
      await typeEthereumPrefix(page, home);
      await shot(page, `first-visit-search-home-${lang}`);
      await home.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === '以太');
      const results = page.locator('section[aria-labelledby="search-projects"]');
      await results.locator('a[href="/project/ethereum"]').first().waitFor();
      await page
        .locator('[data-slot="search-quota"]')
        .getByText(fillTemplate(c.search.quota.used, { used: 1, limit: 10 }))
        .waitFor();

      // The directory's name filter (free): 以太坊 → exactly Ethereum.
      await open(page, '/directory');
      await page.getByLabel(c.directory.filters.search, { exact: true }).fill('以太坊');
      await page.waitForURL((url) => url.searchParams.get('q') === '以太坊');
      const table = page.locator('main');
      await table.locator('a[href="/project/ethereum"]').first().waitFor();
      await expect
        .poll(
          async () =>
            new Set(
              await table
                .locator('a[href^="/project/"]')
                .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
            ).size,
        )
        .toBe(1);
      await shot(page, `first-visit-search-directory-${lang}`);

      // /membership says which searches count.
      await open(page, '/membership');
      const rule = page.locator('[data-slot="search-rule"]');
      await rule.getByText(c.membership.searchRule.free).waitFor();
      await rule.getByText(fillTemplate(c.membership.searchRule.counted, { free: 10, premium: 100 })).waitFor();
      await session.screenshot(rule, `first-visit-search-membership-rule-${lang}`);

      // Nine more counted searches use up the visitor's 10; the next one reads the limit, its reset and the way on.
      const codes = await page.evaluate(async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 9; i++) statuses.push((await fetch(`/api/search?q=uni${i}`)).status);
        return statuses;
      });
      expect(codes).toEqual(Array(9).fill(200));
      await open(page, '/');
      const again = await headerSearchBox(page, headerLabel);
      await again.fill('uniswap');
      await again.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'uniswap');
      const limit = page.locator('[data-slot="locked-feature"][data-lock="limit"]');
      await limit.getByText(fillTemplate(c.errors.SEARCH_LIMIT_REACHED, { limit: 10 })).waitFor();
      const resets = new RegExp(fillTemplate(c.app.locked.resetsAt, { time: '.+' }));
      await limit.getByText(resets).waitFor();
      expect(await limit.getByRole('link', { name: c.app.locked.upgrade }).getAttribute('href')).toBe('/membership');
      expect(await limit.getByRole('link', { name: c.app.locked.earnPoints }).getAttribute('href')).toBe('/tasks');
      // The refusal is the reader's own limit, not a failure: no "data loading failed" banner, now or a moment later.
      await page.waitForTimeout(500);
      expect(await page.getByTestId('offline-banner').count()).toBe(0);
      expect(await page.getByText(c.app.offline.failed).count()).toBe(0);
      await shot(page, `first-visit-search-limit-${lang}`);

      // A name is still found at the limit: suggestions are free.
      await open(page, '/');
      await typeEthereumPrefix(page, await headerSearchBox(page, headerLabel));
    });
  });

  test('phone 390: the mobile menu holds the search box; 以太 suggests 以太坊 and opens it', async () => {
    await session.withPage({ lang, viewport: MOBILE }, `first-visit-search-mobile-${lang}`, async (page) => {
      await open(page, '/');
      // The header itself keeps its width for the brand: the box is in the menu.
      expect(await page.getByRole('banner').getByRole('combobox', { name: headerLabel }).count()).toBe(0);
      await page.getByRole('button', { name: c.app.nav.openMenu }).click();
      const menu = page.getByRole('navigation', { name: c.app.nav.mobile });
      const box = menu.getByRole('combobox', { name: headerLabel });
      const option = await typeEthereumPrefix(page, box);
      await shot(page, `first-visit-search-mobile-menu-${lang}`);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await option.click();
      await page.waitForURL((url) => url.pathname === '/project/ethereum');
      await page.locator('main h1', { hasText: 'Ethereum' }).waitFor();
      expect(await menu.count()).toBe(0); // the menu closed with the choice
    });
  });
});
