import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import enAdmin from '../../src/shared/locales/en/admin.json' with { type: 'json' };
import { en, zh } from '../../src/shared/locales/index.ts';
import zhAdmin from '../../src/shared/locales/zh/admin.json' with { type: 'json' };
import { signIn } from '../support/accounts.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';

// What an operator's visitors see when things fail. Spec §8: a panel whose data fails says which failure it was (network or server),
// "Please try again", and "Contact support" with the operator's address only when one is configured; the offline
// banner's retry says 网络连接不可用 when the reachability probe fails. The failures are made in the browser
// (page.route), the product's own code reads them. Point 6: a page that crashes while rendering shows the error screen and posts an exception event; the
// admin finds it in the "client errors" tab with its count, page and build — and nothing personal. The crash is
// forced from the test alone: the /about page's code is replaced (page.route) by a module whose component throws, so
// the product ships no crash trigger. Screenshots: e2e-artifacts/screenshots.
const LOCALES = { zh: { ...zh, admin: zhAdmin }, en: { ...en, admin: enAdmin } } as const;
const session = launchFileBrowser();

/** Serves the /about page's chunk as a component that throws `message` while rendering. */
async function breakAboutPage(page: Page, message: string) {
  await page.route(/\/assets\/about-[\w-]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `export function AboutPage() { throw new Error(${JSON.stringify(message)}); }`,
    }),
  );
}

const SUPPORT = 'support@heatrank.example';
const TRENDING_AS_OF = '2026-11-28T09:00:00.000Z';

/** Answers GET `pattern` as the server does, with `trending` added by `add` (the rank the market job would store). */
async function withTrending(page: Page, pattern: RegExp, add: (body: Record<string, unknown>) => void) {
  await page.route(pattern, async (route) => {
    try {
      const body = await (await route.fetch()).json();
      add(body);
      await route.fulfill({ json: body });
    } catch (error) {
      // A refetch still in flight when the test closes its page (a live-update hint from another test on the shared
      // server re-asks an answer): there is nothing left to answer. Any other failure is the test's.
      if (!/disposed|closed/i.test(String(error))) throw error;
    }
  });
}

