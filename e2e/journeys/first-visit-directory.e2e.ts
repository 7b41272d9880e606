import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../../src/shared/locales/index.ts';
import { authenticateInPage } from '../support/accounts.ts';
import { fetchProjects } from '../support/api.ts';
import { baseUrl, DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { callApi } from '../support/page-api.ts';

// What a newcomer walks through: the directory an investor expects (price, 24 h and 7 d change
// with ▲▼ and a sign, market cap, volume, a 7-day heat line, a sticky header, 20/50/100 rows, a watchlist star for a
// signed-in premium user, the up/down colours a preference) at 1440 and 390 px, and the project page (price in the
// header, a short summary for a project with few inputs, 未认证 in a neutral tone). Screenshots: e2e-artifacts.
const LOCALES = { zh, en } as const;
const WIDE = { width: 1440, height: 900 } as const;
const session = launchFileBrowser();
const shot = (page: Page, name: string) => session.screenshot(page, `first-visit-directory-${name}`);

/**
 * A computed colour as sRGB channels: the browser paints it on a canvas and reads the pixel back, so oklch() (how
 * Tailwind 4 writes its palette) compares like rgb().
 */
const rgbOf = (locator: Locator, property: 'color' | 'backgroundColor' = 'color') =>
  locator.evaluate((element, prop) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) return [0, 0, 0];
    context.fillStyle = getComputedStyle(element)[prop];
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, property);

/** The colour of the first change of a direction in the table: red or green, by the channel that leads. */
const changeColour = async (page: Page, direction: 'up' | 'down'): Promise<'red' | 'green'> => {
  const [r = 0, g = 0] = await rgbOf(
    page.locator(`[data-slot="directory-table"] [data-change="${direction}"]`).first(),
  );
  return r > g ? 'red' : 'green';
};

// The e2e server prices one catalogue project (curve: $0.50, +25 % in 24 h; support/global-setup.ts); the rest are
// the catalogue's sample without prices. Sorting by the 24 h change puts it first.
const BY_CHANGE = '/directory?sort=change_24h';

async function directoryTable(page: Page, path = BY_CHANGE): Promise<Locator> {
  await open(page, path);
  const table = page.locator('[data-slot="directory-table"]');
  await table.locator('tbody tr').first().waitFor();
  return table;
}

