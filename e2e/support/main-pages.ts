import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserSession } from './file-browser.ts';

/**
 * The six main pages, each with what shows once its data has drawn (figures, rows, charts). The route sweeps check
 * them in both themes: routes.e2e.ts at desktop width (zh light, en dark), overflow.e2e.ts on a phone (zh light,
 * en dark, the dark phone pages through axe), and each leaves a full-page screenshot for people to look at.
 */
export const MAIN_PAGES = [
  { name: 'home', path: '/', ready: '[data-stat="totalProjects"] >> text=/\\d/' },
  { name: 'tool', path: '/tool', ready: 'main table tbody tr:visible, main ol li:visible' },
  { name: 'directory', path: '/directory', ready: 'main table tbody tr:visible, main ol li:visible' },
  { name: 'project', path: '/project/', ready: '[data-slot="heat-breakdown"] canvas' },
  { name: 'sectors', path: '/sectors', ready: 'main canvas' },
  { name: 'platforms', path: '/platforms', ready: 'main ul li:visible' },
] as const;

/**
 * The main page a swept path is, or undefined. The project page is the top project's (`topProjectId`): one with
 * enough data to draw its breakdown chart.
 */
export function mainPageOf(path: string, topProjectId: string): (typeof MAIN_PAGES)[number] | undefined {
  return MAIN_PAGES.find((main) => path === (main.path === '/project/' ? `/project/${topProjectId}` : main.path));
}

/**
 * On a main page: waits for its data to draw, checks the document is in the theme asked for, and takes its
 * screenshot `<name>-<theme>-<device>` (skipped where no one will look: E2E_SCREENSHOTS=0).
 */
export async function checkMainPage(
  session: BrowserSession,
  page: Page,
  path: string,
  shot: { theme: 'light' | 'dark'; device: 'desktop' | 'mobile'; topProjectId: string },
): Promise<void> {
  const main = mainPageOf(path, shot.topProjectId);
  if (!main) return;
  await page.locator(main.ready).first().waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(
    shot.theme === 'dark',
  );
  await page.evaluate(() => document.fonts.ready);
  await session.screenshot(page, `${main.name}-${shot.theme}-${shot.device}`, { fullPage: true });
}
