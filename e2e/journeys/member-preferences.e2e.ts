import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { type Preferences, PreferencesSchema } from '../../src/shared/api/account.schema.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { PASSWORD, pickFromMenu, signIn, signUp } from '../support/accounts.ts';
import { baseUrl, expectNoSidewaysScroll, type Lang, MOBILE, open, trackPageErrors } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';

// A member's display preferences follow the account: chosen on /settings in one browser (language, theme, up/down
// colours, number units), they are in effect as soon as the same account signs in on a second browser that had other
// choices. The user menu reaches membership and notifications; /api/docs opens a browsable reference that loads
// nothing from outside this server.

const LOCALES = { zh, en } as const;
const DESKTOP_WIDE = { width: 1440, height: 900 } as const;

/** Each walk starts in one language and ends, through the account, in the other, on the other screen size. */
const WALKS = [
  {
    from: 'zh',
    to: 'en',
    first: { viewport: DESKTOP_WIDE, theme: 'light', label: '1440' },
    second: { viewport: MOBILE, theme: 'light', label: '390' },
    // English's own default is green up: red up shows the account's choice, not the language's.
    chosen: { theme: 'dark', priceColours: 'red-up', numberStyle: 'western' },
  },
  {
    from: 'en',
    to: 'zh',
    first: { viewport: MOBILE, theme: 'dark', label: '390' },
    second: { viewport: DESKTOP_WIDE, theme: 'dark', label: '1440' },
    // Chinese's own default is red up and 万/亿: green up and K/M/B show the account's choices.
    chosen: { theme: 'light', priceColours: 'green-up', numberStyle: 'western' },
  },
] as const;

const session = launchFileBrowser();

/** The account's stored preferences, read through the page's own session. */
async function readAccountPreferences(page: Page): Promise<Preferences> {
  const body = await page.evaluate(async () => (await fetch('/api/me/preferences')).json());
  return PreferencesSchema.parse(body);
}

/** What the page has in effect: <html> lang, theme and colours, and the stored number units. */
async function readApplied(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dark: document.documentElement.classList.contains('dark'),
    theme: document.documentElement.dataset.theme,
    priceColours: document.documentElement.dataset.priceColours,
    numberStyle: localStorage.getItem('numberStyle'),
  }));
}

