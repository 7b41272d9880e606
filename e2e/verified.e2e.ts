import { describe, expect, test } from 'vitest';
import { RESOURCES } from '../src/shared/locales/index.ts';
import { fetchProjects } from './support/api.ts';
import { type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { fillTemplate } from './support/text.ts';
import { E2E_VERIFIED } from './support/verified-fixtures.ts';

// The badge shows only for a recorded verification, and its tooltip says what it means. The e2e
// server records a site review of uniswap and an X organisation check of chainlink (support/global-setup.ts).
const session = launchFileBrowser();

test('the API lists exactly the recorded verifications', async () => {
  const verified = await fetchProjects('verified=true&limit=100');

  expect(verified.items.map((p) => p.id).sort()).toEqual([E2E_VERIFIED.x.id, E2E_VERIFIED.siteReview.id].sort());
  expect(verified.items.find((p) => p.id === E2E_VERIFIED.siteReview.id)?.verification).toMatchObject({
    method: 'site-review',
    by: E2E_VERIFIED.siteReview.by,
  });
});

describe.each(['zh', 'en'] as const)('the verified badge in %s', (lang: Lang) => {
  const texts = RESOURCES[lang].provenance.verified;

  test('shows with a tooltip naming who reviewed it and when, or the X account; absent otherwise', async () => {
    const context = await session.newContext({ lang });
    const page = await context.newPage();
    const formatDate = (iso: string) =>
      page.evaluate(
        (value) =>
          new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: 'medium' }).format(new Date(value)),
        iso,
      );

    const { siteReview, x } = E2E_VERIFIED;
    await open(page, `/project/${siteReview.id}`);
    const badge = page.locator('main header [data-verified-badge]');
    await badge.waitFor();
    expect(await badge.textContent()).toContain(texts.label);
    const tooltip = badge.getByRole('tooltip');
    expect(await tooltip.isVisible()).toBe(false);
    await badge.hover();
    await tooltip.waitFor({ state: 'visible' });
    const date = await formatDate(siteReview.at);
    expect(await tooltip.textContent()).toContain(fillTemplate(texts.siteReview, { by: siteReview.by, date }));
    expect(await tooltip.textContent()).toContain(siteReview.note);
    await session.screenshot(page, `verified-${lang}-site-review`);

    await open(page, `/project/${x.id}`);
    await badge.waitFor();
    await badge.focus(); // keyboard users get the same tooltip
    await tooltip.waitFor({ state: 'visible' });
    expect(await tooltip.textContent()).toContain(
      fillTemplate(texts.x, { by: `@${x.username}`, date: await formatDate(x.at) }),
    );
    await session.screenshot(page, `verified-${lang}-x`);

    await open(page, '/project/bitcoin');
    // The project's own header (the one holding its h1): later sections of the page have headers of their own.
    const projectHeader = page.locator('main header').filter({ has: page.locator('h1') });
    await projectHeader.waitFor();
    expect(await page.locator('main [data-verified-badge]').count()).toBe(0);
    expect(await projectHeader.textContent()).not.toContain(texts.label);
    await context.close();
  });

  test('the directory shows the badge only on verified rows, and its "verified only" filter keeps working', async () => {
    const context = await session.newContext({ lang });
    const page = await context.newPage();
    await open(page, '/directory?sort=name&order=asc&limit=100');
    await page.locator('main table tbody tr').first().waitFor();
    const rows = page.locator('main table tbody tr');
    const badgeRows = rows.filter({ has: page.locator('[data-verified-badge]') });
    const total = await rows.count();
    expect(total).toBeGreaterThan(2);
    expect(await badgeRows.count()).toBeLessThanOrEqual(2);

    await open(page, '/directory?verified=true');
    await page.locator('main table tbody tr').first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await badgeRows.count()).toBe(2);
    await session.screenshot(page, `verified-${lang}-directory`, { fullPage: true });
    await context.close();
  });
});
