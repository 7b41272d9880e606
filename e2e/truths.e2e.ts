import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../src/server/test/build-test-app.ts';
import { en, zh } from '../src/shared/locales/index.ts';
import { fetchPlatforms, fetchProjects, fetchSectors } from './support/api.ts';
import { type Lang, navigate, open, saveFailureScreenshot, trackPageErrors } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { E2E_WEB_DIR } from './support/global-setup.ts';

// Small truths: what the page says is what is so — a visitor's /api/me is not an error, the tab
// title follows the language, sector names are translated wherever a project's sector is shown, a page past the end
// says so, footer icons only for configured channels, the privacy page describes accounts as built, and sign-up says
// where the verification mail went.
const LOCALES = { zh, en } as const;
const OTHER: Record<Lang, Lang> = { zh: 'en', en: 'zh' };
const DIRECTORY_PAGE_SIZE = 20; // src/web/features/projects/hooks/use-directory-params.ts (not importable here)

const session = launchFileBrowser();
let projectId: string;
let sectorId: string;
let platformId: string;
/** English sector names whose zh name differs; none may be shown as a whole text in zh. */
let englishSectorNames: string[];
let chineseSectorNames: string[];

beforeAll(async () => {
  const [projects, more, sectors, platforms] = await Promise.all([
    fetchProjects('limit=100'),
    fetchProjects('limit=100&offset=100'),
    fetchSectors(),
    fetchPlatforms(),
  ]);
  const first = projects.items[0];
  if (!first || !sectors.items[0] || !platforms.items[0]) throw new Error('the catalogue did not load');
  projectId = first.id;
  const sector = sectors.items.find((s) => s.projectCount > 0) ?? sectors.items[0];
  sectorId = sector.id;
  platformId = platforms.items[0].id;
  // A symbol such as "ZK" would look like the sector ZK: leave such names out of the negative check.
  const symbols = new Set([...projects.items, ...more.items].map((p) => p.symbol?.toUpperCase()));
  const translated = sectors.items.filter((s) => s.nameZh && s.nameZh !== s.name);
  englishSectorNames = translated.map((s) => s.name).filter((name) => !symbols.has(name.toUpperCase()));
  chineseSectorNames = translated.map((s) => s.nameZh ?? s.name);
});

async function withPage(lang: Lang, name: string, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await session.newContext({ lang });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  try {
    await run(page);
    expect(errors.map(String)).toEqual([]);
  } catch (error) {
    await saveFailureScreenshot(page, `truths-${name}-${lang}`);
    throw error;
  } finally {
    await context.close();
  }
}

async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await session.screenshot(page, `truths-${name}`, { fullPage });
}

const ROUTES = () => [
  '/',
  '/tool',
  '/investor',
  '/data-tool',
  '/directory',
  `/project/${projectId}`,
  '/sectors',
  `/sectors/${sectorId}`,
  '/platforms',
  `/platforms/${platformId}`,
  '/membership',
  '/search?q=a',
  '/auth',
  '/auth?mode=signup',
  '/auth?mode=forgot',
  '/about',
  '/privacy',
  '/terms',
  '/contact',
  '/status',
  '/project/no-such-project',
];

/** The title every page must have: "<its h1> · <brand>" (the home page: the brand alone), in the page's language. */
function waitForTitleOf(page: Page, path: string, lang: Lang) {
  const brand = LOCALES[lang].common.brand;
  return page
    .waitForFunction(
      ({ brand, home }) => {
        const h1 = document.querySelector('main h1:not([data-stale])')?.textContent?.trim();
        if (!h1) return false;
        return document.title === (home ? brand : `${h1} · ${brand}`);
      },
      { brand, home: path === '/' },
      { timeout: 5_000 },
    )
    .catch(async () => {
      const h1 = await page.locator('main h1').first().textContent();
      throw new Error(`${path} (${lang}): title "${await page.title()}", h1 "${h1}"`);
    });
}

async function switchLanguage(page: Page, from: Lang, to: Lang): Promise<void> {
  await page.getByRole('banner').getByRole('combobox', { name: LOCALES[from].app.language.label }).selectOption(to);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, to === 'zh' ? 'zh-CN' : 'en');
}

