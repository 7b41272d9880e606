import type { Page } from 'playwright-core';
import type { en } from '../../src/shared/locales/index.ts';
import { open } from './browser.ts';

// Account steps through the real pages, for any browser test that needs a signed-in user.
export type Catalogue = typeof en;
export const PASSWORD = 'e2e-account-password-1';

/** Signs up on /auth with a fresh e-mail and continues to the home page, signed in. */
export async function signUp(page: Page, c: Catalogue, email: string) {
  const t = c.auth;
  await open(page, '/auth?mode=signup');
  await page.getByLabel(t.form.email).fill(email);
  await page.getByLabel(t.form.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.form.confirmPassword).fill(PASSWORD);
  await page.getByLabel(t.form.terms).check();
  await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();
  await page.getByRole('button', { name: t.form.continue }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

export async function signIn(page: Page, c: Catalogue, email: string, password: string) {
  const t = c.auth;
  await open(page, '/auth');
  await page.getByLabel(t.form.email).fill(email);
  await page.getByLabel(t.form.password, { exact: true }).fill(password);
  await page.getByRole('form', { name: t.form.signInTitle }).getByRole('button', { name: t.form.signIn }).click();
}

/** Opens the user menu and picks an item by its label. */
export async function pickFromMenu(page: Page, label: string) {
  await page.getByRole('banner').getByTestId('user-menu-button').click();
  await page.getByRole('menu').getByRole('menuitem', { name: label }).click();
}

/**
 * Signs up or in through the API from inside the page (its cookies, its CSRF token): faster than the form when the
 * form is not what a test is about. The next page load sees the session.
 */
export async function authenticateInPage(
  page: Page,
  path: 'sign-up' | 'sign-in',
  email: string,
  password: string,
): Promise<void> {
  await page.evaluate(
    async ({ path, email, password }) => {
      const { csrfToken } = await (await fetch('/api/auth/csrf')).json();
      const body =
        path === 'sign-up' ? { email, password, confirmPassword: password, acceptTerms: true } : { email, password };
      const response = await fetch(`/api/auth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    },
    { path, email, password },
  );
}
