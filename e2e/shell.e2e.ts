import { describe, expect, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { findSeriousViolations } from './support/axe.ts';
import { MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// The shell's behaviour: language and theme switching (and persistence), the mobile menu, redirects and toasts.
const session = launchFileBrowser();

const htmlLang = (page: import('playwright-core').Page) => page.locator('html').getAttribute('lang');

describe('language', () => {
  test('defaults to Chinese, switches to English from the navbar and remembers it', async () => {
    const context = await session.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await open(page, '/');
    expect(await htmlLang(page)).toBe('zh-CN');
    expect(await page.getByRole('navigation', { name: zh.app.nav.main }).isVisible()).toBe(true);

    await page.getByRole('banner').getByRole('combobox', { name: zh.app.language.label }).selectOption('en');

    await page.getByRole('link', { name: en.app.nav.directory, exact: true }).first().waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: en.home.hero.title }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await context.close();
  });

  test('a page whose texts load with it (/about, /tasks) switches language too, and comes back translated', async () => {
    const context = await session.newContext({ lang: 'zh' });
    const page = await context.newPage();
    await open(page, '/about');
    await page.getByRole('heading', { name: zh.pages.about.title, level: 1 }).waitFor();

    await page.getByRole('banner').getByRole('combobox', { name: zh.app.language.label }).selectOption('en');
    await page.getByRole('heading', { name: en.pages.about.title, level: 1 }).waitFor();
    await open(page, '/tasks'); // a visitor: the title and the sign-in prompt, from the tasks namespace
    await page.getByRole('heading', { name: en.tasks.title, level: 1 }).waitFor();
    await page.getByRole('banner').getByRole('combobox', { name: en.app.language.label }).selectOption('zh');
    await page.getByRole('heading', { name: zh.tasks.title, level: 1 }).waitFor();
    await context.close();
  });

  test('follows an English browser when nothing is stored; the footer button switches back to Chinese', async () => {
    const context = await session.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    // The texts each load fetched: only the language shown (index.html preloads the one the app will start in).
    const textChunks: string[] = [];
    page.on('request', (request) => {
      const chunk = /\/assets\/(locale-(?:zh|en))-/.exec(request.url())?.[1];
      if (chunk) textChunks.push(chunk);
    });

    await open(page, '/sectors');

    expect(await htmlLang(page)).toBe('en');
    expect(textChunks).toEqual(['locale-en']);
    expect(await page.locator('main h1').textContent()).toBe(en.sectors.title);

    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: en.app.language.switchTo.replace('{{language}}', zh.app.language.zh) })
      .click();

    await page.getByRole('heading', { name: zh.sectors.title, level: 1 }).waitFor();
    expect(await htmlLang(page)).toBe('zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh');
    // Chosen in an English browser: the next load starts in Chinese and fetches the Chinese texts only.
    textChunks.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: zh.sectors.title, level: 1 }).waitFor();
    expect(textChunks).toEqual(['locale-zh']);
    await context.close();
  });
});

describe('theme', () => {
  test('defaults to auto, follows the system, cycles light → dark → auto and persists', async () => {
    const context = await session.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await open(page, '/');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    const toggle = page.locator('button[data-theme-setting]');
    expect(await toggle.getAttribute('data-theme-setting')).toBe('auto');
    expect(await toggle.getAttribute('title')).toBe(zh.app.theme.title.auto);
    expect(await isDark()).toBe(true);

    await toggle.click();
    expect(await toggle.getAttribute('data-theme-setting')).toBe('light');
    expect(await isDark()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('data-theme-setting')).toBe('dark');
    expect(await toggle.getAttribute('title')).toBe('深色模式');
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await isDark()).toBe(true);
    await context.close();
  });
});

