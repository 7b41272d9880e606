import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { RESOURCES } from '../src/shared/locales/index.ts';
import { fetchPlatforms, fetchProjects } from './support/api.ts';
import { type Lang, MOBILE, navigate, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// On a fresh install every market figure comes from the built-in catalogue (sample, as of
// 2025-06-30). Every page that shows one must mark it as a sample and state the as-of date, and the raw source key
// never reaches the page text.
const session = launchFileBrowser();
let platformId: string;
let searchTerm: string;

beforeAll(async () => {
  platformId = (await fetchPlatforms()).items.find((p) => p.id === 'ethereum')?.id ?? 'ethereum';
  const withMarketCap = (await fetchProjects('sort=market_cap&limit=1')).items[0];
  searchTerm = withMarketCap?.name.slice(0, 4) ?? 'uni';
});

/** Pages that show catalogue market figures (and must show markers), then pages that must simply never leak a key. */
const pages = () => [
  { path: '/', figures: true },
  { path: '/tool', figures: true },
  { path: '/investor', figures: true },
  { path: '/data-tool', figures: true },
  { path: '/directory', figures: true },
  { path: `/search?q=${encodeURIComponent(searchTerm)}`, figures: true },
  { path: '/sectors/defi', figures: true },
  { path: `/platforms/${platformId}`, figures: true },
  // The lazily loaded heat panel shows raw inputs too (its component table): wait for it.
  { path: '/project/bitcoin', figures: true, ready: '[data-slot="heat-breakdown"] canvas' },
  { path: '/sectors', figures: false },
  { path: '/platforms', figures: false },
];

type Audit = { unmarked: string[]; markers: number; markerTexts: string[]; text: string; sampleDate: string };

/**
 * Every visible text node in <main> that holds a currency figure must sit in a table row, or else a cell (dd, li),
 * that also holds a sample marker: on a fresh install no market figure is live. A table row is one figure with its
 * label (the score breakdown puts the marker under the component's name, beside the value). Returns what it found for the assertions.
 */
function auditPage(page: Page): Promise<Audit> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) throw new Error('no <main>');
    const currency = /\$\s?\d|\d\s*(?:万亿|亿|万)?\s*美元/;
    const unmarked: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const element = node.parentElement;
      if (!element || !currency.test(node.textContent ?? '') || !element.checkVisibility()) continue;
      if (element.closest('[data-sample-marker], [data-sample-note]')) continue;
      const cell = element.closest('tr') ?? element.closest('dd, li');
      if (!cell?.querySelector('[data-sample-marker]')) unmarked.push((cell ?? element).textContent ?? '');
    }
    const markers = [...main.querySelectorAll('[data-sample-marker]')].filter((m) => m.checkVisibility());
    const sampleDate = new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(
      new Date('2025-06-30T00:00:00.000Z'),
    );
    return {
      unmarked,
      markers: markers.length,
      markerTexts: [...new Set(markers.map((m) => m.textContent ?? ''))],
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
      text: document.body.innerText,
      sampleDate,
    };
  });
}

describe.each(['zh', 'en'] as const)('sample figures in %s', (lang: Lang) => {
  const texts = RESOURCES[lang].provenance;

  test.each([
    ['desktop', undefined],
    ['mobile', MOBILE],
  ] as const)(
    '%s: every catalogue figure is marked, with its as-of date; no raw source key',
    async (device, viewport) => {
      const context = await session.newContext({ lang, viewport });
      const page = await context.newPage();
      for (const [index, { path, figures }] of pages().entries()) {
        if (index === 0) await open(page, path);
        else await navigate(page, path);
        if (figures) await page.locator('main [data-sample-marker]').first().waitFor({ state: 'attached' });
        else await page.locator('main li').first().waitFor();

        // A client-side navigation can show the previous page's markers for a moment while this page's figures
        // arrive, so the audit is repeated until it settles; a figure that stays unmarked still fails.
        await expect
          .poll(async () => (await auditPage(page)).unmarked, {
            message: `${path}: currency figures without a sample marker`,
            timeout: 10_000,
          })
          .toEqual([]);
        const audit = await auditPage(page);
        expect(audit.text, path).not.toContain('catalogue-sample');
        if (figures) {
          expect(audit.markers, `${path}: visible sample markers`).toBeGreaterThan(0);
          expect(audit.text, `${path}: the as-of date is stated`).toContain(audit.sampleDate);
          for (const markerText of audit.markerTexts) expect(markerText, path).toContain(texts.marker.sample);
        }
        const name = path === '/' ? 'home' : path.slice(1).replace(/[/?=]/g, '-');
        if (device === 'desktop' || ['/', '/tool', '/project/bitcoin', '/sectors/defi'].includes(path)) {
          await session.screenshot(page, `provenance-${lang}-${device}-${name}`, { fullPage: true });
        }
      }
      await context.close();
    },
    120_000,
  );

  test('a project page: each figure names its source, and "updated" is the newest as-of of its inputs', async () => {
    const context = await session.newContext({ lang });
    const page = await context.newPage();
    await open(page, '/project/bitcoin');
    await page.locator('[data-slot="heat-breakdown"] canvas').first().waitFor();
    // The heat table says where each input came from and as of when: "Sample · as of …", with the sample mark.
    const heatTable = page
      .locator('main table')
      .filter({ has: page.locator('[data-metric-source="sample"]') })
      .first();
    expect(await heatTable.locator('[data-sample-marker]').count()).toBeGreaterThan(0);
    const updated = page.getByTestId('project-data-as-of');
    await updated.waitFor();

    const sampleDate = (await auditPage(page)).sampleDate;
    expect(await updated.textContent()).toContain(sampleDate);
    expect(await updated.locator('[data-sample-marker]').count()).toBe(1);
    // The market card: each sourced figure carries a "line" naming its sample date.
    const lines = page.locator('[data-metric-source="sample"]');
    expect(await lines.count()).toBeGreaterThan(0);
    expect(await lines.first().textContent()).toContain(texts.line.sample.replace('{{date}}', sampleDate));
    // The tooltip of a marker says what it is.
    expect(await lines.first().locator('[data-sample-marker]').getAttribute('title')).toBe(
      texts.marker.sampleTitle.replace('{{date}}', sampleDate),
    );
    await context.close();
  });
});