describe.each(WALKS)('member preferences: $from → $to', ({ from, to, first, second, chosen }) => {
  const c = LOCALES[from];
  const t = LOCALES[to];
  const email = `prefs-${from}-${Date.now()}@example.com`;
  const shot = (page: Page, name: string, fullPage = false) =>
    session.screenshot(page, `member-preferences-${name}`, { fullPage });

  test(`chosen on /settings (${from}, ${first.label} px), applied at sign-in on a second browser (${second.label} px)`, async () => {
    await session.withPage(
      { lang: from, theme: first.theme, viewport: first.viewport },
      `prefs-a-${from}`,
      async (page) => {
        await signUp(page, c, email);
        // The new account takes what this browser had chosen before signing up (language and theme here).
        await expect
          .poll(() => readAccountPreferences(page), { timeout: 10_000 })
          .toEqual({ language: from, theme: first.theme, priceColours: null, numberStyle: null });
        await open(page, '/settings');
        const main = page.locator('main');
        await main.getByText(c.account.settings.preferences.savedToAccount).waitFor();
        await main.getByRole('button', { name: c.app.numberStyle[chosen.numberStyle] }).click();
        await main.getByRole('button', { name: c.app.priceColours[chosen.priceColours] }).click();
        await main.getByRole('radio', { name: c.app.theme[chosen.theme] }).click();
        await shot(page, `settings-${from}-${first.label}`, true);
        // The language last: the page then reads in the other language, and the choice is saved like the others.
        // click, not check: the radio turns on once the other language's texts have loaded.
        await main.getByRole('radio', { name: c.app.language[to] }).click();
        await main.getByRole('heading', { name: t.account.settings.title, level: 1 }).waitFor();

        await expect.poll(() => readAccountPreferences(page), { timeout: 10_000 }).toEqual({ language: to, ...chosen });
      },
    );

    await session.withPage(
      { lang: from, theme: second.theme, viewport: second.viewport },
      `prefs-b-${from}`,
      async (page) => {
        // Before signing in this browser has its own, different choices.
        await open(page, '/');
        const before = await readApplied(page);
        expect(before.lang).toBe(from === 'zh' ? 'zh-CN' : 'en');
        expect(before.theme).toBe(second.theme);

        await signIn(page, c, email, PASSWORD);
        await expect
          .poll(() => readApplied(page), { timeout: 10_000 })
          .toEqual({
            lang: to === 'zh' ? 'zh-CN' : 'en',
            dark: chosen.theme === 'dark',
            theme: chosen.theme,
            priceColours: chosen.priceColours,
            numberStyle: chosen.numberStyle,
          });
        await shot(page, `signed-in-${to}-${second.label}`);

        // The settings page shows the account's choices as the selected ones.
        await open(page, '/settings');
        const main = page.locator('main');
        await expect(main.getByRole('radio', { name: t.app.theme[chosen.theme] }).isChecked()).resolves.toBe(true);
        await expect(main.getByRole('radio', { name: t.app.language[to] }).isChecked()).resolves.toBe(true);
        const colours = main.getByRole('button', { name: t.app.priceColours[chosen.priceColours] });
        await expect(colours.getAttribute('aria-pressed')).resolves.toBe('true');
        const units = main.getByRole('button', { name: t.app.numberStyle[chosen.numberStyle] });
        await expect(units.getAttribute('aria-pressed')).resolves.toBe('true');
        await shot(page, `settings-applied-${to}-${second.label}`, true);
        await expectNoSidewaysScroll(page, second.viewport.width);

        // A change made here, signed in, goes to the account too.
        await main.getByRole('radio', { name: t.app.theme.auto }).click();
        await expect.poll(async () => (await readAccountPreferences(page)).theme, { timeout: 10_000 }).toBe('auto');
      },
    );
  });

  test(`the user menu links membership and notifications (${to}, both sizes)`, async () => {
    await session.withPage({ lang: to, viewport: DESKTOP_WIDE }, `prefs-menu-${to}`, async (page) => {
      await signIn(page, t, email, PASSWORD);
      await page.getByRole('banner').getByTestId('user-menu-button').click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: t.auth.menu.notifications }).waitFor();
      await shot(page, `user-menu-${to}-1440`);
      await menu.getByRole('menuitem', { name: t.auth.menu.membership }).click();
      await page.waitForURL((url) => url.pathname === '/membership');
      await pickFromMenu(page, t.auth.menu.notifications);
      await page.waitForURL((url) => url.pathname === '/notifications');
      await page.locator('main h1').waitFor();

      // On a phone the same links are in the hamburger panel.
      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: t.app.nav.openMenu }).click();
      const panelLink = page.getByRole('link', { name: t.auth.menu.membership, exact: true });
      await panelLink.last().waitFor();
      await page.getByRole('link', { name: t.auth.menu.notifications, exact: true }).last().waitFor();
      await shot(page, `user-menu-${to}-390`);
      await panelLink.last().click();
      await page.waitForURL((url) => url.pathname === '/membership');

      // Signed out, a choice stays in this browser only (the account keeps its own).
      await page.setViewportSize(DESKTOP_WIDE);
      await pickFromMenu(page, t.auth.menu.signOut);
      await page.getByRole('banner').getByRole('link', { name: t.auth.menu.signIn }).waitFor();
      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      await page.reload();
      await expect.poll(() => readApplied(page).then((a) => a.theme)).toBe('dark');
    });
  });
});

describe('/api/docs: a browsable reference served by this server alone', () => {
  test.each([
    { lang: 'zh' as Lang, viewport: DESKTOP_WIDE, label: '1440' },
    { lang: 'en' as Lang, viewport: MOBILE, label: '390' },
  ])('$lang, $label px', async ({ lang, viewport, label }) => {
    const context = await session.newContext({ lang, viewport });
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const origin = new URL(baseUrl()).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith('data:')) elsewhere.push(url);
    });
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') cspViolations.push(message.text());
    });
    try {
      await page.goto('/api/docs', { waitUntil: 'load' });
      expect(new URL(page.url()).pathname).toBe('/api/docs/ui/');
      await page.locator('.swagger-ui .info .title').getByText('HeatRank API').waitFor();
      // The public API's operations come first, and open to read (the list renders only what is in view).
      // (Swagger UI breaks the shown path with zero-width spaces; data-path holds it whole.)
      const projects = page.locator('.opblock-summary-path[data-path="/api/v1/projects"]').first();
      await projects.waitFor();
      await projects.click();
      await page.locator('.opblock.is-open .responses-wrapper').first().waitFor();
      await projects.scrollIntoViewIfNeeded();
      await session.screenshot(page, `member-preferences-api-docs-${lang}-${label}`);
      expect(elsewhere).toEqual([]);
      expect(cspViolations).toEqual([]);
      expect(errors).toEqual([]);
      // The JSON document stays where it was for scripts.
      const json = await page.evaluate(async () => (await fetch('/api/docs')).json());
      expect(json).toHaveProperty('openapi');
    } catch (error) {
      await session.screenshot(page, `failure-api-docs-${lang}-${label}`, { fullPage: true });
      throw error;
    } finally {
      await context.close();
    }
  });
});
