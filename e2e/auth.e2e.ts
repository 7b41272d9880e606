import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { launchBrowser, newContext, open, SCREENSHOT_DIR, trackPageErrors } from './support/browser.ts';

// Accounts through the real page: sign up, sign out, sign in again; the navbar follows; validation speaks zh and en.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'e2e-password-42';

async function withPage(lang: 'zh' | 'en', run: (page: Page) => Promise<void>, name: string) {
  const context = await newContext(browser, { lang });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  try {
    await run(page);
    expect(errors).toEqual([]);
  } catch (error) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/auth-${name}-failure.png`, fullPage: true }).catch(() => {});
    throw error;
  } finally {
    await context.close();
  }
}

describe('accounts in the browser', () => {
  test('sign up, sign out and sign in again through /auth; the navbar shows the e-mail name', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    const name = email.split('@')[0] ?? '';
    await withPage(
      'en',
      async (page) => {
        const t = en.auth;
        await open(page, '/');
        await page.getByRole('banner').getByRole('link', { name: t.menu.signIn }).click();
        await page.getByRole('heading', { name: t.form.signInTitle }).waitFor();

        await page.getByRole('button', { name: t.form.signUp }).click();
        await page.getByRole('heading', { name: t.form.signUpTitle }).waitFor();
        await page.getByLabel(t.form.email).fill(email);
        await page.getByLabel(t.form.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(t.form.confirmPassword).fill(PASSWORD);
        await page.getByLabel(t.form.terms).check();
        await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();

        const banner = page.getByRole('banner');
        await banner.getByText(name, { exact: true }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');

        await banner.getByRole('button', { name: t.menu.signOut }).click();
        await banner.getByRole('link', { name: t.menu.signIn }).waitFor();
        expect(await banner.getByText(name, { exact: true }).count()).toBe(0);

        await banner.getByRole('link', { name: t.menu.signIn }).click();
        await page.getByLabel(t.form.email).fill(email);
        await page.getByLabel(t.form.password, { exact: true }).fill(PASSWORD);
        await page.getByRole('form', { name: t.form.signInTitle }).getByRole('button', { name: t.form.signIn }).click();
        await banner.getByText(name, { exact: true }).waitFor();

        await page.reload(); // the session is a server-side cookie, not page state
        await page.getByRole('banner').getByText(name, { exact: true }).waitFor();
      },
      'flow',
    );
  });

  test('validation messages in Chinese; a wrong password gets the generic error', async () => {
    await withPage(
      'zh',
      async (page) => {
        const t = zh.auth;
        await open(page, '/login?mode=signup');
        await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();

        await page.getByText(t.validation.emailRequired).waitFor();
        expect(await page.getByText(t.validation.passwordRequired).isVisible()).toBe(true);
        expect(await page.getByText(t.validation.termsRequired).isVisible()).toBe(true);
        await page.getByLabel(t.form.email).fill('not-an-email');
        await page.getByLabel(t.form.password, { exact: true }).fill('abcdefgh');
        await page.getByLabel(t.form.confirmPassword).fill('abcdefgX');
        await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();
        await page.getByText(t.validation.invalidEmail).waitFor();
        expect(await page.getByText(t.validation.weakPassword).isVisible()).toBe(true);
        expect(await page.getByText(t.validation.passwordMismatch).isVisible()).toBe(true);

        await page.goto('/auth');
        await page.getByLabel(t.form.email).fill('nobody@example.com');
        await page.getByLabel(t.form.password, { exact: true }).fill('wrong-password-1');
        await page.getByRole('form', { name: t.form.signInTitle }).getByRole('button', { name: t.form.signIn }).click();
        await page.getByRole('alert').getByText(zh.errors.INVALID_CREDENTIALS).waitFor();
      },
      'validation',
    );
  });
});
