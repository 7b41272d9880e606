import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runIngestionSource } from '../../src/server/features/ingestion/ingestion.service.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../src/server/sources/testing/fake-server.ts';
import type { Sector } from '../../src/shared/api/sectors.schema.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { fetchPlatforms, fetchProjects, fetchSectors } from '../support/api.ts';
import {
  baseUrl,
  type Lang,
  MOBILE,
  navigate,
  open,
  trackPageErrors,
  waitForServiceWorker,
} from '../support/browser.ts';
import { CHAIN_TVL_FIXTURE } from '../support/control-server.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';

// What a newcomer walks through: sectors (absolute heat colours, low-confidence marker, tile size
// switch, readable labels), platforms (search, sort, L2 label, TVL "no data"), the phone layout (sync popover inside
// the screen, the brand whole, no sideways scroll) and offline use (pages from the saved copy with their time, errors
// in the UI language, data back by itself when the connection returns).
const LOCALES = { zh, en } as const;
const WIDE = { width: 1440, height: 900 } as const;
const session = launchFileBrowser(resolve('e2e-artifacts/first-visit-sectors'));

let sectors: Sector[];
let lowConfidence: Sector;
let projectId: string;
let sectorId: string;
let platformId: string;

beforeAll(async () => {
  const [sectorList, platforms, projects] = await Promise.all([
    fetchSectors(),
    fetchPlatforms(),
    fetchProjects('limit=1'),
  ]);
  sectors = sectorList.items;
  const marked = sectors.find((s) => s.lowConfidence && s.projectCount > 0);
  if (!marked) throw new Error('the catalogue has no low-confidence sector to show');
  lowConfidence = marked;
  projectId = projects.items[0]?.id ?? '';
  sectorId = sectors[0]?.id ?? '';
  platformId = platforms.items[0]?.id ?? '';
});