describe.each(['zh', 'en'] as const)('in %s', (lang) => {
  const t = LOCALES[lang];

  test('every route titles the tab with its heading and the brand, and a language switch retitles it without a reload', async () => {
    await withPage(lang, 'titles', async (page) => {
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      for (const [index, path] of ROUTES().entries()) {
        if (index === 0) await open(page, path);
        else await navigate(page, path);
        await waitForTitleOf(page, path, lang);

        await switchLanguage(page, lang, OTHER[lang]);
        await waitForTitleOf(page, path, OTHER[lang]);
        await switchLanguage(page, OTHER[lang], lang);
        await waitForTitleOf(page, path, lang);
      }
      expect(loads).toHaveLength(1); // one full load: every switch happened in place
    });
  }, 120_000);

  test('a visitor is told "signed out" without a 401: no failed request, no console error', async () => {
    await withPage(lang, 'me', async (page) => {
      const failed: string[] = [];
      const consoleErrors: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
      });
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text());
      });
      const me = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/me');
      await open(page, '/');
      const answer = await me;
      for (const path of ['/directory', '/sectors', '/membership', '/about']) await navigate(page, path);
      await page.getByRole('banner').getByRole('link', { name: t.auth.menu.signIn }).waitFor();

      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ user: null });
      expect(failed).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });

  test('sector names are in the page language in every list, table and card that shows a project sector', async () => {
    await withPage(lang, 'sectors', async (page) => {
      const paths = [
        '/',
        '/tool',
        '/investor',
        '/data-tool',
        '/directory',
        `/project/${projectId}`,
        '/sectors',
        `/sectors/${sectorId}`,
        `/platforms/${platformId}`,
        '/search?q=a',
      ];
      const shown = new Map<string, string[]>();
      for (const [index, path] of paths.entries()) {
        if (index === 0) await open(page, path);
        else await navigate(page, path);
        await page
          .locator('main [aria-busy="true"]')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => {});
        await page.locator('main a[href^="/project/"], main h1').first().waitFor();
        // Whole texts only: a description may mention "DeFi" in passing, a sector cell is the name alone. Text marked
        // with its own language (the English original under a Chinese sector name, a fallback description) is meant.
        const texts = await page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .filter((el) => el.children.length === 0 && !el.closest('option, [lang]:not(html)'))
            .flatMap((el) => (el.textContent ?? '').split(/、|, /).map((part) => part.trim())),
        );
        shown.set(path, texts);
        if (path === '/data-tool' || path === `/sectors/${sectorId}`)
          await screenshot(page, `sectors-${path.split('/')[1]}-${lang}`);
      }

      const wrong = lang === 'zh' ? englishSectorNames : chineseSectorNames;
      const right = lang === 'zh' ? chineseSectorNames : englishSectorNames;
      for (const [path, texts] of shown) {
        expect(
          texts.filter((text) => wrong.includes(text)),
          path,
        ).toEqual([]);
      }
      for (const path of ['/directory', '/data-tool', `/sectors/${sectorId}`, `/platforms/${platformId}`]) {
        expect(
          shown.get(path)?.some((text) => right.includes(text)),
          `${path} shows translated names`,
        ).toBe(true);
      }
    });
  }, 90_000);

  // One page walks these in turn (each move inside the app, to a different page than the one before): a page
  // past the end, a filter matching nothing, the footer with no channel, the privacy page.
  test('past the last page (directory, sector) says so and links back; no match says so; no footer channel; the privacy page as built', async () => {
    await withPage(lang, 'pages', async (page) => {
      const site = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/site');

      // /directory?page=99 says it is past the last page and links back to the last one.
      await open(page, '/directory?page=99');
      await page.getByText(t.app.data.pastEnd.title, { exact: true }).waitFor();
      expect(await page.getByText(t.directory.empty.title).count()).toBe(0);
      await screenshot(page, `directory-page-99-${lang}`);
      const { total } = await fetchProjects('limit=1');
      const lastPage = Math.ceil(total / DIRECTORY_PAGE_SIZE);
      await page.getByRole('link', { name: t.app.data.pastEnd.action.replace('{{pages}}', String(lastPage)) }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === String(lastPage));
      await page.locator('main a[href^="/project/"]').first().waitFor();
      expect(await page.getByText(t.app.data.pastEnd.title).count()).toBe(0);

      // A sector page past its last page says so too, not "no projects in this sector".
      await navigate(page, `/sectors/${sectorId}?page=99`);
      await page.getByText(t.app.data.pastEnd.title, { exact: true }).waitFor();
      // The page count is read from the link, not from beforeAll: other files on the shared server add projects to
      // this sector (the corrections journey creates DeFi projects), which can add a page meanwhile.
      const [before, after] = t.app.data.pastEnd.action.split('{{pages}}') as [string, string];
      const action = page.getByRole('link', {
        name: new RegExp(`^${escapeRegExp(before)}\\d+${escapeRegExp(after)}$`),
      });
      const pages = Number(/\d+/.exec((await action.textContent()) ?? '')?.[0]);
      expect(pages).toBeGreaterThan(0);
      await action.click();
      await page.waitForURL((url) => (url.searchParams.get('page') ?? '1') === String(pages));
      await page.locator('main a[href^="/project/"]').first().waitFor();

      // With a filter that matches nothing, the directory still says nothing matches (not "past the last page").
      await navigate(page, '/directory?q=zzzz-no-such-project&page=3');
      await page.getByText(t.directory.empty.title).waitFor();
      expect(await page.getByText(t.app.data.pastEnd.title).count()).toBe(0);

      // Footer social icons are hidden while no channel is configured.
      await navigate(page, '/about');
      await site;
      const footer = page.getByRole('contentinfo');
      await footer.getByText(t.app.footer.attribution).waitFor();
      expect(await footer.getByRole('list', { name: t.app.footer.social }).count()).toBe(0);
      for (const label of Object.values(t.app.footer.socialLinks)) {
        expect(await footer.getByRole('link', { name: label, exact: true }).count(), label).toBe(0);
      }
      await footer.scrollIntoViewIfNeeded();
      await session.screenshot(footer, `truths-footer-unconfigured-${lang}`);

      // The privacy page describes accounts as they exist.
      await navigate(page, '/privacy');
      const p = t.pages.privacy;
      for (const heading of [p.cookiesTitle, p.accountTitle, p.signInTitle, p.mailTitle, p.oauthTitle]) {
        await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
      }
      const text = (await page.locator('main article').textContent()) ?? '';
      for (const fact of [
        'scrypt',
        'hr_session',
        'hr_csrf',
        'hr_device',
        'hr_visitor',
        '[redacted]',
        'SMTP',
        'Google',
        '180',
        '24',
      ]) {
        expect(text, fact).toContain(fact);
      }
      expect(text).not.toContain(lang === 'zh' ? '账户功能上线后' : 'When accounts are available');
      await screenshot(page, `privacy-${lang}`, true);
    });
  }, 90_000);

  test('after sign-up the page says the verification mail went out, and (no SMTP here) that the link is in the server log', async () => {
    const email = `truths-${lang}-${Date.now()}@example.com`;
    await withPage(lang, 'signup', async (page) => {
      const f = t.auth.form;
      await open(page, '/auth?mode=signup&returnTo=%2Fsectors');
      await page.getByLabel(f.email).fill(email);
      await page.getByLabel(f.password, { exact: true }).fill('truths-password-42');
      await page.getByLabel(f.confirmPassword).fill('truths-password-42');
      await page.getByLabel(f.terms).check();
      await page.getByRole('form', { name: f.signUpTitle }).getByRole('button', { name: f.signUp }).click();

      const status = page.getByRole('status');
      await status.getByText(f.signedUp.replace('{{email}}', email)).waitFor();
      expect(await status.getByText(f.signedUpLog).isVisible()).toBe(true);
      await waitForTitleOf(page, '/auth', lang);
      await screenshot(page, `signed-up-${lang}`);
      await page.getByRole('button', { name: f.continue }).click();

      await page.waitForURL((url) => url.pathname === '/sectors');
      await page
        .getByRole('banner')
        .getByText(email.split('@')[0] ?? '', { exact: true })
        .waitFor();
    });
  });
});

