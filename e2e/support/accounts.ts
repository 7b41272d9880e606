import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { en } from '../../src/shared/locales/index.ts';
import { open } from './browser.ts';
import { control } from './control-server.ts';
import { readMailToken } from './mail-token.ts';
import type { OwnServer } from './own-server.ts';

// Account steps through the real pages, for any browser test that needs a signed-in user.
export type Catalogue = typeof en;
export const PASSWORD = 'e2e-account-password-1';

/** Where a test reads the verification link's token of an address (the server's mail outbox). */
export type MailTokenSource = (email: string) => Promise<string>;

/** The shared e2e server's outbox, through its control port. */
export const sharedServerMail: MailTokenSource = async (email) => {
  const path = `/mail-token?email=${encodeURIComponent(email)}`;
  return ((await control(inject('controlUrl'), path)) as { token: string }).token;
};

/** The token of the newest team invitation e-mailed to an address on the shared e2e server (the /team/join link). */
export async function sharedServerInvitation(email: string): Promise<string> {
  const path = `/mail-token?email=${encodeURIComponent(email)}&path=${encodeURIComponent('/team/join')}`;
  return ((await control(inject('controlUrl'), path)) as { token: string }).token;
}

/** A test file's own server's outbox (its database is in this process). */
export const ownServerMail =
  (server: OwnServer): MailTokenSource =>
  (email) =>
    readMailToken(server.runtime.handle.db, email);

/**
 * Opens the e-mailed verification link in this browser, as the user would: in the session that signed up it verifies
 * in one click (no password asked) and the page offers to continue, still signed in.
 */
export async function verifyEmailInBrowser(page: Page, c: Catalogue, email: string, mail = sharedServerMail) {
  await open(page, `/auth?mode=verify&token=${encodeURIComponent(await mail(email))}`);
  await page.getByTestId('verify-done').getByText(c.auth.form.verifiedSignedIn).waitFor();
}

/**
 * Signs up on /auth with a fresh e-mail and continues to the home page, signed in. The e-mail is verified through its
 * link first (points, payments, exports and API keys need that) unless `verify` is false.
 */
export async function signUp(
  page: Page,
  c: Catalogue,
  email: string,
  { verify = true, mail = sharedServerMail }: { verify?: boolean; mail?: MailTokenSource } = {},
) {
  const t = c.auth;
  await open(page, '/auth?mode=signup');
  await page.getByLabel(t.form.email).fill(email);
  await page.getByLabel(t.form.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.form.confirmPassword).fill(PASSWORD);
  await page.getByLabel(t.form.terms).check();
  await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();
  if (verify) {
    await page.getByRole('button', { name: t.form.continue }).waitFor();
    await verifyEmailInBrowser(page, c, email, mail);
    await page.getByRole('link', { name: t.form.continue }).click();
  } else {
    await page.getByRole('button', { name: t.form.continue }).click();
  }
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
 * form is not what a test is about. The next page load sees the session. A sign-up is verified through its link in
 * the same session (the one-click path) unless `mail` is null.
 */
export async function authenticateInPage(
  page: Page,
  path: 'sign-up' | 'sign-in',
  email: string,
  password: string,
  mail: MailTokenSource | null = sharedServerMail,
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
  if (path !== 'sign-up' || !mail) return;
  const token = await mail(email);
  await page.evaluate(async (token) => {
    const csrfToken = document.cookie.match(/(?:^|; )(?:__Host-)?hr_csrf=([^;]+)/)?.[1] ?? '';
    const response = await fetch('/api/auth/verify-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrfToken) },
      body: JSON.stringify({ token }),
    });
    if (!response.ok) throw new Error(`verify-email: ${response.status} ${await response.text()}`);
  }, token);
}