const sectorName = (sector: Sector, lang: Lang) => (lang === 'zh' && sector.nameZh ? sector.nameZh : sector.name);
const fill = (text: string, values: Record<string, string | number>) =>
  text.replaceAll(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
const lowText = (lang: Lang, count: number) =>
  fill(LOCALES[lang].sectors.confidence[count === 1 ? 'low_one' : 'low_other'], { count });

/** The treemap once drawn and its labels fitted (data-labelled is written after the first layout). */
async function treemap(page: Page) {
  const figure = page.getByTestId('sector-treemap');
  await figure.locator('canvas').first().waitFor();
  await expect.poll(() => figure.getAttribute('data-labelled'), { timeout: 10_000 }).not.toBe('');
  return figure;
}

/** The brand reads "HeatRank" whole: its text box is not narrower than its text. */
async function expectBrandWhole(page: Page) {
  const brand = page.getByTestId('brand').locator('span').first();
  expect(await brand.textContent()).toContain('HeatRank');
  const { client, scroll } = await brand.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

async function expectPopoverInside(page: Page, lang: Lang, width: number) {
  await page.getByTestId('sync-button').click();
  const popover = page.getByRole('dialog', { name: LOCALES[lang].app.sync.title });
  await popover.getByTestId('sync-stats').waitFor();
  const box = await popover.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  // Sources and internal jobs are counted apart.
  const rows = popover.getByTestId('sync-stats').locator('tbody tr');
  expect(await rows.nth(0).locator('th').textContent()).toBe(LOCALES[lang].app.sync.kinds.external);
  expect(await rows.nth(1).locator('th').textContent()).toBe(LOCALES[lang].app.sync.kinds.internal);
  return popover;
}

describe.each(['zh', 'en'] as const)('sectors and platforms, %s', (lang) => {
  const c = LOCALES[lang];

  test('1440 px: heat on a fixed 0–100 scale, the low-confidence marker, the size switch, platform search and sort', async () => {
    await session.withPage({ lang, viewport: WIDE }, `first-visit-sectors-wide-${lang}`, async (page) => {
      // How many charts the map's container got: fitting the labels to the drawn tiles redraws the same chart, it
      // does not build (and animate) a second one.
      await page.addInitScript(() => {
        const counted = window as unknown as { chartsCreated: number };
        counted.chartsCreated = 0;
        // ECharts marks each chart's container with a new _echarts_instance_ id.
        new MutationObserver((changes) => {
          for (const change of changes) {
            const target = change.target as Element;
            if (target.getAttribute('_echarts_instance_') && target.closest('[data-testid="sector-treemap"]'))
              counted.chartsCreated += 1;
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['_echarts_instance_'] });
      });
      await open(page, '/sectors');
      const figure = await treemap(page);
      expect(await page.evaluate(() => (window as unknown as { chartsCreated: number }).chartsCreated)).toBe(1);
      const legend = figure.locator('[data-slot="treemap-legend"]');
      expect(await legend.textContent()).toMatch(/^.*0.*100/);
      const row = page
        .locator('ol li')
        .filter({ hasText: sectorName(lowConfidence, lang) })
        .first();
      await row.getByText(lowText(lang, lowConfidence.scoredCount)).waitFor();
      // A tooltip names a tile in full.
      const box = await figure.locator('canvas').first().boundingBox();
      await page.mouse.move(box!.x + 40, box!.y + 40);
      await page.locator('div').filter({ hasText: c.sectors.map.tooltipHeat }).last().waitFor();
      await session.screenshot(page, `sectors-wide-${lang}`, { fullPage: true });

      await figure.getByRole('button', { name: c.sectors.map.sizeBy.marketCap }).click();
      await expect.poll(() => figure.getAttribute('data-size')).toBe('marketCap');
      expect(new URL(page.url()).searchParams.get('size')).toBe('marketCap');
      // The catalogue's market caps are its sample: the map says so under the tiles.
      await figure.locator('[data-sample-note]').waitFor();
      await figure.getByRole('button', { name: c.sectors.map.sizeBy.tvl }).click();
      // The catalogue holds no TVL: no invented tiles, and the reason in words.
      await figure.getByText(c.sectors.map.none.tvl).waitFor();
      await session.screenshot(page, `sectors-tvl-${lang}`);
      await figure.getByRole('button', { name: c.sectors.map.sizeBy.projects }).click();
      await treemap(page);

      await navigate(page, '/platforms');
      await page.getByTestId('platform-card').first().waitFor();
      await page.getByLabel(c.platforms.search.label).fill('arb');
      await expect.poll(() => page.getByTestId('platform-card').count()).toBe(1);
      const arbitrum = page.locator('[data-platform="arbitrum"]');
      expect(await arbitrum.getByTestId('platform-layer').textContent()).toBe('L2');
      expect(await arbitrum.textContent()).toContain(c.platforms.tvl.noData);
      await session.screenshot(page, `platforms-search-${lang}`);
      await page.getByLabel(c.platforms.search.label).fill('');
      // The whole list back first: the one card the search left would pass the check below at once.
      await expect.poll(() => page.getByTestId('platform-card').count()).toBeGreaterThan(3);
      await page.getByLabel(c.platforms.sort.label).selectOption('heat');
      // Other test files move heat meanwhile (recomputes): the order on screen is checked, not a fixed winner.
      await expect
        .poll(() => page.getByTestId('platform-card').first().getAttribute('data-platform'))
        .not.toBe('ethereum');
      const heats = await page
        .getByTestId('platform-card')
        .locator('[data-scored]')
        .evaluateAll((pills) =>
          pills.map((pill) =>
            pill.getAttribute('data-scored') === 'true'
              ? Number.parseFloat(pill.textContent?.replace(/[^\d.]/g, '') ?? '')
              : null,
          ),
        );
      const scored = heats.filter((heat): heat is number => heat !== null);
      expect(scored.length).toBeGreaterThan(3);
      expect(scored).toEqual([...scored].sort((a, b) => b - a));
      expect(heats.slice(scored.length).every((heat) => heat === null)).toBe(true); // no heat: last, never as 0
      await page.getByLabel(c.platforms.sort.label).selectOption('tvl');
      await page.getByTestId('tvl-sort-note').getByText(c.platforms.tvl.sortNote).waitFor();

      await expectBrandWhole(page);
      await expectPopoverInside(page, lang, WIDE.width);
      await session.screenshot(page, `popover-wide-${lang}`);
    });
  });

  test('390 px: the brand whole, the popover inside the screen, labels only where they fit, no sideways scroll', async () => {
    await session.withPage({ lang, viewport: MOBILE }, `first-visit-sectors-phone-${lang}`, async (page) => {
      await open(page, '/sectors');
      await expectBrandWhole(page);
      const figure = await treemap(page);
      const tiles = ((await figure.getAttribute('data-tiles')) ?? '').split(' ');
      const labelled = ((await figure.getAttribute('data-labelled')) ?? '').split(' ');
      expect(labelled.every((id) => tiles.includes(id))).toBe(true);
      await session.screenshot(figure, `sectors-treemap-phone-${lang}`);
      await session.screenshot(
        page
          .locator('main ol li')
          .filter({ hasText: sectorName(lowConfidence, lang) })
          .first(),
        `sector-row-phone-${lang}`,
      );
      const popover = await expectPopoverInside(page, lang, MOBILE.width);
      await session.screenshot(page, `popover-phone-${lang}`);
      await popover.getByRole('button', { name: c.app.sync.close }).click();

      const routes = [
        '/',
        '/directory',
        '/sectors',
        `/sectors/${sectorId}`,
        '/platforms',
        `/platforms/${platformId}`,
        `/project/${projectId}`,
        '/search',
        '/membership',
        '/status', // last: the split below is read from it
      ];
      const tooWide: Record<string, number> = {};
      for (const path of routes) {
        await navigate(page, path);
        await page.waitForLoadState('networkidle').catch(() => {});
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > MOBILE.width) tooWide[path] = width;
      }
      // /status counts the outside sources' runs apart from internal jobs, as the popover does.
      expect(await page.getByTestId('sync-metrics-split').textContent()).toContain(
        lang === 'zh' ? '外部数据源' : 'Outside data sources',
      );
      expect(tooWide).toEqual({});
      await navigate(page, '/platforms');
      await page.getByTestId('platform-card').first().waitFor();
      await session.screenshot(page, `platforms-phone-${lang}`);
    });
  });
});

test('a phone (touch): a tap on a tile names it in full, with its figures and a link to open it', async () => {
  const context = await session.browser.newContext({
    baseURL: baseUrl(),
    viewport: MOBILE,
    hasTouch: true,
    isMobile: true,
    locale: 'zh-CN',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  try {
    await open(page, '/sectors');
    const figure = await treemap(page);
    const box = await figure.locator('canvas').first().boundingBox();
    await page.touchscreen.tap(box!.x + 30, box!.y + 30);
    const picked = figure.getByTestId('treemap-selected');
    await picked.waitFor();
    // The tile under the finger, named in full (whichever sector the layout put there).
    const text = (await picked.textContent()) ?? '';
    const named = sectors.filter((s) => text.includes(sectorName(s, 'zh')));
    expect(named.length, text).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/sectors');
    await session.screenshot(figure, 'sectors-tap-zh');
    const link = picked.getByRole('link', { name: zh.sectors.map.open });
    const href = await link.getAttribute('href');
    expect(named.map((s) => `/sectors/${s.id}`)).toContain(href);
    await link.tap();
    await page.waitForURL(`**${href}`);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

describe.each(['zh', 'en'] as const)('offline, %s', (lang) => {
  const c = LOCALES[lang];

  test('opened pages render from the saved copy with its time; back online they refetch without a retry press', async () => {
    const context = await session.newContext({ lang, viewport: WIDE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    try {
      // What each page shows from its data once loaded.
      const pages: { path: string; ready: () => Promise<void> }[] = [
        { path: '/', ready: () => page.locator('main a[href^="/project/"]').first().waitFor() },
        { path: '/directory', ready: () => page.locator('main table tbody tr').first().waitFor() },
        { path: `/project/${projectId}`, ready: () => page.locator('main [data-scored]').first().waitFor() },
        { path: '/sectors', ready: () => page.locator('main ol li').first().waitFor() },
        { path: '/platforms', ready: () => page.getByTestId('platform-card').first().waitFor() },
      ];
      await open(page, '/');
      await waitForServiceWorker(page);
      for (const { path, ready } of pages) {
        await navigate(page, path);
        await ready();
      }
      // The saved copy is written at most every 2 s.
      await page.waitForTimeout(2_500);

      await context.setOffline(true);
      for (const { path, ready } of pages) {
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await ready();
        const banner = page.getByTestId('offline-banner');
        await banner.getByText(c.app.offline.offline).waitFor();
        expect(await banner.getByTestId('offline-saved-at').textContent()).toMatch(/\d{1,2}:\d{2}/);
        if (path.startsWith('/project/')) {
          // Its analysis is not saved (it depends on the viewer's plan): said in words, not an endless skeleton.
          await page.getByTestId('waiting-for-network').first().getByText(c.app.offline.waiting).waitFor();
        }
        const text = (await page.locator('body').textContent()) ?? '';
        expect(text).not.toContain('Failed to fetch');
        expect(text).not.toContain(c.app.offline.fallback);
        if (lang === 'zh') expect(text).not.toMatch(/NetworkError|Network error|Internal Server Error/);
        await session.screenshot(page, `offline-${lang}-${path.replaceAll(/\W+/g, '_') || 'home'}`);
      }

      // Back online on /platforms: the list is fetched again by itself, and the banner goes.
      const refetched = page.waitForResponse((r) => r.url().includes('/api/platforms') && r.ok(), {
        timeout: 15_000,
      });
      await context.setOffline(false);
      await refetched;
      await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// On a server of its own: live chain TVL on the shared server would be a figure without a sample marker on the pages
// that e2e/provenance.e2e.ts audits (files run side by side, so "last in this file" was no isolation).
describe('platforms with chain TVL from DefiLlama (faked on loopback)', () => {
  let llama: FakeServer | undefined;
  let server: OwnServer;
  beforeAll(async () => {
    llama = await startFakeServer(({ path }) =>
      path === '/v2/chains' ? { body: CHAIN_TVL_FIXTURE } : { status: 404, body: {} },
    );
    server = await startOwnServer({
      env: { ...FAST_INGEST_ENV, CATALOGUE_AUTOLOAD: 'true', DEFILLAMA_BASE_URL: llama.url },
    });
    await runIngestionSource({ db: server.runtime.handle.db, config: server.config }, 'chains', 'cli');
    server.runtime.cache.invalidate();
  });
  afterAll(async () => {
    await server?.close();
    await llama?.close();
  });

  test.each(['zh', 'en'] as const)(
    '%s: the figure with its source and as-of; sorted by TVL, figures first',
    async (lang) => {
      const c = LOCALES[lang];
      await session.withPage(
        { lang, viewport: WIDE, baseURL: server.baseURL },
        `first-visit-platform-tvl-${lang}`,
        async (page) => {
          await open(page, '/platforms');
          await page.getByTestId('platform-card').first().waitFor();
          await page.getByLabel(c.platforms.sort.label).selectOption('tvl');
          // Polled on the first three: Ethereum also leads by project count, so the first card alone proves nothing.
          const firstThree = () =>
            page
              .getByTestId('platform-card')
              .evaluateAll((cards) => cards.slice(0, 3).map((card) => card.getAttribute('data-platform')));
          // DefiLlama's "BSC" is our BNB Chain.
          await expect.poll(firstThree).toEqual(['ethereum', 'bnb-chain', 'arbitrum']);
          expect(await page.getByTestId('tvl-sort-note').count()).toBe(0); // figures exist: no fallback sentence
          const ethereum = (await page.locator('[data-platform="ethereum"]').textContent()) ?? '';
          expect(ethereum).toMatch(lang === 'zh' ? /612\.35\s?亿美元/ : /\$61\.2B/);
          expect(ethereum).toContain('DefiLlama');
          expect(ethereum).not.toContain(c.platforms.tvl.noData);
          // A chain DefiLlama gave no figure for here still says so in words, and sorts after the figures.
          const solana = page.locator('[data-platform="solana"]');
          expect(await solana.textContent()).toContain(c.platforms.tvl.noData);
          await session.screenshot(page, `platforms-tvl-${lang}`);

          await navigate(page, '/platforms/ethereum');
          const header = page.locator('main').first();
          await expect.poll(async () => (await header.textContent()) ?? '').toContain('DefiLlama');
          await session.screenshot(page, `platform-ethereum-tvl-${lang}`);
        },
      );
    },
  );
});