describe.each(['zh', 'en'] as const)('first visit: the directory and a project page (%s)', (lang: Lang) => {
  const c = LOCALES[lang];
  const d = c.directory;
  // The language's default: Chinese red up (红涨绿跌), English green up.
  const defaultUp = lang === 'zh' ? 'red' : 'green';
  const otherUp = lang === 'zh' ? 'green' : 'red';

  test('1440 px: the investor columns, ▲▼ with signs, heat lines, sticky header, 50 rows, colours from the footer', async () => {
    await session.withPage({ lang, viewport: WIDE }, `first-visit-directory-1440-${lang}`, async (page) => {
      const table = await directoryTable(page);
      for (const name of [
        d.table.price,
        d.table.change24hShort,
        d.table.change7dShort,
        d.table.marketCap,
        d.table.volume,
      ]) {
        await table.getByRole('columnheader', { name, exact: true }).waitFor();
      }
      await table.getByRole('columnheader', { name: d.table.heat7d }).waitFor();

      // A change reads with its arrow and its sign, never colour alone.
      const changes = await table.locator('[data-change="up"], [data-change="down"]').allTextContents();
      expect(changes.length).toBeGreaterThan(0);
      for (const text of changes) expect(text).toMatch(/▲\s*\+\d|▼\s*-\d/);
      expect(await table.locator('td[data-column="price"]').first().textContent()).toMatch(/\$0\.50/);

      // Each row has a heat line or says "no data" in words; a line's days come from the API, gaps included.
      const api = await fetchProjects('sort=change_24h&limit=20');
      const lines = table.locator('tbody td[data-column="heat7d"]');
      expect(await lines.count()).toBe(20);
      for (const [index, item] of api.items.slice(0, 5).entries()) {
        const known = (api.heat7d.scores[item.id] ?? []).filter((s) => s !== null).length;
        const cell = lines.nth(index);
        if (known === 0) expect(await cell.textContent()).toBe(d.sparkline.noData);
        else expect(Number(await cell.locator('svg').getAttribute('data-points'))).toBe(known);
      }
      expect(await table.locator('svg[role="img"]').count()).toBeGreaterThan(0);
      expect(await changeColour(page, 'up')).toBe(defaultUp);
      await shot(page, `1440-${lang}`);

      // The header stays at the top of the table's box while the rows scroll under it.
      const head = table.locator('thead');
      await table.evaluate((box) => box.scrollBy(0, 400));
      await expect.poll(() => table.evaluate((box) => box.scrollTop)).toBeGreaterThan(0);
      const [headTop, boxTop] = await Promise.all([
        head.evaluate((el) => el.getBoundingClientRect().top),
        table.evaluate((el) => el.getBoundingClientRect().top),
      ]);
      expect(Math.abs(headTop - boxTop)).toBeLessThanOrEqual(2);
      await shot(page, `1440-${lang}-scrolled`);

      // 50 rows a page, kept in the URL.
      await page.getByLabel(d.pageSize.label).selectOption('50');
      await page.waitForURL(/pageSize=50/);
      await expect.poll(() => table.locator('tbody tr').count()).toBe(50);

      // The footer switch flips the colours of every change at once (a visitor: kept in this browser).
      const footer = page.locator('footer [data-slot="price-colours"]');
      await footer.getByRole('button', { name: new RegExp(c.app.priceColours[`${otherUp}-up`]) }).click();
      await expect.poll(() => changeColour(page, 'up')).toBe(otherUp);
      await page.reload();
      await table.locator('tbody tr').first().waitFor();
      await expect.poll(() => changeColour(page, 'up')).toBe(otherUp);
    });
  });

  test('390 px: the table scrolls in its own box with the name pinned; heat, price and 24 h readable', async () => {
    // Chinese in the dark theme: the pinned name's ground and the up/down colours read there too.
    const theme = lang === 'zh' ? 'dark' : 'light';
    await session.withPage({ lang, theme, viewport: MOBILE }, `first-visit-directory-390-${lang}`, async (page) => {
      const table = await directoryTable(page);
      await expectNoSidewaysScroll(page, MOBILE.width);

      // Heat, price and 24 h end inside the table's box: read without any sideways scroll.
      const row = table.locator('tbody tr').first();
      const boxRight = await table.evaluate((el) => el.getBoundingClientRect().right);
      const right = (column: string) =>
        row.locator(`td[data-column="${column}"]`).evaluate((el) => el.getBoundingClientRect().right);
      for (const column of ['heat', 'price', 'change24h']) {
        expect(await right(column), column).toBeLessThanOrEqual(boxRight + 1);
      }
      expect(await row.locator('td[data-column="change24h"]').textContent()).toMatch(/▲\s*\+25/);
      await shot(page, `390-${lang}`);

      // Sideways inside the box: the name stays at the box's left edge.
      const name = row.locator('td[data-column="project"]');
      await table.evaluate((box) => box.scrollBy(300, 0));
      await expect.poll(() => table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
      const [nameLeft, boxLeft] = await Promise.all([
        name.evaluate((el) => el.getBoundingClientRect().left),
        table.evaluate((el) => el.getBoundingClientRect().left),
      ]);
      expect(Math.abs(nameLeft - boxLeft)).toBeLessThanOrEqual(2);
      expect(await name.locator('a').first().isVisible()).toBe(true);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await shot(page, `390-${lang}-scrolled`);
    });
  });

  test('a premium user stars a row into a watchlist; the colours chosen in settings follow the account', async () => {
    const premium = inject('premium')[lang];
    await session.withPage({ lang, viewport: DESKTOP }, `first-visit-directory-star-${lang}`, async (page) => {
      await open(page, '/');
      await authenticateInPage(page, 'sign-in', premium.email, premium.password);
      const table = await directoryTable(page);
      const row = table.locator('tbody tr').nth(2);
      const projectName = (await row.locator('td[data-column="project"] a').first().textContent()) ?? '';
      await row.locator('[data-slot="watch-star"]').click();
      const panel = page.locator('[data-slot="watch-star-panel"]');
      const listName = `${lang === 'zh' ? '星标' : 'Starred'} ${Date.now() % 100_000}`;
      await panel.getByRole('textbox').fill(listName);
      await panel.getByRole('button', { name: c.watchlists.button.createAndAdd }).click();
      await panel.getByRole('button', { name: `✓ ${listName}` }).waitFor();
      expect(await row.locator('[data-slot="watch-star"]').textContent()).toBe('★');
      await shot(page, `star-${lang}`);
      await page.keyboard.press('Escape');
      // After a reload the star is still filled: the page asks once which projects are in my lists.
      await page.reload();
      await row.locator('[data-slot="watch-star"][data-watched="true"]').waitFor();

      // The list really holds the project.
      const lists = await page.evaluate(async () => (await fetch('/api/watchlists')).json());
      const list = lists.items.find((item: { name: string }) => item.name === listName);
      const detail = await page.evaluate(async (id) => (await fetch(`/api/watchlists/${id}`)).json(), list.id);
      expect(JSON.stringify(detail)).toContain(projectName);

      // Settings: the other convention; stored on the account, so a fresh browser of the same user has it too.
      await open(page, '/settings');
      const section = page.locator('main [data-slot="price-colours"]');
      await section.getByRole('button', { name: new RegExp(c.app.priceColours[`${otherUp}-up`]) }).click();
      await expect
        .poll(() => page.evaluate(async () => (await (await fetch('/api/me/preferences')).json()).priceColours))
        .toBe(`${otherUp}-up`);
      await shot(page, `settings-${lang}`);
      await page.evaluate(() => localStorage.removeItem('priceColours'));
      await directoryTable(page);
      await expect.poll(() => changeColour(page, 'up')).toBe(otherUp);
      await callApi(page, 'PUT', '/api/me/preferences', { priceColours: null });
    });
  });

  test("a visitor sees no star; a free user's star explains the premium lock instead of doing nothing", async () => {
    await session.withPage({ lang, viewport: DESKTOP }, `first-visit-directory-free-star-${lang}`, async (page) => {
      const visitorTable = await directoryTable(page);
      expect(await visitorTable.locator('[data-slot="watch-star"]').count()).toBe(0);

      await authenticateInPage(
        page,
        'sign-up',
        `first-visit-free-${lang}-${Date.now()}@example.com`,
        'e2e-password-42',
      );
      const table = await directoryTable(page);
      await table.locator('[data-slot="watch-star"]').first().click();
      const locked = page.locator('[data-slot="watch-star-panel"] [data-slot="locked-feature"]');
      await locked.getByText(c.errors.FEATURE_LOCKED).waitFor();
      await locked.getByRole('link', { name: c.app.locked.upgrade }).waitFor();
      await shot(page, `free-star-${lang}`);
    });
  });

  test('project pages: the price in the header, few inputs summarised, 未认证 in a neutral tone', async () => {
    const p = c.project;
    await session.withPage({ lang, viewport: WIDE }, `first-visit-project-${lang}`, async (page) => {
      const priced = (await fetchProjects('sort=change_24h&limit=1')).items[0];
      if (!priced?.price) throw new Error('no priced project in the catalogue');
      await open(page, `/project/${priced.id}`);
      const price = page.locator('[data-slot="header-price"]');
      await price.waitFor();
      expect(await price.textContent()).toMatch(/[▲▼]\s*[+-]\d|0\.00%/);
      await shot(page, `project-priced-${lang}`);

      // A project with few inputs: the summary instead of a wall of "no data"; not verified reads neutral.
      const sparse = await findSparseProject();
      await open(page, `/project/${sparse}`);
      const summary = page.locator('[data-slot="few-inputs"]');
      await summary.getByRole('heading', { name: p.metrics.summary.known }).waitFor();
      await summary.getByRole('heading', { name: p.metrics.summary.unknown }).waitFor();
      const unverified = page.locator('main header [data-unverified-badge]');
      expect(await unverified.textContent()).toBe(c.provenance.verified.none);
      // Grey text on a grey ground: no warning hue (amber, red, yellow) — every channel within a few steps of the others.
      const badge = unverified.locator('span').first();
      for (const channels of [await rgbOf(badge), await rgbOf(badge, 'backgroundColor')]) {
        expect(Math.max(...channels) - Math.min(...channels)).toBeLessThan(40);
      }
      // The heat score's age factor in words: what this project's age does, and the whole rule.
      const age = page.locator('[data-age-explained]').first();
      await age.waitFor();
      expect(await age.textContent()).toContain(c.heat.table.ageWords.schedule);

      // The social score's card fits its column at 1440 px: nothing scrolls sideways inside it.
      const social = page.getByRole('region', { name: c.heat.table.socialTitle });
      await social.waitFor();
      expect(await social.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
      await shot(page, `project-sparse-${lang}`);
    });
  });
});

/** A catalogue project with at most five known figures and no verification (the sparse end of the heat ranking). */
async function findSparseProject(): Promise<string> {
  const tail = await fetchProjects('sort=heat&order=asc&limit=40');
  for (const item of tail.items) {
    if (item.verified) continue;
    const project = await (await fetch(new URL(`/api/projects/${item.id}`, baseUrl()))).json();
    const values = [
      ...Object.values(project.metrics),
      ...Object.values(project.followers),
      ...Object.values(project.social),
      ...Object.values(project.development),
      project.news.mentions,
      project.news.googleTrends,
      project.news.redditMentions,
    ];
    if (values.filter((value) => value !== null).length <= 5) return item.id;
  }
  throw new Error('no sparse, unverified project in the catalogue');
}
