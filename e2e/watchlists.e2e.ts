import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { pickFromMenu, signIn, signUp } from './support/accounts.ts';
import { findSeriousViolations } from './support/axe.ts';
import { type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// Watchlists in the browser: a premium user (a pre-made account of the e2e server, support/global-setup.ts)
// creates a list, adds two projects from their pages, sets a holding and sees its value, P&L and 24 h change — and a
// dash with the reason for the project without a price; a free user gets the upgrade message from the same button.
// The server prices one catalogue project (curve: $0.50, +25 % in 24 h); the other (pendle) has no price. Each total
// says how many holdings it covers, the list heat is a chart with axes (SVG, so its labels are text here), and at
// 390 px the table's headers stay on one line each.
const LOCALES = { zh, en } as const;

const session = launchFileBrowser();

const screenshot = (page: Page, name: string, fullPage = false) => session.screenshot(page, name, { fullPage });

function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>) {
  return session.withPage({ lang, viewport: { width: 1440, height: 900 } }, `watchlists-${name}-${lang}`, run);
}

describe.each(['zh', 'en'] as const)('watchlists in the browser (%s)', (lang) => {
  const c = LOCALES[lang];
  const t = c.watchlists;

  test('a premium user creates a list, adds two projects from their pages, sets a holding and sees its figures', async () => {
    const premium = inject('premium')[lang];
    await withPage(lang, 'premium', async (page) => {
      await signIn(page, c, premium.email, premium.password);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await pickFromMenu(page, c.auth.menu.watchlists);
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();

      const name = `${lang === 'zh' ? '核心' : 'Core'} ${Date.now() % 100_000}`;
      await page.getByLabel(t.form.nameLabel).fill(name);
      await page.getByRole('button', { name: t.form.create }).click();
      await page.getByRole('link', { name, exact: true }).waitFor();
      // The create box is empty again, ready for the next list.
      expect(await page.getByLabel(t.form.nameLabel).inputValue()).toBe('');

      for (const project of ['curve', 'pendle']) {
        await open(page, `/project/${project}`);
        await page.getByRole('button', { name: new RegExp(t.button.add) }).click();
        const panel = page.getByRole('region', { name: t.button.menuTitle });
        await panel.getByRole('button', { name: `+ ${name}` }).click();
        await panel.getByRole('button', { name: `✓ ${name}` }).waitFor();
        if (project === 'pendle') {
          await screenshot(page, `watchlists-${lang}-project-button`);
          expect(await findSeriousViolations(page, 'main')).toEqual([]);
        }
      }

      await pickFromMenu(page, c.auth.menu.watchlists);
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const curve = page.locator('tr[data-holding="curve"]');
      const pendle = page.locator('tr[data-holding="pendle"]');
      // Before any quantity: the value says so in words, and the row offers the quantity entry.
      expect(await pendle.locator('[data-figure="value"] [data-missing] [aria-hidden]').textContent()).toBe(
        t.missing.no_amount,
      );
      await curve
        .getByRole('button', { name: fillTemplate(t.table.setAmountLabel, { name: 'Curve Finance' }) })
        .click();
      const editor = page.getByRole('form', { name: fillTemplate(t.holding.title, { name: 'Curve Finance' }) });
      await editor.getByLabel(t.table.amount).fill('1000');
      await editor.getByLabel(t.table.costBasis).fill('400');
      await editor.getByRole('button', { name: t.form.save }).click();
      await editor.waitFor({ state: 'detached' });

      // 1,000 × $0.50 = $500; paid $400 → +$100; +25 % in 24 h → worth $400 a day ago → +$100.
      await curve.locator('[data-figure="value"]').getByText('$500.00').waitFor();
      expect(await curve.locator('[data-figure="amount"]').textContent()).toBe('1,000');
      expect(await curve.locator('[data-figure="pnl"]').textContent()).toBe('+$100.00');
      expect(await curve.locator('[data-figure="change24h"]').textContent()).toBe('+$100.00');
      // Market cap carries its source and as-of under the figure, the price its sample mark (as-of in its title), and
      // the note under the table states the sample's date (the fixture is sample data).
      expect(await curve.locator('[data-figure="marketCap"] [data-metric-source="sample"]').count()).toBe(1);
      expect(await curve.locator('[data-figure="price"] [data-sample-marker]').count()).toBe(1);
      await page.locator('[data-slot="holdings-table"] [data-sample-note]').waitFor();
      // Pendle: market cap from the catalogue sample, no price: "no data" in words, no value, no P&L.
      expect(await pendle.locator('[data-figure="marketCap"] [data-metric-source="sample"]').count()).toBe(1);
      expect(await pendle.locator('[data-figure="price"] [data-missing] [aria-hidden]').textContent()).toBe(
        t.missing.noData,
      );
      expect(await pendle.locator('[data-figure="value"] [data-missing]').getAttribute('title')).toBe(
        t.reasons.no_amount,
      );
      // Totals say how many of the two holdings they cover.
      expect(await page.locator('[data-total="totalValue"] dd').first().textContent()).toBe('$500.00');
      const covers = (key: 'totalValue' | 'totalPnl' | 'averageHeat') =>
        page.locator(`[data-total="${key}"] [data-covers]`).textContent();
      expect(await covers('totalValue')).toBe(fillTemplate(t.detail.covers.totalValue, { covered: 1, total: 2 }));
      expect(await covers('totalPnl')).toBe(fillTemplate(t.detail.covers.totalPnl, { covered: 1, total: 2 }));

      // The list heat: a chart with a heat axis 0–100 and dated x labels, whatever few days it has.
      const chart = page.locator('[data-slot="list-heat-chart"] [role="img"][data-points]');
      await chart.locator('svg text').first().waitFor();
      const labels = await chart.locator('svg text').allTextContents();
      expect(labels).toEqual(expect.arrayContaining(['0', '50', '100', t.history.axisHeat]));
      expect(labels.some((label) => /^\d{2}-\d{2}$/.test(label))).toBe(true);
      // A lone day is a labelled point (its heat beside it) and a sentence under the chart.
      const pointLabel = labels.find((label) => /^\d+\.\d$/.test(label));
      if ((await chart.getAttribute('data-points')) === '1') {
        await page.locator('[data-slot="one-point"]').waitFor();
        expect(pointLabel).toBeDefined();
      }
      await screenshot(page, `watchlists-${lang}-list`, true);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);

      // A phone: every header on one line (no "24 小时" broken letter by letter); the table scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      // As a phone opens it: loaded at 390 px, the chart with its axes and the point's label.
      await page.reload();
      await page.locator('[data-slot="holdings-table"] thead th').first().waitFor();
      if (pointLabel) await chart.locator('svg text', { hasText: pointLabel }).waitFor();
      const heights = await page
        .locator('[data-slot="holdings-table"] thead th')
        .evaluateAll((cells) =>
          cells.map((cell) => [
            cell.textContent,
            cell.getBoundingClientRect().height,
            parseFloat(getComputedStyle(cell).lineHeight),
          ]),
        );
      // One line of text plus the cell's padding; a header broken over lines is two or more lines tall.
      const wrapped = heights.filter(([, height, line]) => Number(height) > Number(line) * 1.5 + 16);
      expect(wrapped).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `watchlists-${lang}-list-phone`, true);
      await page.setViewportSize({ width: 1440, height: 900 });

      // Tick both holdings → "Compare selected (2)" → /compare with the two ids, both columns shown.
      const compareLink = page.getByRole('link', { name: fillTemplate(c.compare.selected, { count: 2 }) });
      expect(await compareLink.count()).toBe(0); // nothing ticked yet: no link
      await page.getByRole('checkbox', { name: fillTemplate(c.compare.select, { name: 'Curve Finance' }) }).check();
      expect(await compareLink.count()).toBe(0); // one is not a comparison
      await page.getByRole('checkbox', { name: fillTemplate(c.compare.select, { name: 'Pendle' }) }).check();
      await screenshot(page, `watchlists-${lang}-compare-selected`);
      await compareLink.click();
      await page.waitForURL((url) => url.pathname === '/compare' && url.searchParams.get('ids') === 'curve,pendle');
      const metrics = page.locator('[data-slot="compare-metrics"] thead');
      await metrics.locator('th').nth(2).waitFor();
      expect(await metrics.textContent()).toContain('Curve Finance');
      expect(await metrics.textContent()).toContain('Pendle');
    });
    // The whole flow (a list, two project pages, a holding, the comparison): ~20 s alone, more on a busy machine.
  });

  test('a free user sees the upgrade message on the button', async () => {
    await withPage(lang, 'free', async (page) => {
      await signUp(page, c, `watch-free-${lang}-${Date.now()}@example.com`);
      await open(page, '/project/curve');
      await page.getByRole('button', { name: new RegExp(t.button.add) }).click();
      // The watchlist panel's own lock (the page also locks its trend section for a free user).
      const locked = page.locator('[data-slot="watch-button"] [data-slot="locked-feature"]');
      await locked.getByText(c.errors.FEATURE_LOCKED).waitFor();
      await locked.getByRole('link', { name: c.app.locked.upgrade }).waitFor();
      await screenshot(page, `watchlists-${lang}-free-locked`);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
    });
  });
});
