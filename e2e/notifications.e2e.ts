import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { pickFromMenu, signUp } from './support/accounts.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// Notifications in the browser: a new (free) user checks in on /tasks (+50) → the header bell shows 1 →
// its dropdown words the credit → "view all" opens /notifications with it unread → "mark all read" → the badge goes
// and the unread filter is empty. Screenshots in e2e-artifacts/notes/issue-14/notifications-*.png.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-14');

const session = launchFileBrowser(NOTES_DIR);

const screenshot = (page: Page, name: string) => session.screenshot(page, name);

describe.each(['zh', 'en'] as const)('notifications in the browser (%s)', (lang: Lang) => {
  const c = LOCALES[lang];
  const t = c.notifications;

  test('a visitor has no bell, and /notifications asks to sign in', async () => {
    await session.withPage({ lang }, `notifications-visitor-${lang}`, async (page) => {
      await open(page, '/notifications');
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      await page.getByRole('region', { name: c.auth.gate.title }).waitFor();
      expect(await page.getByTestId('notification-bell').count()).toBe(0);
    });
  });

  test('a check-in rings the bell; the dropdown, the page and "mark all read" follow', async () => {
    await session.withPage({ lang }, `notifications-flow-${lang}`, async (page) => {
      await signUp(page, c, `notify-${lang}-${Date.now()}@example.com`);
      const banner = page.getByRole('banner');
      const bell = banner.getByTestId('notification-bell');
      await bell.waitFor();
      expect(await banner.getByTestId('notification-badge').count()).toBe(0);

      await open(page, '/tasks');
      const checkIn = page.getByRole('listitem', { name: c.tasks.items.daily.check_in.title });
      await checkIn.getByRole('button', { name: c.tasks.actions.checkIn }).click();
      await checkIn.getByText(c.tasks.states.completed, { exact: true }).waitFor();

      // The credit's refresh reaches the bell without waiting for its minute.
      const badge = banner.getByTestId('notification-badge');
      await badge.getByText('1', { exact: true }).waitFor();
      expect(await bell.getAttribute('aria-label')).toBe(fillTemplate(t.bell.unread, { count: 1 }));

      await bell.click();
      const words = fillTemplate(t.text.points, {
        amount: 50,
        reason: t.reasons.task.daily,
        balance: 50,
      });
      const panel = banner.locator(`#${(await bell.getAttribute('aria-controls'))?.replace(/:/g, '\\:')}`);
      await panel.getByText(words).waitFor();
      await panel.getByText(t.kind.points_credited).waitFor();
      await screenshot(page, `notifications-${lang}-dropdown`);
      // The whole page with the dropdown open, the user menu included.
      expect(await findSeriousViolations(page)).toEqual([]);

      await panel.getByRole('link', { name: t.viewAll }).click();
      await page.waitForURL((url) => url.pathname === '/notifications');
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      const list = page.getByTestId('notifications-list');
      const item = list.getByRole('button', { name: new RegExp(words.replace(/[()+]/g, '\\$&')) });
      await item.waitFor();
      expect(await item.getAttribute('data-unread')).toBe('true');
      await screenshot(page, `notifications-${lang}-page-unread`);

      await page.getByRole('button', { name: t.markAllRead }).click();
      await badge.waitFor({ state: 'detached' });
      await expect.poll(() => item.getAttribute('data-unread')).toBeNull();
      expect(await bell.getAttribute('aria-label')).toBe(t.bell.label);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      await screenshot(page, `notifications-${lang}-page-read`);

      // click, not check(): the URL update is a router transition, so the box changes a moment after the click.
      await page.getByLabel(t.unreadOnly).click();
      await page.getByText(t.emptyUnread).waitFor();
      expect(new URL(page.url()).searchParams.get('unread')).toBe('1');

      // A click opens the notification's page.
      await page.getByLabel(t.unreadOnly).click();
      await item.click();
      await page.waitForURL((url) => url.pathname === '/tasks');

      // On a phone the bell and its dropdown fit the screen.
      await page.setViewportSize(MOBILE);
      await bell.click();
      const viewAll = banner.getByRole('link', { name: t.viewAll });
      await viewAll.waitFor();
      const box = await viewAll.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await screenshot(page, `notifications-${lang}-mobile`);

      // Signing out takes the bell away.
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press('Escape');
      await pickFromMenu(page, c.auth.menu.signOut);
      await bell.waitFor({ state: 'detached' });
    });
  });
});
