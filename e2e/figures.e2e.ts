import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { fetchProjects } from './support/api.ts';
import { baseUrl, expectNoSidewaysScroll, MOBILE, open, trackPageErrors } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// Numbers, layout and charts as readers expect them (and /data-tool's sorting), against the
// real server with the built-in catalogue. Screenshots go to e2e-artifacts/screenshots/figures-*.png.
const WIDE = { width: 1440, height: 900 } as const;
const LOCALES = { zh, en } as const;
const NBSP = '\u00a0';

const session = launchFileBrowser();

async function newPage(lang: 'zh' | 'en', viewport: { width: number; height: number } = WIDE) {
  const context = await session.newContext({ lang, theme: 'light', viewport });
  return context.newPage();
}

const shot = (page: Page, name: string) => session.screenshot(page, `figures-${name}`, { fullPage: true });

describe('/tool at 1440 px', () => {
  test.each(['zh', 'en'] as const)(
    '%s: a real momentum (7 d change) column, and the chains column is not clipped',
    async (lang) => {
      const page = await newPage(lang);
      const texts = LOCALES[lang].directory.table;
      await open(page, '/tool');
      const table = page.locator('main table').first();
      await table.locator('tbody tr').first().waitFor();

      await table.getByRole('columnheader', { name: texts.momentum }).waitFor();
      const geometry = await table.evaluate((element) => {
        const box = element.parentElement as HTMLElement;
        const chains = [...element.querySelectorAll('thead th')].find(
          (th) => th.textContent === 'Chains' || th.textContent === '公链',
        );
        return {
          tableWidth: element.scrollWidth,
          boxWidth: box.clientWidth,
          chainsShown: chains ? getComputedStyle(chains).display !== 'none' : false,
          chainsRight: chains?.getBoundingClientRect().right ?? 0,
          boxRight: box.getBoundingClientRect().right,
          momentumCells: element.querySelectorAll('tbody td[data-column="momentum"]').length,
          rows: element.querySelectorAll('tbody tr').length,
        };
      });
      expect(geometry.chainsShown).toBe(true);
      expect(geometry.tableWidth).toBeLessThanOrEqual(geometry.boxWidth);
      expect(geometry.chainsRight).toBeLessThanOrEqual(geometry.boxRight + 1);
      expect(geometry.momentumCells).toBe(geometry.rows);
      await shot(page, `tool-${lang}-1440`);
      await page.context().close();
    },
  );
});

