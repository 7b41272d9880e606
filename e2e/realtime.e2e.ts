import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { authenticateInPage } from './support/accounts.ts';
import { type Lang, open, trackPageErrors, waitForServiceWorker } from './support/browser.ts';
import { control } from './support/control-server.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { callApi } from './support/page-api.ts';

// Pages move with the data (server-sent hints → refetch, no reload), the header's sync-status popover, and
// offline use: the offline banner, the cached app shell, the built-in sample, a route chunk that waits for the network.
const LOCALES = { zh, en } as const;
const session = launchFileBrowser(resolve('e2e-artifacts/notes/issue-18'));
/** A different project per language: the surge leaves its heat raised, and each run must see a change. */
const LIVE_PROJECT: Record<Lang, string> = { zh: 'optimism', en: 'polygon' };

const heatPill = (page: Page) => page.locator('main [data-scored]').first();

async function openPopover(page: Page, lang: Lang) {
  await page.getByTestId('sync-button').click();
  return page.getByRole('dialog', { name: LOCALES[lang].app.sync.title });
}

describe.each(['zh', 'en'] as const)('realtime and offline (%s)', (lang) => {
  const c = LOCALES[lang];
  const s = c.app.sync;

  test('a recompute moves the heat on an open page without a reload, and marks what changed', async () => {
    const project = LIVE_PROJECT[lang];
    await session.withPage({ lang, serviceWorkers: 'allow' }, `realtime-live-${lang}`, async (page) => {
      // Live pushes are premium's real-time updates (free and visitors get them every 5 minutes): the admin previews
      // premium, which the stream's level follows.
      const admin = inject('admin')[lang];
      await open(page, '/');
      await authenticateInPage(page, 'sign-in', admin.email, admin.password);
      expect((await callApi(page, 'PUT', '/api/me/test-mode', { level: 'premium' })).status).toBe(200);
      await open(page, `/project/${project}`);
      const popover = await openPopover(page, lang);
      await expect.poll(() => popover.getByTestId('live-state').textContent()).toBe(s.connection.connected);
      expect(await popover.getByTestId('update-mode').getAttribute('data-mode')).toBe('live');
      await popover.getByRole('button', { name: s.close }).click();
      const before = await heatPill(page).textContent();
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));

      await control(inject('controlUrl'), `/surge?project=${project}`);
      await control(inject('controlUrl'), '/recompute');

      await page.locator('main [data-scored][data-changed]').first().waitFor({ timeout: 10_000 });
      expect(await heatPill(page).textContent()).not.toBe(before);
      expect(navigations).toEqual([]);
      await session.screenshot(page, `live-update-${lang}`);
    });
  });

  test('the sync popover: state, last sync, network, live stream, statistics, errors, sync now, close', async () => {
    await session.withPage({ lang, serviceWorkers: 'allow' }, `realtime-popover-${lang}`, async (page) => {
      await open(page, '/');
      const popover = await openPopover(page, lang);
      await popover.getByText(s.lastSync).waitFor();
      await popover.getByText(s.network).waitFor();
      await popover.getByText(s.stats).waitFor();
      await popover.getByText(s.errors).waitFor();
      const state = await page.getByTestId('sync-button').getAttribute('data-state');
      expect(['synced', 'warning', 'syncing', 'pending', 'noSource']).toContain(state);
      await popover
        .getByText(s.state[state as 'synced'])
        .first()
        .waitFor();
      await session.screenshot(page, `sync-popover-${lang}`);

      await popover.getByRole('button', { name: s.syncNow }).click();
      await page.getByText(s.refreshed).waitFor();
      await popover.getByRole('button', { name: s.close }).click();
      await popover.waitFor({ state: 'detached' });
    });
  });

  test('offline: the banner, the cached app shell, the built-in sample, an offline filter said so; online: all back', async () => {
    await session.withPage({ lang, serviceWorkers: 'allow' }, `realtime-offline-${lang}`, async (page) => {
      const errors = trackPageErrors(page);
      const context = page.context();
      const banner = page.getByTestId('offline-banner');
      await open(page, '/about');
      await waitForServiceWorker(page);

      // A page never opened, offline: its code comes from the cached app shell; no data yet, so the labelled sample.
      await context.setOffline(true);
      await banner.getByText(c.app.offline.offline).waitFor();
      expect(await page.getByTestId('sync-button').getAttribute('data-state')).toBe('offline');
      await page.getByRole('banner').getByRole('link', { name: c.app.nav.directory }).click();
      const sample = page.getByTestId('built-in-sample');
      await sample.getByText(c.app.offline.fallback).waitFor();
      await sample.getByRole('link', { name: 'Uniswap' }).waitFor();
      expect(await page.locator('body').textContent()).not.toContain(c.app.routeError.title);
      await session.screenshot(page, `offline-sample-${lang}`);

      // Online again: the banner goes, the real list replaces the sample.
      await context.setOffline(false);
      await banner.waitFor({ state: 'detached' });
      await page.locator('main table tbody tr').first().waitFor({ timeout: 15_000 });
      await sample.waitFor({ state: 'detached' });

      // A filter changed offline: the old list stays and says it is offline data (no silent dimmed list).
      await context.setOffline(true);
      await page.getByLabel(c.directory.filters.verified).selectOption('true');
      await page.getByText(c.app.offline.staleList).waitFor({ timeout: 3_000 });
      await session.screenshot(page, `offline-directory-${lang}`);
      await context.setOffline(false);
      await page.getByText(c.app.offline.staleList).waitFor({ state: 'detached', timeout: 10_000 });
      expect(errors).toEqual([]);
    });
  });

  test('without the app shell cached, a page opened offline waits for the network instead of crashing', async () => {
    // Service workers blocked (the helper's default): the first visit before the shell is cached, where the route
    // chunk itself fails.
    const context = await session.newContext({ lang });
    const page = await context.newPage();
    try {
      const errors = trackPageErrors(page);
      await open(page, '/');
      await context.setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      await page.getByRole('banner').getByRole('link', { name: c.app.nav.platforms }).click();
      await page.waitForTimeout(1_500);
      expect(await page.locator('body').textContent()).not.toContain(c.app.routeError.title);
      expect(await page.locator('body').textContent()).not.toContain(c.app.crash.title);

      await context.setOffline(false);
      await page.locator('main h1').filter({ hasText: c.platforms.title }).waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
