import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { recomputeHeat } from '../../src/server/features/heat/recompute.service.ts';
import { creditPoints } from '../../src/server/features/points/points.service.ts';
import { afterRecompute } from '../../src/server/jobs/after-recompute.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { authenticateInPage, ownServerMail, PASSWORD, pickFromMenu, signIn } from '../support/accounts.ts';
import { DESKTOP, expectNoSidewaysScroll, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { callApi } from '../support/page-api.ts';

// The custom dashboard: a premium account arranges its dashboard (adds widgets, moves one by the
// keyboard, makes one wide, writes a note with HTML in it, chooses the dashboard as its signed-in home); a second
// browser signs in, lands on /dashboard and sees the same layout. A visitor is asked to sign in, a free member reads
// what the dashboard is and the way to upgrade. zh and en, 1280 and 390 px. Its own server: the account gets its
// points straight in the database, and the signed-in home must not touch the shared server's accounts.
const LOCALES = { zh, en } as const;
const session = launchFileBrowser();
let server: OwnServer;

beforeAll(async () => {
  server = await startOwnServer({ env: { CATALOGUE_AUTOLOAD: 'true' } });
  const { db, kind } = server.runtime.handle;
  // One heat run: sectors get their heat (the sector widget has figures); movers still need a day of history.
  const result = await recomputeHeat(db, { now: new Date() });
  await afterRecompute({ db, dbKind: kind, events: server.runtime.events, cache: server.runtime.cache }, result);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** The cards in display order: [widget id, size]. */
const layoutOf = (page: Page) =>
  page.$$eval('article[data-widget-id]', (els) =>
    els.map((el) => [(el as HTMLElement).dataset.widgetId, (el as HTMLElement).dataset.size]),
  );

/** Whole page at this width: no sideways scroll at 390 px, and there every card starts at the same x (one column). */
async function shoot(page: Page, name: string, width: 'desktop' | 'mobile') {
  await page.setViewportSize(width === 'desktop' ? DESKTOP : MOBILE);
  if (width === 'mobile') {
    await expectNoSidewaysScroll(page, MOBILE.width);
    const lefts = await page.$$eval('article[data-widget-id]', (els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().left)),
    );
    expect(new Set(lefts).size).toBeLessThanOrEqual(1);
  }
  await session.screenshot(page, `dashboard-${name}-${width === 'desktop' ? 1280 : 390}`, { fullPage: true });
}

describe.each(['zh', 'en'] as const)('custom dashboard (%s)', (lang) => {
  const c = LOCALES[lang];
  const d = c.dashboard;
  const email = `dashboard-${lang}-${Date.now()}@example.com`;
  const note = `<b>not bold</b> & ${lang === 'zh' ? '关注 L2 费用' : 'watch L2 fees'}`;

  test('a premium account arranges its dashboard; another browser signs in to the same layout', async () => {
    let arranged: unknown[] = [];
    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: DESKTOP },
      `dashboard-arrange-${lang}`,
      async (page) => {
        await open(page, '/');
        await authenticateInPage(page, 'sign-up', email, PASSWORD, ownServerMail(server));
        const me = (await callApi(page, 'GET', '/api/me')).body as { user: { id: string } };
        await creditPoints(server.runtime.handle.db, { userId: me.user.id, amount: 1000, reason: 'admin.adjust' });
        const list = (await callApi(page, 'POST', '/api/watchlists', { name: 'Core' })).body as { id: string };
        expect((await callApi(page, 'POST', `/api/watchlists/${list.id}/items`, { projectId: 'uniswap' })).status).toBe(
          201,
        );
        const saved = await callApi(page, 'POST', '/api/saved-searches', { name: 'DeFi', query: { category: 'DeFi' } });
        expect(saved.status).toBe(201);

        // The user menu leads here; an empty dashboard says what fills it.
        await open(page, '/');
        await pickFromMenu(page, c.auth.menu.dashboard);
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.getByText(d.state.empty).waitFor();

        const cards = page.locator('article[data-widget-id]');
        const kinds = ['note', 'watchlist', 'sector_heat', 'top_movers', 'saved_search', 'market_brief', 'alerts'];
        for (const [index, kind] of kinds.entries()) {
          await page.getByLabel(d.add.kind, { exact: true }).selectOption(kind);
          await page.getByRole('button', { name: d.add.submit }).click();
          await expect.poll(() => cards.count()).toBe(index + 1);
        }

        // Each widget says where its figures come from and as of when, or in words what will fill it.
        const card = (name: string) => page.getByRole('article', { name, exact: true });
        const listCard = card(`${d.kinds.watchlist} · Core`);
        await listCard.getByRole('link', { name: 'Uniswap' }).waitFor();
        await listCard.locator('[data-metric-source]').or(listCard.getByRole('table')).first().waitFor();
        await card(d.kinds.sector_heat).locator('[data-source-line]').waitFor();
        await card(`${d.kinds.top_movers} · ${d.add.windowDay}`).locator('[data-widget-empty]').waitFor();
        await card(`${d.kinds.saved_search} · DeFi`).locator('[data-source-line]').waitFor();
        await card(d.kinds.market_brief).locator('[data-source-line]').waitFor();
        await card(d.kinds.alerts).getByText(d.widgets.alerts.empty).waitFor();

        // Reorder by the keyboard only: focus "move the note down", Enter twice; focus stays on that button.
        const noteId = await card(d.kinds.note).getAttribute('data-widget-id');
        const down = page.getByRole('button', { name: fill(d.controls.moveDownLabel, { name: d.kinds.note }) });
        await down.focus();
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await layoutOf(page))[1]?.[0]).toBe(noteId);
        await page.getByText(fill(d.controls.moved, { name: d.kinds.note, position: 2, count: 7 })).waitFor();
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await layoutOf(page))[2]?.[0]).toBe(noteId);
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('down');

        // Resize by the keyboard: the watchlist becomes wide.
        await page
          .getByRole('button', { name: fill(d.controls.makeWideLabel, { name: `${d.kinds.watchlist} · Core` }) })
          .focus();
        await page.keyboard.press('Space');
        await expect.poll(() => listCard.getAttribute('data-size')).toBe('wide');

        // The note: HTML in it is shown as text.
        const noteCard = card(d.kinds.note);
        await noteCard.getByLabel(d.note.label).fill(note);
        await noteCard.getByRole('button', { name: d.note.save }).click();
        await expect.poll(() => noteCard.locator('[data-note-text]').textContent()).toBe(note);
        expect(await noteCard.locator('[data-note-text] b').count()).toBe(0);

        // The signed-in home.
        // The box shows the saved preference, so it turns checked when the save returns: click, then wait for it.
        const homeBox = page.getByLabel(d.home.label);
        await homeBox.click();
        await expect.poll(() => homeBox.isChecked(), { timeout: 15_000 }).toBe(true);
        await expect
          .poll(
            async () =>
              ((await callApi(page, 'GET', '/api/me/dashboard')).body as { homeDashboard: boolean }).homeDashboard,
          )
          .toBe(true);

        arranged = await layoutOf(page);
        // Watchlist (made wide), sector heat, the note (moved down twice), movers, saved search, brief (wide), alerts.
        expect(arranged.map((w) => (w as string[])[1])).toEqual([
          'wide',
          'small',
          'small',
          'small',
          'small',
          'wide',
          'small',
        ]);
        expect(arranged[2]?.[0 as never]).toBe(noteId);
        await shoot(page, `arranged-${lang}`, 'desktop');
        await shoot(page, `arranged-${lang}`, 'mobile');
      },
    );

    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: MOBILE },
      `dashboard-second-browser-${lang}`,
      async (page) => {
        // Signing in lands on the dashboard (the account's chosen home), with the same layout and note.
        await signIn(page, c, email, PASSWORD);
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.locator('article[data-widget-id]').nth(6).waitFor();
        expect(await layoutOf(page)).toEqual(arranged);
        const savedNote = page.getByRole('article', { name: d.kinds.note, exact: true }).locator('[data-note-text]');
        expect(await savedNote.textContent()).toBe(note);
        await shoot(page, `second-browser-${lang}`, 'mobile');
        await shoot(page, `second-browser-${lang}`, 'desktop');

        // Arriving at / opens the dashboard; the Home link afterwards still shows the home page.
        await page.goto('/');
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.getByRole('heading', { name: d.title, level: 1 }).waitFor();
        await page.getByRole('banner').getByRole('link', { name: c.app.nav.home, exact: true }).first().click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.locator('main h1').first().waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
      },
    );
  });

  test('a visitor is asked to sign in; a free member reads what it is and the way to upgrade, without figures', async () => {
    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: MOBILE },
      `dashboard-locked-${lang}`,
      async (page) => {
        await open(page, '/dashboard');
        await page.getByRole('heading', { name: c.auth.gate.title }).waitFor();
        await page.getByRole('heading', { name: d.intro.heading }).waitFor();
        await shoot(page, `visitor-${lang}`, 'mobile');

        await authenticateInPage(page, 'sign-up', `free-${email}`, PASSWORD, ownServerMail(server));
        await open(page, '/dashboard');
        const locked = page.locator('[data-slot="locked-feature"]');
        await locked.getByText(c.errors.FEATURE_LOCKED).waitFor();
        await locked.getByRole('link', { name: c.app.locked.upgrade }).waitFor();
        await page.getByRole('heading', { name: d.intro.heading }).waitFor();
        expect(await page.locator('article[data-widget-id]').count()).toBe(0);
        await shoot(page, `free-${lang}`, 'mobile');
        await shoot(page, `free-${lang}`, 'desktop');
      },
    );
  });
});
