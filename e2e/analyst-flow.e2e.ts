import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { authenticateInPage, pickFromMenu } from './support/accounts.ts';
import { type Lang, open } from './support/browser.ts';
import { control } from './support/control-server.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// An analyst's whole day in one browser session: search with a filter and save it, put two projects on a
// watchlist, compare them, set an alert — and after a recompute in which the project's heat crosses the alert's
// threshold (the e2e server's control port plays the scheduler and a burst of attention), the bell and
// /notifications carry the alert. Each language has its own premium account and its own alerted project.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-14');
/** The project each language's alert watches (a different one each, as the surge leaves its heat raised). */
const ALERTED: Record<Lang, { id: string; name: string }> = {
  zh: { id: 'pendle', name: 'Pendle' },
  en: { id: 'aave', name: 'Aave' },
};

const session = launchFileBrowser(NOTES_DIR);

const screenshot = (page: Page, name: string) => session.screenshot(page, name);

async function heatOf(page: Page, id: string): Promise<number> {
  // no-store: the project route is cacheable, and this must see the figure of the latest recompute.
  return page.evaluate(
    async (projectId) => (await (await fetch(`/api/projects/${projectId}`, { cache: 'no-store' })).json()).heatScore,
    id,
  );
}

describe.each(['zh', 'en'] as const)("an analyst's day (%s)", (lang) => {
  const c = LOCALES[lang];

  test('search with a filter and save it, watch two projects, compare them, and get an alert after a recompute', async () => {
    const analyst = inject('analyst')[lang];
    const controlUrl = inject('controlUrl');
    const alerted = ALERTED[lang];
    await session.withPage({ lang }, `analyst-flow-${lang}`, async (page) => {
      await open(page, '/');
      await authenticateInPage(page, 'sign-in', analyst.email, analyst.password);

      // 1. A text search narrowed to a sector, saved.
      const s = c.search;
      await open(page, '/search');
      const box = page.getByRole('combobox', { name: s.label });
      await box.fill('swap');
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === 'swap');
      const sector = page.locator('[data-slot="search-filters"]').getByLabel(s.filters.category, { exact: true });
      await sector.selectOption('defi');
      await page.waitForURL((url) => url.searchParams.get('category') === 'defi');
      await page.locator('section[aria-labelledby="search-projects"] a[href="/project/uniswap"]').first().waitFor();
      const searchName = `${lang === 'zh' ? '交易所' : 'Swaps'} ${Date.now() % 100_000}`;
      await page.getByRole('button', { name: s.save.open }).click();
      const saveDialog = page.getByRole('dialog', { name: s.save.title });
      await saveDialog.getByLabel(s.save.name).fill(searchName);
      await saveDialog.getByRole('button', { name: s.save.submit }).click();
      await page.locator('[data-slot="saved-searches"]').getByRole('link', { name: searchName, exact: true }).waitFor();

      // 2. A watchlist with two projects, added from their pages.
      const w = c.watchlists;
      await pickFromMenu(page, c.auth.menu.watchlists);
      const listName = `${lang === 'zh' ? '观察' : 'Watch'} ${Date.now() % 100_000}`;
      await page.getByLabel(w.form.nameLabel).fill(listName);
      await page.getByRole('button', { name: w.form.create }).click();
      await page.getByRole('link', { name: listName, exact: true }).waitFor();
      for (const id of ['uniswap', alerted.id]) {
        await open(page, `/project/${id}`);
        await page.getByRole('button', { name: new RegExp(w.button.add) }).click();
        const panel = page.getByRole('region', { name: w.button.menuTitle });
        await panel.getByRole('button', { name: `+ ${listName}` }).click();
        await panel.getByRole('button', { name: `✓ ${listName}` }).waitFor();
      }
      await pickFromMenu(page, c.auth.menu.watchlists);
      await page.getByRole('link', { name: listName, exact: true }).click();
      await page.locator('tr[data-holding="uniswap"]').waitFor();
      await page.locator(`tr[data-holding="${alerted.id}"]`).waitFor();

      // 3. The two compared side by side (the shareable URL).
      await open(page, `/compare?ids=uniswap,${alerted.id}`);
      const table = page.locator('[data-slot="compare-metrics"]');
      await table.waitFor();
      for (const name of ['Uniswap', alerted.name]) expect(await table.locator('thead').textContent()).toContain(name);

      // 4. An alert just above the project's heat; the next recompute is its baseline (below: armed, quiet).
      const a = c.alerts;
      const heat = await heatOf(page, alerted.id);
      const threshold = Math.ceil(heat) + 1;
      await open(page, `/project/${alerted.id}`);
      await page.getByRole('button', { name: new RegExp(a.button) }).click();
      const alertDialog = page.getByRole('dialog', { name: fillTemplate(a.dialog.title, { name: alerted.name }) });
      await alertDialog.locator('select').selectOption('heat_above');
      await alertDialog.getByRole('spinbutton').fill(String(threshold));
      await alertDialog.getByRole('button', { name: a.dialog.create }).click();
      await alertDialog.getByText(a.dialog.created).waitFor();
      await alertDialog.getByRole('button', { name: a.dialog.close }).click();
      await control(controlUrl, '/recompute');

      // 5. A burst of attention and a recompute: the heat crosses the threshold, the alert fires once.
      await control(controlUrl, `/surge?project=${alerted.id}`);
      await control(controlUrl, '/recompute');
      const raised = await heatOf(page, alerted.id);
      expect(raised).toBeGreaterThan(threshold);
      await page.reload({ waitUntil: 'domcontentloaded' });
      const n = c.notifications;
      const banner = page.getByRole('banner');
      await banner.getByTestId('notification-badge').waitFor();
      await open(page, '/notifications');
      await page.getByRole('heading', { name: n.title, level: 1 }).waitFor();
      const list = page.getByTestId('notifications-list');
      const alertWords = fillTemplate(n.text.alert.heat_above, {
        name: alerted.name,
        value: String(Math.round(raised * 10) / 10),
        threshold,
      });
      await list.getByText(alertWords).waitFor();
      await list.getByText(n.kind.alert_fired).first().waitFor();
      await banner.getByTestId('notification-badge').waitFor();
      await screenshot(page, `analyst-flow-${lang}-notification`);
    });
  }, 90_000); // a whole journey: search, save, two watchlist adds, compare, an alert, a recompute
});
