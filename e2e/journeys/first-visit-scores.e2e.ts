import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProjectListItem } from '../../src/shared/api/projects.schema.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { signIn } from '../support/accounts.ts';
import { adminsPerLanguage } from '../support/admins.ts';
import { fetchProjects } from '../support/api.ts';
import { type Lang, MOBILE, navigate, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { callApi } from '../support/page-api.ts';

// "No invented numbers", as a newcomer reads it: a project without social input shows "no data" /
// 无数据 as its social score (never the formula's base 50) on its page and in the data table; a project an admin
// creates is "not enough data" until the recompute its creation starts (the admin route's own trigger: e2e servers run
// no scheduled jobs), then shows the computed heat within seconds, without a reload. The admin part runs on a server
// of its own: e2e/admin.e2e.ts replace-imports the shared server's catalogue, which a project created beside it
// would change (and which would delete it).
const session = launchFileBrowser();
const LOCALES = { zh, en } as const;
const WIDE = { width: 1440, height: 900 } as const;

/** The project page's score card: its heat pill, then its social pill. */
const scoreCard = (page: Page) => page.locator('section[aria-labelledby="project-scores"]');
/** What a score pill shows (its last text; the first is the screen-reader label "Social score: "). */
const shown = (pill: Locator) => pill.evaluate((el) => el.lastChild?.textContent?.trim() ?? '');

const adminProject = (id: string, sample: { marketCapUsd: number; volume24hUsd: number } | null) => ({
  id,
  name: `Scores ${id}`,
  symbol: null,
  category: 'E2E Scores',
  chains: ['Ethereum'],
  newChains: ['Ethereum'], // this server starts with no catalogue: the chain is added explicitly
  website: null,
  twitter: null,
  telegram: null,
  discord: null,
  github: [],
  coingeckoId: null,
  listedAt: null,
  sourcePlatform: null,
  tags: [],
  introEn: 'Made by the scores journey',
  introZh: '评分旅程创建的项目',
  descriptionEn: null,
  descriptionZh: null,
  sample: sample ? { asOf: '2025-06-30', twitterFollowers: null, ...sample } : null,
});

describe('first visit: no invented scores', () => {
  let quiet: ProjectListItem;
  beforeAll(async () => {
    // A scored catalogue project whose social profile was never read (most of them on a fresh install).
    const scored = await fetchProjects('scored=true&sort=heat&limit=100');
    const found = scored.items.find((p) => p.socialScore === null && p.followersTwitter === null);
    if (!found) throw new Error('no scored project without social input in the catalogue');
    quiet = found;
  });

  test.each([
    ['zh', WIDE],
    ['en', MOBILE],
  ] as const)(
    '%s: a project without social input reads "no data" on its page and in the data table',
    async (lang: Lang, viewport) => {
      const t = LOCALES[lang];
      await session.withPage({ lang, viewport }, `scores-no-social-${lang}`, async (page) => {
        await open(page, `/project/${encodeURIComponent(quiet.id)}`);
        const card = scoreCard(page);
        const pills = card.locator('[data-scored]');
        await pills.nth(1).waitFor();

        expect(await pills.nth(0).getAttribute('data-scored')).toBe('true'); // it has a heat score…
        expect(await pills.nth(1).getAttribute('data-scored')).toBe('false'); // …but no social score
        expect(await shown(pills.nth(1))).toBe(t.app.score.noData);
        expect(await card.getByTestId('social-score-hint').textContent()).toBe(t.project.scores.socialNoData);
        expect(await card.textContent()).not.toContain('50.0');
        // The breakdown says why, and its social table totals "no data", not 50.
        const note = page.getByTestId('social-not-scored');
        await note.waitFor();
        expect(await note.textContent()).toBe(t.heat.panel.noSocialProfile);
        const socialTable = page.getByRole('region', { name: t.heat.table.socialTitle });
        expect(await socialTable.locator('tfoot').textContent()).toContain(t.heat.table.noData);
        await socialTable.evaluate((el) => {
          el.scrollLeft = el.scrollWidth; // the total's column, where a narrow card scrolls
        });
        await session.screenshot(socialTable, `scores-social-breakdown-${lang}-${viewport.width}`);
        await card.scrollIntoViewIfNeeded();
        await session.screenshot(page, `scores-project-no-social-${lang}-${viewport.width}`);

        // The data table (raw figures for every project): the same project's social cell says so in words.
        await navigate(page, `/data-tool?q=${encodeURIComponent(quiet.name)}`);
        const row = page.locator('main table tbody tr', { has: page.getByRole('link', { name: quiet.name }) }).first();
        await row.waitFor();
        const social = row.locator('[data-empty-value="noSocial"]');
        expect((await social.textContent())?.trim()).toBe(t.app.score.noData);
        expect(await social.getAttribute('title')).toBe(t.app.score.socialNoDataTitle);
        await session.screenshot(page, `scores-data-table-no-social-${lang}-${viewport.width}`);
      });
    },
  );
});

describe('first visit: an admin-created project is never a placeholder 50', () => {
  const admins = adminsPerLanguage('scores');
  let server: OwnServer;
  beforeAll(async () => {
    server = await startOwnServer({ env: {}, admin: Object.values(admins) });
  });
  afterAll(() => server?.close());

  test.each(['zh', 'en'] as const)(
    '%s: an admin-created project is unscored, then scored within seconds',
    async (lang: Lang) => {
      const t = LOCALES[lang];
      const options = { lang, viewport: WIDE, baseURL: server.baseURL };
      await session.withPage(options, `scores-admin-created-${lang}`, async (page) => {
        await signIn(page, t, admins[lang].email, admins[lang].password);
        await page.waitForURL((url) => url.pathname !== '/auth');
        const bare = `e2e-scores-bare-${lang}`;
        const withFigures = `e2e-scores-figures-${lang}`;
        try {
          // A project's sector must exist (creating one is its own admin action); the other language made it already.
          const sector = await callApi(page, 'POST', '/api/admin/sectors', {
            id: 'e2e-scores',
            name: 'E2E Scores',
            nameZh: '评分旅程',
            descriptionEn: 'Projects made by the scores journey',
            descriptionZh: '评分旅程创建的项目',
            color: '#336699',
            icon: 'coins',
          });
          expect([201, 409]).toContain(sector.status);
          // No inputs at all: "not enough data", and the social score "no data" — never a starting 50.
          expect((await callApi(page, 'POST', '/api/admin/projects', adminProject(bare, null))).status).toBe(201);
          await navigate(page, `/project/${bare}`);
          const pills = scoreCard(page).locator('[data-scored]');
          await pills.nth(1).waitFor();
          expect(await shown(pills.nth(0))).toBe(t.app.score.notEnoughData);
          expect(await shown(pills.nth(1))).toBe(t.app.score.noData);
          expect(await scoreCard(page).textContent()).not.toContain('50.0');
          // The breakdown draws no chart of four zeros: it says no category has data.
          await page.getByText(t.heat.chart.noCategory).waitFor();
          await session.screenshot(page, `scores-admin-created-unscored-${lang}`);

          // With sample market figures (2 heat inputs): scored by the recompute the creation started. Whatever the page
          // shows first is either "not enough data" or the computed heat, never a placeholder; it turns into the score
          // without a reload (the run's heat.recomputed event refetches the page's data).
          const created = Date.now();
          const figures = adminProject(withFigures, { marketCapUsd: 3e9, volume24hUsd: 9e7 });
          expect((await callApi(page, 'POST', '/api/admin/projects', figures)).status).toBe(201);
          await navigate(page, `/project/${withFigures}`);
          const heat = scoreCard(page).locator('[data-scored]').first();
          await heat.waitFor();
          const firstSeen = await shown(heat);
          expect(firstSeen === t.app.score.notEnoughData || /^\d+\.\d$/.test(firstSeen), firstSeen).toBe(true);
          await scoreCard(page).locator('[data-scored="true"]').first().waitFor({ timeout: 15_000 });
          const score = await shown(heat);
          expect(score).toMatch(/^\d+\.\d$/);
          expect(score).not.toBe('50.0');
          expect(Date.now() - created).toBeLessThan(15_000);
          const api = (await callApi(page, 'GET', `/api/projects/${withFigures}`)).body as ProjectListItem;
          expect(api.heatScore?.toFixed(1)).toBe(score);
          expect(api.socialScore).toBeNull();
          await session.screenshot(page, `scores-admin-created-scored-${lang}`);
        } finally {
          await callApi(page, 'DELETE', `/api/admin/projects/${bare}`);
          await callApi(page, 'DELETE', `/api/admin/projects/${withFigures}`);
        }
      });
    },
  );
});