// A second server with the channels configured, serving the same build.
describe('configured channels', () => {
  let app: TestApp;
  let base: string;
  const CHANNELS = {
    SOCIAL_X_URL: 'https://x.com/heatrank-e2e',
    SOCIAL_GITHUB_URL: 'https://github.com/heatrank-e2e',
    CONTACT_EMAIL: 'hello@heatrank.example',
  };

  beforeAll(async () => {
    app = await buildTestApp({ catalogue: false, env: { WEB_DIST_DIR: E2E_WEB_DIR, ...CHANNELS } });
    base = await app.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
  });

  test.each(['zh', 'en'] as const)(
    'the footer shows exactly the configured channels, and /contact lists them (%s)',
    async (lang) => {
      await withPage(lang, 'footer-configured', async (page) => {
        const t = LOCALES[lang].app.footer;
        await page.goto(`${base}/contact`);
        const footer = page.getByRole('contentinfo');
        const list = footer.getByRole('list', { name: t.social });
        await list.waitFor();

        const hrefs = await list.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(hrefs).toEqual([CHANNELS.SOCIAL_X_URL, CHANNELS.SOCIAL_GITHUB_URL, `mailto:${CHANNELS.CONTACT_EMAIL}`]);
        expect(await list.getByRole('link', { name: t.socialLinks.x, exact: true }).count()).toBe(1);
        expect(await list.getByRole('link', { name: t.socialLinks.telegram, exact: true }).count()).toBe(0);
        expect(await list.getByRole('link', { name: t.socialLinks.discord, exact: true }).count()).toBe(0);
        await page.locator('#channels').getByRole('link', { name: CHANNELS.SOCIAL_X_URL }).waitFor();
        await page.locator('#channels').getByRole('link', { name: CHANNELS.CONTACT_EMAIL }).waitFor();
        await footer.scrollIntoViewIfNeeded();
        await session.screenshot(footer, `truths-footer-configured-${lang}`);
      });
    },
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