describe('mobile menu at 390 px', () => {
  test('the hamburger lists the five links and closes when one is clicked', async () => {
    const context = await session.newContext({ lang: 'zh', viewport: MOBILE });
    const page = await context.newPage();
    await open(page, '/');
    const desktopNav = page.getByRole('navigation', { name: zh.app.nav.main });
    expect(await desktopNav.isVisible()).toBe(false);

    await page.getByRole('button', { name: zh.app.nav.openMenu }).click();

    const menu = page.getByRole('navigation', { name: zh.app.nav.mobile });
    await menu.waitFor();
    expect(await findSeriousViolations(page)).toEqual([]);
    const labels = await menu.getByRole('link').allTextContents();
    expect(labels.map((s) => s.trim())).toEqual([
      zh.app.nav.home,
      zh.app.nav.directory,
      zh.app.nav.sectors,
      zh.app.nav.platforms,
      zh.app.nav.membership,
      zh.app.nav.signIn,
    ]);
    await menu.getByRole('link', { name: zh.app.nav.sectors }).click();
    await page.waitForURL('**/sectors');
    await menu.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: zh.app.nav.openMenu }).getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('scroll position', () => {
  test('a page opened in the same tab starts at its top; a reload and Back return to where the reader was', async () => {
    const context = await session.newContext({ lang: 'en' });
    const page = await context.newPage();
    const scrollY = () => page.evaluate(() => window.scrollY);
    const settled = () =>
      page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await open(page, '/');
    await page.getByRole('contentinfo').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 600);

    // Typed into the address bar: a new document, not the home page's position (both entries were react-router's
    // `default` entry, and /membership opened scrolled to the bottom).
    await open(page, '/membership');
    await page.getByRole('contentinfo').waitFor();
    await settled();
    expect(await scrollY()).toBe(0);

    // The plans have loaded (the page is taller than 500 px below the fold) before the reader scrolls.
    await page.waitForFunction(() => document.documentElement.scrollHeight > 500 + window.innerHeight + 200);
    await page.evaluate(() => window.scrollTo(0, 500));
    await page.waitForFunction(() => window.scrollY === 500);
    await page.reload();
    await page.waitForFunction(() => window.scrollY === 500);

    // The sticky bar's link: clicking it scrolls nothing, so the position kept for /membership stays 500.
    await page
      .getByRole('navigation', { name: en.app.nav.main })
      .getByRole('link', { name: en.app.nav.sectors })
      .click();
    await page.waitForURL('**/sectors');
    await page.locator('main h1').first().waitFor();
    expect(await scrollY()).toBe(0);
    await page.goBack();
    await page.waitForFunction(() => window.location.pathname === '/membership' && window.scrollY === 500);
    await context.close();
  });
});

describe('redirects', () => {
  test('/projects, /heat, /ecosystem and unknown paths land where the spec says (query kept)', async () => {
    const context = await session.newContext({ lang: 'en' });
    const page = await context.newPage();
    const cases = [
      { from: '/projects?category=DeFi', to: '/directory?category=DeFi' },
      { from: '/heat', to: '/sectors' },
      { from: '/ecosystem', to: '/platforms' },
      { from: '/no-such-page/at/all', to: '/' },
    ];

    const landed: string[] = [];
    for (const { from } of cases) {
      await open(page, from);
      const url = new URL(page.url());
      landed.push(`${url.pathname}${url.search}`);
    }

    expect(landed).toEqual(cases.map((c) => c.to));
    // The unknown path was the last: its redirect is not silent (spec §8 "Page not found").
    await page.getByRole('alert').filter({ hasText: en.app.notFound.title }).waitFor();
    await context.close();
  });
});

describe('toasts', () => {
  test('copying a directory view shows one toast; F8 focuses the region; it closes by itself', async () => {
    const context = await session.newContext({ lang: 'en' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await open(page, '/directory?status=active');
    const share = page.getByRole('button', { name: en.directory.filters.share });

    await share.click();
    await share.click();

    const region = page.getByRole('region', { name: /Notifications/ });
    await region.getByText(en.directory.filters.copied).waitFor();
    expect(await region.getByRole('status').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/directory?status=active');
    await page.keyboard.press('F8');
    expect(await region.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.locator('main h1').click(); // leave the toast so its 5 s timer runs
    await region.getByRole('status').waitFor({ state: 'detached', timeout: 8000 });
    await context.close();
  });
});

describe('loading and failure screens', () => {
  test('a first load paints the page with its answers, asked for once: never the loading screen, the stats or the hot list as placeholders', async () => {
    const context = await session.newContext({ lang: 'zh' });
    const page = await context.newPage();
    // Whether the loading screen, or a placeholder of the first screen's figures (the stats, the hot projects) waiting
    // for its answer, was ever in the document, from the first byte on.
    await page.addInitScript(() => {
      const seen = window as unknown as { loadingShown: boolean; placeholderShown: boolean };
      seen.loadingShown = false;
      seen.placeholderShown = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-subtitle"]')) seen.loadingShown = true;
        const placeholder = '[data-stat] .animate-pulse, section[aria-labelledby="home-hot"] [aria-busy="true"]';
        if (document.querySelector(placeholder)) seen.placeholderShown = true;
      }).observe(document, { childList: true, subtree: true });
    });

    // Each answer the first screen shows is asked for once: the first render's (no second ask when the page mounts).
    // The live-update stream is held off: its catch-up may rightly re-ask an answer a hint outdated.
    await page.route('**/api/events', (route) => route.abort());
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.set(pathname + search, (asked.get(pathname + search) ?? 0) + 1);
    });

    await open(page, '/');
    await page.locator('section[aria-labelledby="home-hot"] a[href^="/project/"]').first().waitFor();
    await page.waitForLoadState('networkidle');

    const firstScreen = [
      '/api/site',
      '/api/stats',
      '/api/sectors',
      '/api/projects?sort=heat&limit=6&offset=0&scored=true',
    ];
    expect(Object.fromEntries(firstScreen.map((path) => [path, asked.get(path)]))).toEqual(
      Object.fromEntries(firstScreen.map((path) => [path, 1])),
    );
    expect(await page.getByRole('heading', { name: zh.home.hero.title, level: 1 }).isVisible()).toBe(true);
    const seen = await page.evaluate(() => {
      const { loadingShown, placeholderShown } = window as unknown as {
        loadingShown: boolean;
        placeholderShown: boolean;
      };
      return { loadingShown, placeholderShown };
    });
    expect(seen).toEqual({ loadingShown: false, placeholderShown: false });
    await context.close();
  });

  test('a route whose code is still loading shows the spec spinner (加载中; without a model, the true line for the AI one)', async () => {
    const context = await session.newContext({ lang: 'zh' });
    const page = await context.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/membership-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, '/');

    await page.getByRole('banner').getByRole('link', { name: zh.app.nav.membership }).click();

    const spinner = page.getByRole('status').filter({ hasText: zh.app.loading.title });
    await spinner.waitFor();
    // No AI model on the e2e server: the spec's "initialising the AI analysis system" would be untrue here.
    expect(await spinner.textContent()).toContain(zh.app.loading.subtitleNoModel);
    expect(await spinner.textContent()).not.toContain(zh.app.loading.subtitle);
    release();
    await page.getByRole('heading', { name: zh.membership.title, level: 1 }).waitFor();
    await context.close();
  });

  test('a route that fails to load shows the router error screen inside the shell', async () => {
    const context = await session.newContext({ lang: 'en' });
    const page = await context.newPage();
    await page.route('**/assets/terms-*.js', (route) => route.abort());
    await open(page, '/');

    await page.getByRole('contentinfo').getByRole('link', { name: en.app.footer.links.terms }).click();

    await page.getByRole('heading', { name: en.app.routeError.title }).waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    await context.close();
  });
});
