import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fetchProjects } from './support/api.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, launchBrowser, MOBILE, navigate, newContext, open, SCREENSHOT_DIR } from './support/browser.ts';

// Screenshots of the six main pages in light and dark, desktop and mobile, for people to look at
// (e2e-artifacts/ is git-ignored). Each page must render in its theme; the dark phone pages also go through axe.
let browser: Browser;
let projectId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  projectId = (await fetchProjects('limit=1')).items[0]?.id ?? 'uniswap';
});

afterAll(async () => {
  await browser?.close();
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
    const context = await newContext(browser, { lang: 'zh', theme, viewport: DESKTOP });
    const page = await context.newPage();
    await open(page, '/');
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const { name, path, ready } of PAGES) {
        await navigate(page, path());
        await shoot(page, ready, `${name}-${theme}-${device}.png`);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        // routes.e2e.ts runs axe at desktop width; the phone layout (cards, compact switcher) is checked here.
        if (device === 'mobile' && theme === 'dark') expect(await findSeriousViolations(page), name).toEqual([]);
      }
    }
    await context.close();
  },
  120_000,
);

async function shoot(page: Page, ready: string, fileName: string): Promise<void> {
  await page.locator(ready).first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, fileName), fullPage: true });
}
