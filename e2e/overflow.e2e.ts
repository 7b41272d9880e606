import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { signIn } from './support/accounts.ts';
import { fetchPlatforms, fetchProjects, fetchSectors } from './support/api.ts';
import { type AxeViolation, findSeriousViolations } from './support/axe.ts';
import { ARTIFACTS_DIR, type Lang, MOBILE, navigate, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { checkMainPage, mainPageOf } from './support/main-pages.ts';

// Every route of src/web/app/router.tsx at 390 px, in zh and en: the document is never wider than the phone
// (document.documentElement.scrollWidth <= 390), i.e. nothing forces a sideways scroll of the whole page. Wide
// tables may scroll inside their own box. The measured widths go to e2e-artifacts/overflow-<lang>.json. zh is swept in
// the light theme, en in dark; the six main pages draw their data in it, and in dark go through axe (the phone
// layout: cards, the compact switcher; routes.e2e.ts runs axe at desktop width).
const session = launchFileBrowser();
let projectIds: string[];
let sectorId: string;
let platformId: string;

beforeAll(async () => {
  const [top, bottom, sectors, platforms] = await Promise.all([
    fetchProjects('limit=1'),
    fetchProjects('sort=heat&order=asc&limit=1'),
    fetchSectors(),
    fetchPlatforms(),
  ]);
  projectIds = [...top.items, ...bottom.items].map((p) => p.id);
  const sector = sectors.items[0];
  const platform = platforms.items[0];
  if (projectIds.length < 2 || !sector || !platform) throw new Error('the catalogue did not load');
  sectorId = sector.id;
  platformId = platform.id;
});

/** Every path of the router (auth/callback without a code shows its error card, which must fit too). */
const routes = () => [
  '/',
  '/tool',
  '/investor',
  '/data-tool',
  '/directory',
  '/directory?page=99',
  '/search?q=a',
  '/search',
  '/compare',
  `/compare?ids=${projectIds.join(',')}`,
  '/sectors',
  `/sectors/${sectorId}`,
  '/platforms',
  `/platforms/${platformId}`,
  '/analytics',
  ...projectIds.map((id) => `/project/${id}`),
  '/membership',
  '/tasks',
  '/status',
  '/profile',
  '/settings',
  '/about',
  '/privacy',
  '/terms',
  '/contact',
  '/auth',
  '/auth?mode=sign-up',
  '/login',
  '/auth/callback',
];

describe.each(['zh', 'en'] as const)('390 px in %s', (lang: Lang) => {
  const theme = lang === 'zh' ? 'light' : 'dark';
  let page: Page;

  beforeAll(async () => {
    const context = await session.newContext({ lang, theme, viewport: MOBILE });
    page = await context.newPage();
  });

  afterAll(async () => {
    await page.context().close();
  });

  test(`no route is wider than the screen; the main pages draw in the ${theme} theme`, async () => {
    const widths: Record<string, number> = {};
    const violations: (AxeViolation & { path: string })[] = [];
    for (const [index, path] of routes().entries()) {
      // Same component, new query: a full load (a client-side move would keep the old, stale-marked heading).
      const samePage = new URL(page.url()).pathname === new URL(path, 'http://x').pathname;
      if (index === 0 || samePage) await open(page, path);
      else await navigate(page, path);
      await page
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
      // Charts and tables arrive after the heading: wait until the main content stops loading.
      await page.waitForLoadState('networkidle').catch(() => {});
      const topProjectId = projectIds[0] ?? '';
      await checkMainPage(session, page, path, { theme, device: 'mobile', topProjectId });
      if (theme === 'dark' && mainPageOf(path, topProjectId)) {
        violations.push(...(await findSeriousViolations(page)).map((v) => ({ ...v, path })));
      }
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
      if (widths[path] > MOBILE.width) {
        await session.screenshot(page, `overflow-${lang}-${path.replaceAll(/\W+/g, '_')}`, { fullPage: true });
      }
    }
    writeFileSync(resolve(ARTIFACTS_DIR, `overflow-${lang}.json`), `${JSON.stringify(widths, null, 2)}\n`);

    const tooWide = Object.entries(widths).filter(([, width]) => width > MOBILE.width);
    expect(tooWide).toEqual([]);
    expect(violations).toEqual([]);
  }, 180_000);
});

// With the brand never shrinking and the header's search, the signed-in bar (links, search, bell, sync,
// theme, language, the account's name) was 250 px wider than a 800 px screen in zh and 71 px wider than its 1280 px
// frame in en. At every width from a phone's landscape to a wide screen it now fits its frame.
test.each(['zh', 'en'] as const)('the signed-in header fits its frame at every width (%s)', async (lang) => {
  const context = await session.newContext({ lang });
  const page = await context.newPage();
  const account = inject('premium')[lang];
  await signIn(page, lang === 'zh' ? zh : en, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('user-menu-button').waitFor();
  const tooWide: string[] = [];
  for (let width = 640; width <= 1600; width += 32) {
    await page.setViewportSize({ width, height: 800 });
    const over = await page.evaluate(() => {
      const bar = document.querySelector('header > div') as HTMLElement;
      return { page: document.documentElement.scrollWidth, bar: bar.scrollWidth - bar.clientWidth };
    });
    if (over.page > width || over.bar > 0) tooWide.push(`${width}: page ${over.page}, bar +${over.bar}`);
  }
  await context.close();
  expect(tooWide).toEqual([]);
});
