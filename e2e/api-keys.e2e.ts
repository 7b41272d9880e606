import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { pickFromMenu, signIn, signUp } from './support/accounts.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// API keys in the browser: the vip account of the e2e server (support/global-setup.ts) opens API access
// from the account menu, creates a key, sees it once with the warning, copies it, calls /api/v1 with it, and revokes
// it after confirming (the key then answers 401); a free user gets the upgrade message naming VIP.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-16');

const session = launchFileBrowser(NOTES_DIR);

const screenshot = (page: Page, name: string) => session.screenshot(page, name);

function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>) {
  return session.withPage({ lang }, `api-keys-${name}-${lang}`, run);
}

/** A GET of the public API from the page with the key as bearer: status and remaining calls. */
const callApi = (page: Page, key: string) =>
  page.evaluate(async (bearer) => {
    const res = await fetch('/api/v1/sectors', { headers: { authorization: `Bearer ${bearer}` }, credentials: 'omit' });
    return { status: res.status, remaining: res.headers.get('ratelimit-remaining') };
  }, key);

describe.each(['zh', 'en'] as const)('API keys in the browser (%s)', (lang) => {
  const c = LOCALES[lang];
  const t = c.api;

  test('a vip creates a key, sees it once, copies it, uses it, and revokes it after confirming', async () => {
    const vip = inject('vip')[lang];
    await withPage(lang, 'vip', async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signIn(page, c, vip.email, vip.password);
      await page.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await pickFromMenu(page, c.auth.menu.apiAccess);
      await page.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/api-access');
      await page.getByText(t.keys.empty).waitFor();
      const origin = new URL(page.url()).origin;
      expect(await page.locator('[data-slot="curl-example"]').textContent()).toContain(`${origin}/api/v1/projects`);

      const name = lang === 'zh' ? '报表脚本' : 'Reporting script';
      await page.getByLabel(t.create.label).fill(name);
      await page.getByRole('button', { name: t.create.submit }).click();
      const notice = page.locator('[data-slot="created-api-key"]');
      const key = await notice.getByLabel(fillTemplate(t.created.title, { name })).inputValue();
      expect(key).toMatch(/^hr_live_[A-Za-z0-9_-]{55}$/);
      await notice.getByText(t.created.warning).waitFor();
      await notice.getByRole('button', { name: t.created.copy }).click();
      await notice.getByRole('button', { name: t.created.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await screenshot(page, `api-keys-${lang}-created`);
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      // A phone (390 px): the key, the list and the curl example fit the width, nothing scrolls sideways.
      await page.setViewportSize(MOBILE);
      await screenshot(page, `api-keys-${lang}-created-390`);
      await expectNoSidewaysScroll(page, MOBILE.width);
      await page.setViewportSize(DESKTOP);

      const used = await callApi(page, key);
      expect(used).toEqual({ status: 200, remaining: '999' });

      // Once dismissed, the key is gone from the page for good (the list only knows its prefix).
      await notice.getByRole('button', { name: t.created.done }).click();
      await notice.waitFor({ state: 'detached' });
      await page.reload();
      const row = page.locator('tr[data-slot="api-key-row"]', { hasText: name });
      await row.waitFor();
      expect(await page.content()).not.toContain(key);
      expect(await row.textContent()).toContain(`${key.slice(0, 20)}…`);
      await page
        .locator('[data-slot="api-usage"]')
        .getByText(fillTemplate(t.usage.calls, { used: 1, limit: '1,000' }))
        .waitFor();

      await row.getByRole('button', { name: t.revoke.action }).click();
      await row.getByText(fillTemplate(t.revoke.confirm, { name })).waitFor();
      await screenshot(page, `api-keys-${lang}-confirm-revoke`);
      await row.getByRole('button', { name: t.revoke.yes }).click();
      await expect.poll(() => row.getAttribute('data-revoked')).toBe('true');
      expect(await callApi(page, key)).toEqual({ status: 401, remaining: null });
      await screenshot(page, `api-keys-${lang}-revoked`);
    });
  });

  test('a free user sees the upgrade message naming VIP', async () => {
    await withPage(lang, 'free', async (page) => {
      await signUp(page, c, `api-free-${lang}-${Date.now()}@example.com`);
      await open(page, '/api-access');
      const lock = page.locator('[data-slot="locked-feature"]');
      await lock.getByText(c.errors.FEATURE_LOCKED_VIP).waitFor();
      await lock.getByText(t.featureName).waitFor();
      expect(await page.getByLabel(t.create.label).count()).toBe(0);
      await screenshot(page, `api-keys-${lang}-free-locked`);
    });
  });
});
