import { mkdirSync } from 'node:fs';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waitForMail } from '../src/server/features/auth/auth.test-support.ts';
import { buildTestApp, type TestApp } from '../src/server/test/build-test-app.ts';
import { freePort } from '../src/server/test/free-port.ts';
import { en, zh } from '../src/shared/locales/index.ts';
import { open, SCREENSHOT_DIR, trackPageErrors } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { E2E_WEB_DIR } from './support/global-setup.ts';

// Accounts through the real page: sign up, sign out, sign in again; the navbar follows; validation speaks zh and en.
const session = launchFileBrowser();

const PASSWORD = 'e2e-password-42';

async function withPage(lang: 'zh' | 'en', run: (page: Page) => Promise<void>, name: string) {
  const context = await session.newContext({ lang });
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

        // Signed in at once; the page says where the verification mail went before going back.
        const banner = page.getByRole('banner');
        await banner.getByText(name, { exact: true }).waitFor();
        await page.getByRole('status').getByText(t.form.signedUp.replace('{{email}}', email)).waitFor();
        await page.getByRole('button', { name: t.form.continue }).click();
        await page.waitForURL((url) => url.pathname === '/');

        // Signed in at 1280 px in English, the five links still sit on one line, one line each (they wrapped).
        const links = page.getByRole('navigation', { name: en.app.nav.main }).getByRole('link');
        const boxes = await links.evaluateAll((elements) =>
          elements.map((element) => ({ top: element.getBoundingClientRect().top, height: element.clientHeight })),
        );
        expect(boxes).toHaveLength(5);
        expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
        expect(Math.max(...boxes.map((box) => box.height))).toBeLessThan(40);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

        await banner.getByTestId('user-menu-button').click(); // sign-out sits in the user menu
        await banner.getByRole('menuitem', { name: t.menu.signOut }).click();
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
        expect(await page.getByText(t.validation.passwordTooShort).isVisible()).toBe(true);
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

describe('choosing a password on the sign-up page', () => {
  test.each(['zh', 'en'] as const)(
    '%s: the strength meter follows the typing; too-short and common passwords are refused with the policy message',
    async (lang) => {
      await withPage(
        lang,
        async (page) => {
          const t = (lang === 'zh' ? zh : en).auth;
          const form = page.getByRole('form', { name: t.form.signUpTitle });
          const submit = () => form.getByRole('button', { name: t.form.signUp }).click();
          const meter = page.getByTestId('password-strength');
          const score = () => meter.locator('meter').evaluate((el) => (el as HTMLMeterElement).value);
          await open(page, '/login?mode=signup');

          await page.getByLabel(t.form.email).fill(`strength-${lang}-${Date.now()}@example.com`);
          await page.getByLabel(t.form.password, { exact: true }).fill('abc12');
          await meter.getByText(`${t.strength.label}: ${t.strength.weak}`).waitFor(); // loaded with this form only
          await page.getByLabel(t.form.confirmPassword).fill('abc12');
          await page.getByLabel(t.form.terms).check();
          await submit();
          await page.getByText(t.validation.passwordTooShort).waitFor(); // the shared schema, before any request

          await page.getByLabel(t.form.password, { exact: true }).fill('qwerty123456');
          await page.getByLabel(t.form.confirmPassword).fill('qwerty123456');
          await submit();
          await page.getByText(t.validation.commonPassword).waitFor(); // the server's top-10,000 list
          expect(await score()).toBeLessThanOrEqual(1);
          await session.screenshot(page, `auth-signup-common-password-${lang}`);

          await page.getByLabel(t.form.password, { exact: true }).fill('violet kettle drums at noon');
          await meter.getByText(`${t.strength.label}: ${t.strength.veryStrong}`).waitFor();
          await session.screenshot(page, `auth-signup-strong-password-${lang}`);
        },
        `strength-${lang}`,
      );
    },
  );
});

// A second server in this process, so the test can read mail_outbox and point Google at a local OpenID Connect server.
describe('Google sign-in, password reset and e-mail verification in the browser', () => {
  let idp: OAuth2Server;
  let app: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    idp.service.on('beforeTokenSigning', (token) => {
      Object.assign(token.payload, { sub: 'e2e-google-1', email: 'grace@example.com', email_verified: true });
    });
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    const issuer = idp.issuer.url ?? '';
    app = await buildTestApp({
      catalogue: false,
      env: {
        WEB_DIST_DIR: E2E_WEB_DIR,
        APP_URL: appUrl,
        OAUTH_GOOGLE_CLIENT_ID: 'heatrank-e2e',
        OAUTH_GOOGLE_CLIENT_SECRET: 'e2e-secret',
        OAUTH_GOOGLE_AUTHORIZE_URL: `${issuer}/authorize`,
        OAUTH_GOOGLE_TOKEN_URL: `${issuer}/token`,
      },
    });
    await app.app.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await idp?.stop();
  });

  test('the Google button goes to the provider and back through /auth/callback, signed in', async () => {
    await withPage(
      'en',
      async (page) => {
        const t = en.auth;
        await page.goto(`${appUrl}/auth?returnTo=%2Fmembership`);
        await page.getByRole('heading', { name: t.form.signInTitle }).waitFor();

        await page.getByRole('link', { name: t.form.continueWith.replace('{{provider}}', t.providers.google) }).click();

        await page.waitForURL(`${appUrl}/membership`);
        await page.getByRole('banner').getByText('grace', { exact: true }).waitFor();
      },
      'oauth',
    );
  });

  test('forgotten password and verification links from the outbox work on the page (zh)', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const name = email.split('@')[0] ?? '';
    await withPage(
      'zh',
      async (page) => {
        const t = zh.auth;
        const banner = page.getByRole('banner');
        await page.goto(`${appUrl}/auth?mode=signup`);
        await page.getByLabel(t.form.email).fill(email);
        await page.getByLabel(t.form.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(t.form.confirmPassword).fill(PASSWORD);
        await page.getByLabel(t.form.terms).check();
        await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();
        await banner.getByText(name, { exact: true }).waitFor();
        await banner.getByTestId('user-menu-button').click(); // sign-out sits in the user menu
        await banner.getByRole('menuitem', { name: t.menu.signOut }).click();
        await banner.getByRole('link', { name: t.menu.signIn }).waitFor();

        await page.goto(`${appUrl}/auth`);
        await page.getByRole('button', { name: t.form.forgotPassword }).click();
        // Within the reset form: the sign-in form's e-mail field has the same label and may still be there.
        const resetForm = page.getByRole('form', { name: t.form.resetTitle });
        await resetForm.getByLabel(t.form.email).fill(email);
        await resetForm.getByRole('button', { name: t.form.sendResetLink }).click();
        await page.getByRole('status').getByText(t.form.resetSent).waitFor();

        const reset = await waitForMail(app.db, email, 2); // after the verification mail
        expect(reset.mail.subject).toBe(zh.auth.mail.resetSubject); // the UI language, sent as ?lang=
        await page.goto(`${appUrl}/auth?mode=reset&token=${encodeURIComponent(reset.token ?? '')}`);
        await page.getByLabel(t.form.newPassword, { exact: true }).fill('another-pass-777');
        await page.getByLabel(t.form.confirmPassword).fill('another-pass-777');
        await page.getByRole('button', { name: t.form.savePassword }).click();
        await page.getByRole('status').getByText(t.form.passwordSaved).waitFor();
        const signInForm = page.getByRole('form', { name: t.form.signInTitle });
        await signInForm.getByLabel(t.form.email).fill(email);
        await signInForm.getByLabel(t.form.password, { exact: true }).fill('another-pass-777');
        await signInForm.getByRole('button', { name: t.form.signIn }).click();
        await banner.getByText(name, { exact: true }).waitFor();

        const verify = (await app.db.query.mailOutbox.findMany()).find(
          (mail) => mail.to === email && mail.text.includes('mode=verify'),
        );
        const token = /token=([^\s&]+)/.exec(verify?.text ?? '')?.[1] ?? '';
        await page.goto(`${appUrl}/auth?mode=verify&token=${token}`);
        await page.getByRole('status').getByText(t.form.verified).waitFor();
      },
      'reset',
    );
  });

  test('verifying a new address asks for a password on the page and signs the older session out (en)', async () => {
    const email = `verify-${Date.now()}@example.com`;
    await withPage(
      'en',
      async (page) => {
        const t = en.auth;
        const banner = page.getByRole('banner');
        await page.goto(`${appUrl}/auth?mode=signup`);
        await page.getByLabel(t.form.email).fill(email);
        await page.getByLabel(t.form.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(t.form.confirmPassword).fill(PASSWORD);
        await page.getByLabel(t.form.terms).check();
        await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();
        await banner.getByText(email.split('@')[0] ?? '', { exact: true }).waitFor();

        const { token } = await waitForMail(app.db, email);
        await page.goto(`${appUrl}/auth?mode=verify&token=${encodeURIComponent(token ?? '')}`);
        await page.getByText(t.form.verifyChoosePassword).waitFor();
        await page.getByLabel(t.form.newPassword, { exact: true }).fill('chosen-on-verify-7');
        await page.getByLabel(t.form.confirmPassword).fill('chosen-on-verify-7');
        await session.screenshot(page, `auth-verify-choose-password-en`);
        await page.getByRole('button', { name: t.form.savePassword }).click();
        await page.getByRole('status').getByText(t.form.verified).waitFor();

        await page.reload();
        await banner.getByRole('link', { name: t.menu.signIn }).waitFor(); // the session from sign-up has ended
      },
      'verify',
    );
  });
});
