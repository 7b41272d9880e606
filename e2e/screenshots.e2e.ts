import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { fetchProjects } from './support/api.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, MOBILE, navigate, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// Screenshots of the six main pages in light and dark, desktop and mobile, for people to look at
// (e2e-artifacts/ is git-ignored). Each page must render in its theme; the dark phone pages also go through axe.
const session = launchFileBrowser();
let projectId: string;

beforeAll(async () => {
  projectId = (await fetchProjects('limit=1')).items[0]?.id ?? 'uniswap';
});

const PAGES = [
  { name: 'home', path: () => '/', ready: '[data-stat="totalProjects"] >> text=/\\d/' },
  { name: 'tool', path: () => '/tool', ready: 'main table tbody tr:visible, main ol li:visible' },
  { name: 'directory', path: () => '/directory', ready: 'main table tbody tr:visible, main ol li:visible' },
  { name: 'project', path: () => `/project/${projectId}`, ready: '[data-slot="heat-breakdown"] canvas' },
  { name: 'sectors', path: () => '/sectors', ready: 'main canvas' },
  { name: 'platforms', path: () => '/platforms', ready: 'main ul li:visible' },
];

test.each(['light', 'dark'] as const)(
  '%s theme, desktop and mobile',
  async (theme) => {
    const context = await session.newContext({ lang: 'zh', theme, viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, '/');
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const { name, path, ready } of PAGES) {
        await navigate(page, path());
        await shoot(page, ready, `${name}-${theme}-${device}`);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        // routes.e2e.ts runs axe at desktop width; the phone layout (cards, compact switcher) is checked here.
        if (device === 'mobile' && theme === 'dark') expect(await findSeriousViolations(page), name).toEqual([]);
      }
    }
    await context.close();
  },
  120_000,
);

async function shoot(page: Page, ready: string, name: string): Promise<void> {
  await page.locator(ready).first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  await session.screenshot(page, name, { fullPage: true });
}