describe('large numbers', () => {
  test('zh reads 万亿美元 by default, $…T with the K/M/B setting (kept across reloads); en reads $…T; never "$2100.0B"', async () => {
    const [bitcoin] = (await fetchProjects('q=bitcoin&limit=1')).items;
    if (!bitcoin?.marketCap || bitcoin.marketCap < 1e12)
      throw new Error('the catalogue has no trillion-dollar project');
    const page = await newPage('zh');
    const errors = trackPageErrors(page);
    await open(page, '/tool');
    const row = page.locator('main table tbody tr', { hasText: bitcoin.name });

    await row
      .getByText(/万亿美元$/)
      .first()
      .waitFor();
    expect(await row.textContent()).toContain(`${NBSP}万亿美元`);
    expect(await page.locator('main').textContent()).not.toMatch(/\$\d{4,}\.\dB/);
    await shot(page, 'tool-zh-cjk');

    const footer = page.locator('footer');
    await footer.getByRole('button', { name: zh.app.numberStyle.western }).click();
    await row
      .getByText(/^\$\d+\.\dT$/)
      .first()
      .waitFor();
    expect(await footer.getByRole('button', { name: zh.app.numberStyle.western }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.reload();
    await page
      .locator('main table tbody tr', { hasText: bitcoin.name })
      .getByText(/^\$\d+\.\dT$/)
      .first()
      .waitFor();

    await footer.getByRole('button', { name: zh.app.numberStyle.cjk }).click();
    await row
      .getByText(/万亿美元$/)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();

    const english = await newPage('en');
    await open(english, '/tool');
    await english
      .locator('main table tbody tr', { hasText: bitcoin.name })
      .getByText(/^\$\d+\.\dT$/)
      .first()
      .waitFor();
    // The footer loads after the page (app-shell.tsx): present first, so the check below cannot pass on its absence.
    await english.locator('footer').getByText(en.app.footer.attribution).waitFor();
    expect(await english.locator('footer').getByRole('button', { name: en.app.numberStyle.western }).count()).toBe(0);
    await english.context().close();
  });

  test('an empty value is "—" with its reason on hover and for screen readers', async () => {
    const page = await newPage('en');
    await open(page, '/data-tool');
    // A missing social score reads "No data" in words, not "—": this test is about the dashes.
    const empty = page.locator('main table [data-empty-value]:not([data-empty-value="noSocial"])').first();
    await empty.waitFor();

    const title = await empty.getAttribute('title');
    expect([en.app.figures.noData, en.app.figures.notListed]).toContain(title);
    expect(await empty.locator('[aria-hidden="true"]').textContent()).toBe('—');
    expect(await empty.locator('.sr-only').textContent()).toBe(title);
    await page.context().close();
  });
});

describe('/data-tool sorting', () => {
  const HEADERS = [
    { sort: 'name', label: (l: typeof en) => l.directory.table.project },
    { sort: 'heat', label: (l: typeof en) => l.directory.table.heat },
    { sort: 'social', label: (l: typeof en) => l.directory.table.social },
    { sort: 'price', label: (l: typeof en) => l.directory.table.price },
    { sort: 'market_cap', label: (l: typeof en) => l.directory.table.marketCap },
    { sort: 'volume', label: (l: typeof en) => l.directory.table.volume },
    { sort: 'change_24h', label: (l: typeof en) => l.directory.table.change24h },
    { sort: 'listed', label: (l: typeof en) => l.directory.table.listed },
    { sort: 'followers', label: (l: typeof en) => l.project.metrics.followersTwitter },
  ] as const;

  test("every column with a sort button sorts (the first row is the API's first, empty values last)", async () => {
    const page = await newPage('en');
    await open(page, '/data-tool');
    await page.locator('main table tbody tr').first().waitFor();
    const buttons = await page.locator('main table thead th button').count();
    expect(buttons).toBe(HEADERS.length);

    for (const { sort, label } of HEADERS) {
      const defaultOrder = sort === 'name' ? 'asc' : 'desc';
      const expected = await fetchProjects(`sort=${sort}&order=${defaultOrder}&limit=50`);
      const header = page.getByRole('columnheader', { name: label(en), exact: true });
      if ((await header.getAttribute('aria-sort')) === null) await header.getByRole('button').click();
      await page.waitForFunction(
        (s) =>
          new URL(window.location.href).searchParams.get('sort') === s || (s === 'heat' && !window.location.search),
        sort,
      );
      await expect
        .poll(() => header.getAttribute('aria-sort'), { message: sort })
        .toBe(defaultOrder === 'asc' ? 'ascending' : 'descending');
      const firstName = page.locator('main table tbody tr').first().locator('td').nth(1).locator('a');
      await expect.poll(() => firstName.textContent(), { message: sort }).toContain(expected.items[0]?.name ?? '');
    }
    // Sorted by market cap (descending, then ascending), the empty cells come after every figure: look at the page
    // where the figures end.
    for (const order of ['desc', 'asc']) {
      const pages = await Promise.all(
        [0, 100].map((offset) => fetchProjects(`sort=market_cap&order=${order}&limit=100&offset=${offset}`)),
      );
      const boundary = pages.flatMap((p) => p.items).findIndex((p) => p.marketCap === null);
      if (boundary < 0) continue;
      const pageNumber = Math.floor(boundary / 50) + 1;
      // The rows are compared with the answer the page itself received: the e2e server is shared with the other
      // files' tests, which add and edit projects, so the page's answer can differ by a project from the one above.
      const answer = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/projects' && url.searchParams.get('sort') === 'market_cap';
      });
      await open(page, `/data-tool?sort=market_cap&order=${order}${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
      const shown = (await (await answer).json()) as { items: { marketCap: number | null }[] };
      await page.locator('main table tbody tr').first().waitFor();
      const cells = await page
        .locator('main table tbody tr td:nth-child(7)')
        .evaluateAll((tds) => tds.map((td) => td.querySelector('[data-empty-value]') !== null));
      const firstEmpty = cells.indexOf(true);
      expect(firstEmpty, order).toBe(shown.items.findIndex((project) => project.marketCap === null));
      expect(firstEmpty, order).toBeGreaterThanOrEqual(0);
      expect(cells.slice(firstEmpty).every(Boolean), order).toBe(true);
    }
    await page.context().close();
  });

  test.each(['zh', 'en'] as const)('%s: sorting by a column that is empty for every project says so', async (lang) => {
    const empty = await fetchProjects('sort=change_24h&limit=1');
    const filled = await fetchProjects('sort=market_cap&limit=1');
    expect(filled.items[0]?.marketCap).not.toBeNull();
    const page = await newPage(lang);
    const notice = (column: string) => LOCALES[lang].home.variants.dataTool.emptySort.replace('{{column}}', column);

    await open(page, '/data-tool?sort=market_cap');
    await page.locator('main table tbody tr').first().waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: notice(LOCALES[lang].directory.sort.market_cap) })
        .count(),
    ).toBe(0);

    await open(page, '/data-tool?sort=change_24h');
    if (empty.items[0]?.priceChange24h === null) {
      await page.getByText(notice(LOCALES[lang].directory.sort.change_24h)).waitFor();
      await shot(page, `data-tool-empty-sort-${lang}`);
    }
    await page.context().close();
  });
});

describe('phones', () => {
  test('the directory filters fold behind a button that counts the active ones', async () => {
    const page = await newPage('en', MOBILE);
    await open(page, '/directory?category=DeFi&chain=Ethereum');
    const toggle = page.getByRole('button', { name: new RegExp(en.directory.filters.show) });
    const sector = page.getByLabel(en.directory.filters.sector);

    await toggle.waitFor();
    expect(await toggle.textContent()).toContain(en.directory.filters.activeCount.replace('{{count}}', '2'));
    expect(await sector.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await shot(page, 'directory-390-folded');

    await toggle.click();

    await sector.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectNoSidewaysScroll(page, MOBILE.width);
    await page.context().close();
  });

  test('the directory filters stay open from md up', async () => {
    const page = await newPage('en');
    await open(page, '/directory');

    await page.getByLabel(en.directory.filters.sector).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: new RegExp(en.directory.filters.show) }).isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('heat history with little data', () => {
  test.each(['zh', 'en'] as const)(
    '%s: one point says when history starts instead of drawing an empty grid',
    async (lang) => {
      const [project] = (await fetchProjects('limit=1')).items;
      if (!project) throw new Error('no project');
      const history = await (await fetch(new URL(`/api/projects/${project.id}/history?range=7d`, baseUrl()))).json();
      const page = await newPage(lang);
      await open(page, `/project/${project.id}`);
      const note = page.locator('[data-slot="history-note"]');

      if (history.points.length === 1) {
        const prefix = LOCALES[lang].heat.history.startsAt.replace('{{date}}', '');
        await note.getByText(prefix.trim()).waitFor();
        expect(await note.textContent()).toMatch(/2\d{3}/);
      }
      await page.context().close();
    },
  );

  test('two points draw a chart whose x-axis spans the range asked, ending now', async () => {
    const [project] = (await fetchProjects('limit=1')).items;
    if (!project) throw new Error('no project');
    const page = await newPage('en');
    // Two points ten minutes apart: the axis must still cover 7 (then 30) days.
    await page.route(/\/api\/projects\/[^/]+\/history/, async (route) => {
      const url = new URL(route.request().url());
      const now = Date.now();
      await route.fulfill({
        json: {
          id: project.id,
          range: url.searchParams.get('range') ?? '7d',
          bucketSeconds: 3600,
          points: [
            { at: new Date(now - 600_000).toISOString(), score: 40, socialScore: 50, backfilled: false },
            { at: new Date(now - 60_000).toISOString(), score: 42, socialScore: null, backfilled: false },
          ],
          moves: { day: null, week: null },
        },
      });
    });
    await open(page, `/project/${project.id}`);
    const chart = page.locator('[data-x-min]');
    await chart.waitFor();

    const span = async () => {
      const [min, max] = await Promise.all([chart.getAttribute('data-x-min'), chart.getAttribute('data-x-max')]);
      return (Date.parse(max ?? '') - Date.parse(min ?? '')) / 86_400_000;
    };
    expect(await span()).toBeCloseTo(7, 3);
    expect(Math.abs(Date.parse((await chart.getAttribute('data-x-max')) ?? '') - Date.now())).toBeLessThan(120_000);
    await page.locator('[data-x-min] canvas').first().waitFor();
    await session.screenshot(page.locator('figure', { has: chart }), 'figures-history-two-points-7d');

    await page.getByRole('button', { name: en.heat.history.ranges['30d'] }).click();

    await expect.poll(span).toBeCloseTo(30, 3);
    await page.context().close();
  });
});

describe('sector treemap', () => {
  test.each(['light', 'dark'] as const)('%s: colours follow a heat scale with a legend', async (theme) => {
    for (const viewport of [WIDE, MOBILE]) {
      const context = await session.newContext({ lang: 'zh', theme, viewport });
      const page = await context.newPage();
      await open(page, '/sectors');
      const legend = page.locator('[data-slot="treemap-legend"]');

      await legend.waitFor();
      await page.locator('main figure canvas').first().waitFor();
      expect(await legend.textContent()).toContain(zh.sectors.map.legend);
      // The fixed 0–100 scale (it spread over the visible min–max before, so the same heat changed colour).
      expect(await legend.textContent()).toMatch(/\b0\b.*\b100\b/);
      await session.screenshot(page.locator('main figure').first(), `figures-treemap-${theme}-${viewport.width}`);
      await context.close();
    }
  });
});