describe.each(['zh', 'en'] as const)('operator errors (%s)', (lang: Lang) => {
  const t = LOCALES[lang];

  test('a failed panel says network or server error, "please try again", and contact support only when configured', async () => {
    await session.withPage({ lang }, `errors-network-${lang}`, async (page) => {
      await page.route('**/api/sectors', (route) => route.abort('failed'));

      await page.goto('/sectors', { waitUntil: 'domcontentloaded' });

      const panel = page.getByRole('alert').filter({ hasText: t.app.data.loadFailed });
      await panel.getByText(t.errors.NETWORK_ERROR, { exact: true }).waitFor({ timeout: 20_000 });
      await panel.getByText(t.app.errorHelp.tryAgain, { exact: true }).waitFor();
      // CONTACT_EMAIL is not set here: the panel offers no address (the footer's link to /support is another thing).
      expect(await panel.getByText(t.app.errorHelp.contactSupport).count()).toBe(0);
      await session.screenshot(page, `errors-network-${lang}`);

      // The reachability probe fails too: the banner's retry says 网络连接不可用 instead of reloading.
      await page.route('**/api/health', (route) => route.abort('failed'));
      const banner = page.getByTestId('offline-banner');
      await banner.getByText(t.app.offline.failed).waitFor();
      await banner.getByRole('button', { name: t.app.offline.retry }).click();
      await banner.getByText(t.errors.NETWORK_UNAVAILABLE).waitFor();
      await page.setViewportSize(MOBILE);
      await session.screenshot(page, `errors-probe-unreachable-${lang}-390`);
    });

    await session.withPage({ lang }, `errors-server-${lang}`, async (page) => {
      // As GET /api/site answers with CONTACT_EMAIL set (its server side: site.routes.test.ts).
      await page.route('**/api/site', async (route) => {
        const site = await (await route.fetch()).json();
        await route.fulfill({ json: { ...site, contactEmail: SUPPORT } });
      });
      await page.route('**/api/sectors', (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }),
      );

      await page.goto('/sectors', { waitUntil: 'domcontentloaded' });

      const panel = page.getByRole('alert').filter({ hasText: t.app.data.loadFailed });
      await panel.getByText(t.errors.INTERNAL, { exact: true }).waitFor({ timeout: 20_000 });
      const contact = panel.getByRole('link', { name: `${t.app.errorHelp.contactSupport}: ${SUPPORT}` });
      expect(await contact.getAttribute('href')).toBe(`mailto:${SUPPORT}`);
      await session.screenshot(page, `errors-server-contact-${lang}`);
    });
  });

  // The rank comes from GET /api/projects[/:id] (server side with CoinGecko's recorded trending
  // answer: market.service.test.ts); the shared e2e server has no market job, so the answer is given its rank here.
  test('CoinGecko trending rank: "#n" with its as-of on the project page and in the directory row', async () => {
    await session.withPage({ lang }, `trending-${lang}`, async (page) => {
      const trending = { rank: 2, source: 'coingecko', asOf: TRENDING_AS_OF };
      await withTrending(page, /\/api\/projects\/uniswap(\?.*)?$/, (body) => {
        body.trending = trending;
      });
      await withTrending(page, /\/api\/projects\?/, (body) => {
        const first = (body.items as { id: string }[])[0];
        if (first) body.trending = { [first.id]: trending };
      });
      const badgeText = t.app.trending.badge.replace('{{rank}}', '2');

      await open(page, '/project/uniswap');
      const header = page.locator('main header').first();
      await header.getByText(badgeText, { exact: true }).waitFor();
      expect(await header.locator('[data-slot="trending-badge"]').textContent()).toContain(
        t.app.trending.asOf.split('{{time}}')[0] ?? '',
      );
      await session.screenshot(page, `trending-project-${lang}`);

      await open(page, '/directory');
      const short = t.app.trending.short.replace('{{rank}}', '2');
      await page.locator('tbody tr').first().getByText(short, { exact: true }).waitFor();
      await session.screenshot(page, `trending-directory-${lang}`);
    });
  });

  test('a render error shows the error screen, is reported once, and is listed for the admin without personal data', async () => {
    const marker = `forced render error e2e-${lang}-${Date.now().toString(36)}`;
    await session.withPage({ lang }, `crash-visitor-${lang}`, async (page) => {
      await breakAboutPage(page, `${marker} for alice.crash@example.com`);
      const reports: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/client-errors')) reports.push(request.postData() ?? '');
      });
      const accepted = page.waitForResponse((response) => response.url().endsWith('/api/client-errors'));

      await page.goto('/about?ref=alice.crash%40example.com', { waitUntil: 'domcontentloaded' });

      await page.getByRole('heading', { name: t.app.routeError.title }).waitFor();
      expect((await accepted).status()).toBe(202);
      expect(reports).toHaveLength(1);
      const sent = JSON.parse(reports[0] ?? '{}');
      expect(sent).toMatchObject({ route: '/about', boundary: 'route' });
      expect(sent.buildId).toMatch(/^[\w.-]+$/);
      await session.screenshot(page, `crash-route-error-${lang}`);
    });

    await session.withPage({ lang }, `crash-admin-${lang}`, async (page) => {
      const admin = inject('admin')[lang];
      await signIn(page, t, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname !== '/auth');
      await open(page, '/admin?tab=clientErrors');
      const panel = page.getByRole('tabpanel', { name: t.admin.tabs.clientErrors });
      const row = panel.locator('[data-slot="client-error-row"]').filter({ hasText: marker });
      await row.waitFor();

      const text = await row.textContent();
      expect(text).toContain(`Error: ${marker} for [email]`);
      expect(text).toContain('/about');
      expect(text).not.toContain('alice');
      expect(await row.locator('td').nth(1).textContent()).toBe('1');
      await page.setViewportSize(DESKTOP);
      await session.screenshot(page, `crash-admin-list-${lang}`);
      await page.setViewportSize(MOBILE);
      await session.screenshot(page, `crash-admin-list-${lang}-390`);
      await expectNoSidewaysScroll(page, MOBILE.width);
    });
  });
});
