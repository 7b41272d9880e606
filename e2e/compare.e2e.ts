import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { authenticateInPage } from './support/accounts.ts';
import { expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';

// Comparison and trend analysis in the browser: a premium user ticks two projects in the directory, compares
// them (a column each, the chart) and sees the trend section on a project page; a free user gets the upgrade message.
const LOCALES = { zh, en } as const;
const NOTES_DIR = resolve('e2e-artifacts/notes/issue-14');

const session = launchFileBrowser(NOTES_DIR);

function withPage(
  lang: Lang,
  name: string,
  run: (page: Page) => Promise<void>,
  viewport?: { width: number; height: number },
) {
  return session.withPage({ lang, viewport }, `compare-${name}-${lang}`, run);
}

const screenshot = (page: Page, name: string) => session.screenshot(page, name);

describe.each(['zh', 'en'] as const)('compare in the browser (%s)', (lang) => {
  const t = LOCALES[lang];

  test('a premium user ticks two projects in the directory, compares them and sees both columns and the chart', async () => {
    const premium = inject('premium')[lang];
    await withPage(lang, 'premium', async (page) => {
      await open(page, '/');
      await authenticateInPage(page, 'sign-in', premium.email, premium.password);
      await open(page, '/directory');
      const boxes = page.locator('main table input[type="checkbox"]');
      await boxes.first().waitFor();
      const names = await page
        .locator('main table tbody tr')
        .evaluateAll((rows) =>
          rows.slice(0, 2).map((row) => row.querySelector('a[href^="/project/"]')?.textContent?.trim() ?? ''),
        );
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await screenshot(page, `compare-directory-${lang}`);
      await page.getByRole('link', { name: fillTemplate(t.compare.selected, { count: 2 }) }).click();
      await page.waitForURL((url) => url.pathname === '/compare' && (url.searchParams.get('ids') ?? '').includes(','));

      const table = page.locator('[data-slot="compare-metrics"]');
      await table.locator('thead th').nth(2).waitFor();
      expect(await table.locator('thead th').count()).toBe(3);
      for (const name of names) expect(await table.locator('thead').textContent()).toContain(name);
      await page.locator('[data-slot="compare-breakdowns"]').waitFor();
      await page.locator('[data-slot="compare-history"] [data-ready="true"] canvas').first().waitFor();
      await screenshot(page, `compare-premium-${lang}`);
      await page.locator('[data-slot="compare-history"]').evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await screenshot(page, `compare-chart-${lang}`);

      // The range switch keeps the ids in the shareable URL.
      await page.getByRole('button', { name: t.compare.ranges['7d'] }).click();
      await page.waitForURL((url) => url.searchParams.get('range') === '7d');
      await page.locator('[data-slot="compare-history"] [data-ready="true"] canvas').first().waitFor();

      // A project page: the compare link and the trend section (premium sees the ranks table or its empty note).
      const firstId = new URL(page.url()).searchParams.get('ids')?.split(',')[0] ?? '';
      await open(page, `/project/${firstId}`);
      await page.locator('[data-slot="project-trend"] h2').waitFor();
      expect(await page.locator('[data-slot="project-trend"] [data-slot="locked-feature"]').count()).toBe(0);
      await page.locator('[data-slot="project-trend"]').scrollIntoViewIfNeeded();
      await screenshot(page, `project-trend-${lang}`);
      await page.getByRole('link', { name: t.compare.link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/compare' && url.searchParams.get('ids') === firstId);
      await page.locator('[data-slot="compare-need-more"]').waitFor();
    });
  });

  test('the comparison fits 390 px for a premium user', async () => {
    const premium = inject('premium')[lang];
    await withPage(
      lang,
      'mobile',
      async (page) => {
        await open(page, '/');
        await authenticateInPage(page, 'sign-in', premium.email, premium.password);
        const ids = await page.evaluate(async () =>
          ((await (await fetch('/api/projects?limit=3')).json()).items as { id: string }[]).map((p) => p.id),
        );
        await open(page, `/compare?ids=${ids.join(',')}`);
        await page.locator('[data-slot="compare-history"] [data-ready="true"] canvas').first().waitFor();
        await expectNoSidewaysScroll(page, MOBILE.width);
        await screenshot(page, `compare-mobile-${lang}`);
      },
      MOBILE,
    );
  });

  test('a free user sees the upgrade message instead of the comparison and the trend', async () => {
    await withPage(lang, 'free', async (page) => {
      await open(page, '/');
      await authenticateInPage(
        page,
        'sign-up',
        `e2e-compare-free-${lang}-${Date.now()}@example.com`,
        'e2e-password-42',
      );
      const ids = await page.evaluate(async () =>
        ((await (await fetch('/api/projects?limit=2')).json()).items as { id: string }[]).map((p) => p.id),
      );
      await open(page, `/compare?ids=${ids.join(',')}`);
      const locked = page.locator('main [data-slot="locked-feature"]');
      await locked.getByText(t.errors.FEATURE_LOCKED).waitFor();
      await locked.getByRole('link', { name: t.app.locked.upgrade }).waitFor();
      expect(await page.locator('[data-slot="compare-metrics"]').count()).toBe(0);
      await screenshot(page, `compare-free-${lang}`);

      await open(page, `/project/${ids[0]}`);
      await page.locator('[data-slot="project-trend"] [data-slot="locked-feature"]').waitFor();
    });
  });
});
