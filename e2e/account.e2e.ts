import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { type Catalogue, PASSWORD, pickFromMenu, signIn, signUp } from './support/accounts.ts';
import { expectNoSidewaysScroll, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// The account through the real page: the user menu, /profile and /settings (name, password, deletion), zh and en.
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-13');
const NEW_PASSWORD = 'violet kettle drums at noon';

const session = launchFileBrowser(NOTES_DIR);

function withPage(lang: 'zh' | 'en', name: string, run: (page: Page, c: Catalogue) => Promise<void>) {
  // zh in the dark theme, en in the light one: the screenshots show both.
  const theme = lang === 'zh' ? 'dark' : 'light';
  return session.withPage({ lang, theme }, `account-${name}`, (page) => run(page, lang === 'zh' ? zh : en));
}

const shot = (page: Page, name: string) => session.screenshot(page, name);

describe('the account pages', () => {
  test('en: menu → profile (free, 0 points); settings: name, password, sign in again, delete', async () => {
    const email = `acc-e2e-${Date.now()}@example.com`;
    const emailName = email.split('@')[0] ?? '';
    await withPage('en', 'flow', async (page, c) => {
      const a = c.account;
      const banner = page.getByRole('banner');
      await signUp(page, c, email);
      const menuButton = banner.getByTestId('user-menu-button');
      await expect(menuButton.textContent()).resolves.toContain(emailName); // the spec's name from the e-mail

      await pickFromMenu(page, c.auth.menu.profile);
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByTestId('profile-email').getByText(email).waitFor();
      expect(await page.getByTestId('profile-level').textContent()).toContain(a.level.free);
      expect(await page.getByTestId('profile-points').textContent()).toBe('0');
      expect(await page.getByTestId('profile-name').textContent()).toBe(emailName);
      await shot(page, 'account-profile-en');

      // Keyboard: Enter opens with the first item focused, arrows move, Escape closes back onto the button.
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(c.auth.menu.profile);
      await page.keyboard.press('ArrowDown');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(c.auth.menu.membership);
      await page.keyboard.press('End');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(c.auth.menu.signOut);
      await shot(page, 'account-menu-en');
      await page.keyboard.press('Escape');
      expect(await page.getByRole('menu').count()).toBe(0);
      await expect(menuButton.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

      await pickFromMenu(page, c.auth.menu.settings);
      await page.waitForURL((url) => url.pathname === '/settings');
      await page.getByLabel(a.settings.profile.name).fill('Ada E2E');
      await page.getByRole('button', { name: a.settings.profile.save }).click();
      await page.getByRole('status').getByText(a.settings.profile.saved).waitFor();
      await expect(menuButton.textContent()).resolves.toContain('Ada E2E');
      await shot(page, 'account-settings-en');

      await page.getByLabel(a.settings.password.current).fill(PASSWORD);
      await page.getByLabel(a.settings.password.new, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(c.auth.form.confirmPassword).fill(NEW_PASSWORD);
      await page.getByTestId('password-strength').waitFor(); // the sign-up form's meter
      await page.getByRole('button', { name: a.settings.password.save }).click();
      await page.getByRole('status').getByText(a.settings.password.saved).waitFor();

      await pickFromMenu(page, c.auth.menu.profile);
      await expect(page.getByTestId('profile-name').textContent()).resolves.toBe('Ada E2E');

      await pickFromMenu(page, c.auth.menu.signOut);
      await banner.getByRole('link', { name: c.auth.menu.signIn }).waitFor();
      await signIn(page, c, email, PASSWORD); // the old password no longer works
      await page.getByRole('alert').getByText(c.errors.INVALID_CREDENTIALS).waitFor();
      await signIn(page, c, email, NEW_PASSWORD);
      await expect(banner.getByTestId('user-menu-button').textContent()).resolves.toContain('Ada E2E');

      await open(page, '/settings');
      await page.getByRole('button', { name: a.settings.delete.action }).click();
      const dialog = page.getByRole('dialog', { name: a.settings.delete.dialogTitle });
      const confirm = dialog.getByRole('button', { name: a.settings.delete.confirm });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(fillTemplate(a.settings.delete.confirmLabel, { value: email })).fill(email);
      await dialog.getByLabel(a.settings.delete.passwordLabel).fill(NEW_PASSWORD);
      await confirm.click();
      await page.waitForURL((url) => url.pathname === '/');
      await banner.getByRole('link', { name: c.auth.menu.signIn }).waitFor();
      await signIn(page, c, email, NEW_PASSWORD);
      await page.getByRole('alert').getByText(c.errors.INVALID_CREDENTIALS).waitFor();
    });
  });

  test('zh: the pages, the checks and the server errors read in Chinese', async () => {
    const email = `acc-zh-${Date.now()}@example.com`;
    await withPage('zh', 'zh', async (page, c) => {
      const a = c.account;
      await signUp(page, c, email);
      await open(page, '/profile');
      expect(await page.getByTestId('profile-level').textContent()).toContain(a.level.free);
      await shot(page, 'account-profile-zh');
      await page.getByRole('banner').getByTestId('user-menu-button').click();
      await page.getByRole('menu').getByRole('menuitem', { name: c.auth.menu.tasks }).waitFor();
      await shot(page, 'account-menu-zh');
      await page.keyboard.press('Escape');

      await open(page, '/settings');
      await page.getByRole('heading', { name: a.settings.title, level: 1 }).waitFor();
      await page.getByLabel(a.settings.profile.avatar).fill('javascript:alert(1)');
      await page.getByRole('button', { name: a.settings.profile.save }).click();
      await page.getByText(a.validation.avatarHttps).waitFor(); // the shared schema, before any request

      await page.getByLabel(a.settings.password.current).fill('not-my-password-1');
      await page.getByLabel(a.settings.password.new, { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel(c.auth.form.confirmPassword).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: a.settings.password.save }).click();
      await page.getByRole('alert').getByText(c.errors.CURRENT_PASSWORD_INVALID).waitFor(); // the server's answer
      await page.getByTestId('sign-in-methods').getByText(a.settings.providers.passwordOn).waitFor();
      await shot(page, 'account-settings-zh');

      await page.getByRole('button', { name: a.settings.delete.action }).click();
      const dialog = page.getByRole('dialog', { name: a.settings.delete.dialogTitle });
      await dialog.getByLabel(fillTemplate(a.settings.delete.confirmLabel, { value: email })).fill(email);
      await dialog.getByLabel(a.settings.delete.passwordLabel).fill('wrong-password-1');
      await dialog.getByRole('button', { name: a.settings.delete.confirm }).click();
      await dialog.getByRole('alert').getByText(c.errors.CURRENT_PASSWORD_INVALID).waitFor();
      await shot(page, 'account-delete-dialog-zh');
      await dialog.getByRole('button', { name: a.settings.delete.cancel }).click();
      await expect(page.getByRole('banner').getByTestId('user-menu-button').isVisible()).resolves.toBe(true);

      // On a phone both pages fit the width, and the hamburger panel lists the account links.
      await page.setViewportSize(MOBILE);
      for (const path of ['/settings', '/profile']) {
        await open(page, path);
        await expectNoSidewaysScroll(page, MOBILE.width, path);
      }
      await page.getByRole('button', { name: c.app.nav.openMenu }).click();
      await page
        .getByRole('navigation', { name: c.app.nav.mobile })
        .getByRole('link', { name: c.auth.menu.settings })
        .waitFor();
      await shot(page, 'account-mobile-menu-zh');
    });
  });

  test('a visitor on /profile and /settings is asked to sign in', async () => {
    await withPage('en', 'visitor', async (page, c) => {
      for (const path of ['/profile', '/settings']) {
        await open(page, path);
        await page
          .getByRole('region', { name: c.auth.gate.title })
          .getByRole('link', { name: c.auth.gate.action })
          .waitFor();
      }
    });
  });
});
