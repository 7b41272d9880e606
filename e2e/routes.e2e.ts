import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StatsResponseSchema } from '../src/shared/api/system.schema.ts';
import { en, zh } from '../src/shared/locales/index.ts';
import { fetchPlatforms, fetchProjects, fetchSectors } from './support/api.ts';
import { type AxeViolation, findSeriousViolations } from './support/axe.ts';
import { type Lang, navigate, open, saveFailureScreenshot, trackPageErrors } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { checkMainPage } from './support/main-pages.ts';

// Every public route renders in both languages, with its own h1, the translated shell and real API data, and
// axe-core finds no serious or critical violation: zh pages are checked in the light theme, en pages in dark. The
// six main pages also draw their data in that theme (support/main-pages.ts).
const LOCALES = { zh, en } as const;

const session = launchFileBrowser();
let topProject: { id: string; name: string };
let sectorId: string;
let platformId: string;

beforeAll(async () => {
  const [projects, sectors, platforms] = await Promise.all([
    fetchProjects('limit=1'),
    fetchSectors(),
    fetchPlatforms(),
  ]);
  const first = projects.items[0];
  if (!first || !sectors.items[0] || !platforms.items[0]) throw new Error('the catalogue did not load');
  topProject = { id: first.id, name: first.name };
  sectorId = sectors.items[0].id;
  platformId = platforms.items[0].id;
});

const STATIC_ROUTES = [
  '/',
  '/tool',
  '/investor',
  '/data-tool',
  '/directory',
  '/sectors',
  '/platforms',
  '/analytics',
  '/membership',
  '/search?q=a',
  '/auth',
  '/login',
  '/about',
  '/privacy',
  '/terms',
  '/contact',
  '/status',
  '/profile',
  '/settings',
  '/watchlists',
  '/alerts',
  '/exports',
  '/api-access',
];

describe.each(['zh', 'en'] as const)('every route in %s', (lang: Lang) => {
  const theme = lang === 'zh' ? 'light' : 'dark';
  let page: Page;
  let errors: Error[];

  beforeAll(async () => {
    const context = await session.newContext({ lang, theme });
    page = await context.newPage();
    errors = trackPageErrors(page);
  });

  afterAll(async () => {
    await page.context().close();
  });

  const routes = () => [
    ...STATIC_ROUTES,
    `/project/${topProject.id}`,
    `/sectors/${sectorId}`,
    `/platforms/${platformId}`,
  ];

  test(`each route shows its heading, the translated shell, no error screen and no serious axe violation (${theme})`, async () => {
    const texts = LOCALES[lang].app;
    const violations: (AxeViolation & { path: string })[] = [];
    // The first route is a full load; the rest navigate inside the app (full loads of deep links are covered by
    // the redirect, directory and project tests).
    for (const [index, path] of routes().entries()) {
      try {
        if (index === 0) await open(page, path);
        else await navigate(page, path);

        expect(await page.locator('html').getAttribute('lang'), path).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        await expect(
          page.getByRole('link', { name: texts.nav.directory, exact: true }).first().isVisible(),
        ).resolves.toBe(true);
        expect(await page.getByText(texts.routeError.title).count(), path).toBe(0);
        expect(await page.getByText(texts.crash.title).count(), path).toBe(0);
        // The footer loads once the first page has rendered (app-shell.tsx): waited for, then present on every route.
        await page.locator('footer').getByText(texts.footer.attribution).waitFor();
        await page
          .locator('[aria-busy="true"]')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => {});
        await checkMainPage(session, page, path, { theme, device: 'desktop', topProjectId: topProject.id });
        const started = performance.now();
        // The shell (navbar, footer) is the same on every route: check it once, then each route's <main>.
        const scope = index === 0 ? 'page' : 'main';
        violations.push(...(await findSeriousViolations(page, scope)).map((v) => ({ ...v, path })));
        if (process.env.E2E_DEBUG) console.log(path, 'axe ms', Math.round(performance.now() - started));
      } catch (error) {
        await saveFailureScreenshot(page, `route-${lang}-${path.replaceAll(/\W+/g, '_')}`);
        throw error;
      }
    }
    expect(errors.map(String)).toEqual([]);
    expect(violations).toEqual([]);
  }, 180_000);

  test('the directory shows the top project from the API', async () => {
    await open(page, '/directory');

    await page.getByRole('link', { name: topProject.name, exact: true }).first().waitFor();

    const heading = await page.locator('main h1').textContent();
    expect(heading).toBe(LOCALES[lang].directory.title);
    expect(await page.title()).toBe(`${LOCALES[lang].directory.title} · ${LOCALES[lang].common.brand}`);
  });

  test('a project page shows the project and its heat breakdown panel', async () => {
    await open(page, `/project/${topProject.id}`);

    expect(await page.locator('main h1').textContent()).toBe(topProject.name);
    await page.locator('[data-slot="heat-breakdown"]').waitFor();
    await page.getByRole('heading', { name: LOCALES[lang].heat.panel.title }).waitFor();
  });

  test('the home page shows the statistics; one the instance cannot compute says why in words, never "—"', async () => {
    // The figures the page itself received: a fresh load, so no earlier test's cached answer stands in for them.
    const received = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/stats');
    await open(page, '/');
    const stats = StatsResponseSchema.parse(await (await received).json());

    await page.locator('[data-stat="totalProjects"]').getByText(String(stats.totalProjects)).waitFor();
    for (const key of ['dailyActive', 'weeklyGrowth', 'monthlyGrowth', 'heatIndex'] as const) {
      const shown = await page.locator(`[data-stat="${key}"]`).textContent();
      expect(shown, key).not.toContain('—');
      if (stats[key] === null) expect(await page.locator(`[data-stat="${key}"] [data-stat-why]`).count(), key).toBe(1);
    }
  });
});
