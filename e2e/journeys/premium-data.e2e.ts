import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dailySignals } from '../../src/server/db/schema/index.ts';
import { insertUser } from '../../src/server/features/auth/auth.queries.ts';
import { ensureProfile } from '../../src/server/features/auth/auth.service.ts';
import { hashPassword } from '../../src/server/features/auth/password.ts';
import { creditPoints } from '../../src/server/features/points/points.service.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { authenticateInPage } from '../support/accounts.ts';
import { findSeriousViolations } from '../support/axe.ts';
import { DESKTOP, expectNoSidewaysScroll, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { seedFundamentals } from '../support/fundamentals-setup.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';

// VIP's premium data and the tier matrix. On a server of its own (the catalogue, Uniswap's
// funding rounds through the real ingestion, a year of Uniswap's daily source values): a premium member sees the
// rounds without investors or valuations, each marked as VIP data, and the source history as a locked panel that says
// what it is and links to /membership, where the premium-data section explains both; a vip sees the investors and the
// daily values. /membership's matrix lists the four team-era features at their tier with their descriptions. zh and
// en, 1280 and 390 px.
const LOCALES = { zh, en } as const;
const PASSWORD = 'e2e-premium-data-password-1';
const session = launchFileBrowser();
let server: OwnServer;

const account = (level: 'premium' | 'vip', lang: 'zh' | 'en') => `pd-${level}-${lang}@example.com`;

beforeAll(async () => {
  server = await startOwnServer({ env: { CATALOGUE_AUTOLOAD: 'true' } });
  const { db } = server.runtime.handle;
  await seedFundamentals(server.runtime, server.config);
  const now = new Date();
  for (const lang of ['zh', 'en'] as const) {
    for (const [level, points] of [
      ['premium', 1000],
      ['vip', 5000],
    ] as const) {
      const user = await insertUser(db, {
        email: account(level, lang),
        passwordHash: await hashPassword(PASSWORD),
        emailVerifiedAt: now,
      });
      if (!user) throw new Error('premium-data e2e: account not created');
      await ensureProfile(db, user, {}, now);
      await creditPoints(db, { userId: user.id, amount: points, reason: 'admin.adjust', now });
    }
  }
  // A year of Uniswap's daily values, as the history backfill stores them (test data: a slow rise with a weekly wave).
  const rows: (typeof dailySignals.$inferInsert)[] = [];
  for (let d = 364; d >= 0; d -= 1) {
    const day = new Date(now.getTime() - d * 86_400_000).toISOString().slice(0, 10);
    const t = 364 - d;
    const base = { projectId: 'uniswap', day, fetchedAt: now };
    rows.push(
      { ...base, signal: 'price', value: 5 + t / 100 + Math.sin(t / 7) / 4, source: 'coingecko' },
      { ...base, signal: 'tvl', value: 4e9 + t * 5e6, source: 'defillama' },
      { ...base, signal: 'pageViews', value: 900 + ((t * 37) % 400), source: 'wikipedia' },
    );
  }
  await db.insert(dailySignals).values(rows);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function signedInPage(page: Page, level: 'premium' | 'vip', lang: 'zh' | 'en') {
  await open(page, '/');
  await authenticateInPage(page, 'sign-in', account(level, lang), PASSWORD, null);
}

/** The page at 1280 px then 390 px (no sideways scroll), each screenshotted whole. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await session.screenshot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize(MOBILE);
  // The charts follow the new width on their ResizeObserver's next turn: wait for it, do not sample once.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await session.screenshot(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

describe.each(['zh', 'en'] as const)('premium data (%s)', (lang) => {
  const c = LOCALES[lang];
  const m = c.membership;
  const p = c.project;

  test('a premium member sees the rounds without investors and what VIP adds; the membership page explains it', async () => {
    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: DESKTOP },
      `premium-data-premium-${lang}`,
      async (page) => {
        await signedInPage(page, 'premium', lang);
        await open(page, '/project/uniswap');
        const funding = page.getByTestId('project-funding');
        await funding.getByTestId('funding-round').first().waitFor();
        expect(await funding.getByTestId('funding-round').count()).toBe(2);
        const first = await funding.getByTestId('funding-round').first().textContent();
        expect(first).toContain('Series B');
        expect(first).toMatch(lang === 'zh' ? /1\.65\s亿美元/ : /\$165\.0M/);
        expect(first).toContain(p.funding.vipOnly);
        // The names are not on the page at all: the server never sent them.
        expect(await page.content()).not.toContain('Polychain');
        const fundingLock = funding.getByTestId('project-funding-locked');
        await fundingLock.getByText(m.premiumData.fundingLocked).waitFor();
        await fundingLock.getByText(c.errors.FEATURE_LOCKED_VIP).waitFor();

        const history = page.locator('[data-slot="source-history"]');
        await history.getByText(m.premiumData.sourceHistory.what).waitFor();
        await history.getByText(m.premiumData.sourceHistory.lockedTitle).waitFor();
        expect(await history.getByTestId('source-history-table').count()).toBe(0);
        expect(await history.getByRole('link', { name: c.app.locked.upgrade }).getAttribute('href')).toBe(
          '/membership',
        );
        expect(await findSeriousViolations(page, 'main')).toEqual([]);
        await history.scrollIntoViewIfNeeded();
        await session.screenshot(funding, `premium-data-funding-locked-${lang}`);
        await session.screenshot(history, `premium-data-history-locked-${lang}`);
        await bothWidths(page, `premium-data-project-premium-${lang}`);
        await page.setViewportSize(MOBILE);
        await history.scrollIntoViewIfNeeded();
        await session.screenshot(history, `premium-data-history-locked-${lang}-390`);
        await page.setViewportSize(DESKTOP);

        // "What premium data is" leads to the section of /membership that says so.
        await history.getByRole('link', { name: m.premiumData.whatIsIt }).click();
        await page.waitForURL((url) => url.pathname === '/membership' && url.hash === '#premium-data');
        const section = page.locator('[data-slot="premium-data"]');
        await section.getByText(m.premiumData.fundingTitle).waitFor();
        await section.getByText(m.premiumData.sourceTitle).waitFor();
      },
    );
  });

  test('a vip sees every round with its investors and valuation, and the daily source history', async () => {
    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: DESKTOP },
      `premium-data-vip-${lang}`,
      async (page) => {
        await signedInPage(page, 'vip', lang);
        await open(page, '/project/uniswap');
        const funding = page.getByTestId('project-funding');
        await funding.getByTestId('funding-round').first().waitFor();
        const first = await funding.getByTestId('funding-round').first().textContent();
        for (const name of ['Polychain Capital', 'Paradigm', p.funding.leadInvestors, p.funding.valuation]) {
          expect(first).toContain(name);
        }
        expect(await funding.textContent()).toContain('Andreessen Horowitz');
        expect(await funding.getByTestId('project-funding-locked').count()).toBe(0);
        expect(await funding.locator('[data-slot="funding-detail-locked"]').count()).toBe(0);

        const history = page.locator('[data-slot="source-history"]');
        const table = history.getByTestId('source-history-table');
        await table.waitFor();
        const rows = table.locator('tbody tr');
        expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-signal')))).toEqual([
          'price',
          'tvl',
          'pageViews',
        ]);
        const days = (count: number) => m.premiumData.sourceHistory.days_other.replace('{{count}}', String(count));
        expect(await rows.first().textContent()).toContain(days(365));
        expect(await rows.nth(1).textContent()).toContain('DefiLlama');
        expect(await history.locator('svg[role="img"]').count()).toBe(3);
        expect(await findSeriousViolations(page, 'main')).toEqual([]);
        await history.scrollIntoViewIfNeeded();
        await session.screenshot(funding, `premium-data-funding-vip-${lang}`);
        await session.screenshot(history, `premium-data-history-vip-${lang}`);

        await history.getByRole('button', { name: m.premiumData.sourceHistory.ranges['90d'] }).click();
        await rows.first().getByText(days(90)).waitFor();
        await bothWidths(page, `premium-data-project-vip-${lang}`);
        await page.setViewportSize(MOBILE);
        await history.scrollIntoViewIfNeeded();
        await session.screenshot(history, `premium-data-history-vip-${lang}-390`);
      },
    );
  });

  test('the membership matrix lists custom dashboard, teams, priority support and premium data at their tier', async () => {
    await session.withPage(
      { lang, baseURL: server.baseURL, viewport: DESKTOP },
      `premium-data-matrix-${lang}`,
      async (page) => {
        await open(page, '/membership');
        const matrix = page.locator('section[aria-labelledby="tier-matrix"]');
        const expected = {
          custom_dashboard: ['premium', 'vip'],
          team_collaboration: ['vip'],
          priority_support: ['vip'],
          premium_data: ['vip'],
        } as const;
        for (const [feature, levels] of Object.entries(expected) as [keyof typeof expected, readonly string[]][]) {
          const row = matrix.locator(`tr[data-feature="${feature}"]`);
          await row.locator('[data-slot="feature-description"]').waitFor();
          expect(await row.locator('th').evaluate((th) => th.firstChild?.textContent)).toBe(m.features[feature]);
          const description = m.featureDescriptions[feature].replace('{{seats}}', '5');
          expect(await row.locator('[data-slot="feature-description"]').textContent()).toBe(description);
          const included = await row
            .locator('td')
            .evaluateAll((cells) => cells.map((cell) => cell.querySelector('.sr-only')?.textContent));
          expect(included).toEqual(
            ['free', 'premium', 'vip'].map((level) =>
              levels.includes(level) ? m.matrix.included : m.matrix.notIncluded,
            ),
          );
        }
        expect(await page.locator('[data-slot="coming-features"]').count()).toBe(0);
        await page.locator('[data-slot="premium-data"]').getByText(m.premiumData.title).waitFor();
        expect(await findSeriousViolations(page, 'main')).toEqual([]);
        await matrix.scrollIntoViewIfNeeded();
        await session.screenshot(matrix, `premium-data-matrix-${lang}-1280`);
        await page.setViewportSize(MOBILE);
        await expectNoSidewaysScroll(page, MOBILE.width);
        await session.screenshot(matrix, `premium-data-matrix-${lang}-390`);
        await session.screenshot(page.locator('[data-slot="premium-data"]'), `premium-data-section-${lang}-390`);
      },
    );
  });
});
