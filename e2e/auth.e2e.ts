import { mkdirSync } from 'node:fs';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpUnverifiedAgent, waitForMail } from '../src/server/features/auth/auth.test-support.ts';
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

          await page.getByLabel(t.form.password, { exact: true }).fill('aaaaaaaaaaaa');
          await page.getByLabel(t.form.confirmPassword).fill('aaaaaaaaaaaa');
          await meter.getByText(t.strength.tooWeak).waitFor(); // the server's own function and threshold
          await submit();
          await page.getByText(t.validation.passwordTooWeak, { exact: true }).waitFor();
          await session.screenshot(page, `auth-signup-weak-password-${lang}`);

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
        // The reset proved the address already; signed in, the page says the session stays.
        await page.getByTestId('verify-done').getByText(t.form.verifiedSignedIn).waitFor();
      },
      'reset',
    );
  });

  test.each([
    ['en', 1440],
    ['zh', 390],
  ] as const)(
    '%s at %d px: the link verifies in one click in the browser that signed up, and asks for a (strong) password in any other',
    async (lang, width) => {
      const c = lang === 'zh' ? zh : en;
      const t = c.auth;
      const email = `verify-${lang}-${Date.now()}@example.com`;
      const shot = (name: string) => `auth-verify-${name}-${lang}-${width}`;
      const context = await session.newContext({ lang, baseURL: appUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      try {
        const header = page.getByRole('banner');
        await page.goto(`${appUrl}/auth?mode=signup`);
        await page.getByLabel(t.form.email).fill(email);
        await page.getByLabel(t.form.password, { exact: true }).fill(PASSWORD);
        await page.getByLabel(t.form.confirmPassword).fill(PASSWORD);
        await page.getByLabel(t.form.terms).check();
        await page.getByRole('form', { name: t.form.signUpTitle }).getByRole('button', { name: t.form.signUp }).click();
        await page.getByText(t.form.signedUpNext).waitFor();
        await page.getByRole('button', { name: t.form.continue }).click();

        // "Email not verified" on every page, with the resend action (rate-limited on the server).
        const notice = page.getByTestId('unverified-banner');
        await notice.getByText(t.unverified.title).waitFor();
        await notice.getByText(t.unverified.body.replace('{{email}}', email)).waitFor();
        await session.screenshot(page, shot('banner'));
        await notice.getByRole('button', { name: t.unverified.resend }).click();
        await notice.getByText(t.unverified.sent).waitFor();
        const { token } = await waitForMail(app.db, email, 2);
        await session.screenshot(page, shot('resent'));

        // A gated action says why where it failed, and the banner turns into an alert with the resend action.
        await open(page, '/tasks');
        const checkIn = page.getByRole('listitem', { name: c.tasks.items.daily.check_in.title });
        await checkIn.getByRole('button', { name: c.tasks.actions.checkIn }).click();
        await checkIn.getByText(c.errors.EMAIL_NOT_VERIFIED).waitFor();
        await expect.poll(() => notice.getAttribute('role')).toBe('alert');
        await notice.getByRole('button', { name: t.unverified.resend }).waitFor();
        await session.screenshot(page, shot('gated'), { fullPage: true });

        // The link in the same browser: no request fails on the way, the session stays.
        const failed: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
        });
        await page.goto(`${appUrl}/auth?mode=verify&token=${encodeURIComponent(token ?? '')}`);
        await page.getByTestId('verify-done').getByText(t.form.verifiedSignedIn).waitFor();
        await session.screenshot(page, shot('one-click'));
        expect(failed).toEqual([]);
        await page.getByRole('link', { name: t.form.continue }).click();
        await page.waitForURL(`${appUrl}/`);
        await page.reload();
        await header.waitFor();
        const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()).user);
        expect(me).toMatchObject({ email, emailVerified: true }); // still signed in, now verified
        expect(await notice.count()).toBe(0);

        // Another account's link opened in a browser without its session: the owner chooses the password.
        const other = `verify-other-${lang}-${Date.now()}@example.com`;
        const { agent: squatter } = await signUpUnverifiedAgent(app.app, other, PASSWORD);
        const { token: otherToken } = await waitForMail(app.db, other);
        const fresh = await session.newContext({ lang, baseURL: appUrl, viewport: { width, height: 900 } });
        const elsewhere = await fresh.newPage();
        const freshFailed: string[] = [];
        elsewhere.on('response', (response) => {
          if (response.status() >= 400) freshFailed.push(`${response.status()} ${response.url()}`);
        });
        await elsewhere.goto(`${appUrl}/auth?mode=verify&token=${encodeURIComponent(otherToken ?? '')}`);
        await elsewhere.getByText(t.form.verifyChoosePassword).waitFor();
        expect(freshFailed).toEqual([]); // the form shows without a failed request first
        await elsewhere.getByLabel(t.form.newPassword, { exact: true }).fill('aaaaaaaaaaaa');
        await elsewhere.getByLabel(t.form.confirmPassword).fill('aaaaaaaaaaaa');
        await elsewhere.getByTestId('password-strength').getByText(t.strength.tooWeak).waitFor(); // the meter says it
        await elsewhere.getByRole('button', { name: t.form.savePassword }).click();
        await elsewhere.getByText(t.validation.passwordTooWeak, { exact: true }).waitFor(); // and the server refuses it
        await session.screenshot(elsewhere, shot('too-weak'));
        await elsewhere.getByLabel(t.form.newPassword, { exact: true }).fill('chosen-on-verify-7');
        await elsewhere.getByLabel(t.form.confirmPassword).fill('chosen-on-verify-7');
        await elsewhere.getByRole('button', { name: t.form.savePassword }).click();
        await elsewhere.getByRole('status').getByText(t.form.verified).waitFor();
        await session.screenshot(elsewhere, shot('chosen'));
        const squatterMe = await squatter.request({ method: 'GET', url: '/api/me' });
        expect(squatterMe.statusCode).toBe(401); // the session from that sign-up has ended
        await fresh.close();
        expect(errors).toEqual([]);
      } catch (error) {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${shot('failure')}.png`, fullPage: true }).catch(() => {});
        throw error;
      } finally {
        await context.close();
      }
    },
  );
});
