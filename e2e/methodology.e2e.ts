import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { queryRows } from '../src/server/db/client.ts';
import { insertUser } from '../src/server/features/auth/auth.queries.ts';
import { ensureProfile } from '../src/server/features/auth/auth.service.ts';
import { hashPassword } from '../src/server/features/auth/password.ts';
import { runBackfill } from '../src/server/features/backfill/backfill.service.ts';
import { runEvaluation } from '../src/server/features/methodology/evaluation-run.service.ts';
import { createCandidateModel } from '../src/server/features/methodology/models.service.ts';
import { creditPoints } from '../src/server/features/points/points.service.ts';
import { fakeHistoryEnv, fakeHistoryRoute } from '../src/server/sources/testing/fake-history.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../src/server/sources/testing/fake-server.ts';
import { RESOURCES } from '../src/shared/locales/index.ts';
import { CODE_MODEL_DEFINITION } from '../src/shared/methodology/models.ts';
import { signIn } from './support/accounts.ts';
import { adminsPerLanguage } from './support/admins.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { type OwnServer, startOwnServer } from './support/own-server.ts';

// /methodology states the model from the code (weights, scales, sources, rules) and its evaluation against what
// happened next, in zh and en, on a desk and a phone; the project page ranks each raw input within its sector and
// market-cap band. Its own server: the built-in catalogue with 60 backfilled days of 30 projects (fake history
// sources on loopback), evaluated as the daily job does, so the shared server's histories stay untouched.
const session = launchFileBrowser();
let own: OwnServer;
let fakeHistory: FakeServer;
const ANALYST = { email: 'weights-analyst@example.com', password: 'weights-analyst-password-1' };
const ADMIN = adminsPerLanguage('methodology');
/** One candidate per promotion walk (zh and en, desk and phone), each moving weight from social to development. */
const PROMOTIONS = [
  ['zh', 'desktop', 0.2],
  ['zh', 'mobile', 0.22],
  ['en', 'desktop', 0.24],
  ['en', 'mobile', 0.26],
] as const;
const candidateId = (lang: string, device: string) => `heat-e2e-${lang}-${device}`;
/** A share as the weights table writes it (one decimal, a whole number without one). */
const percent = (share: number) => `${(share * 100).toFixed(1).replace(/\.0$/, '')}%`;

beforeAll(async () => {
  own = await startOwnServer({ env: { CATALOGUE_AUTOLOAD: 'true' }, admin: [ADMIN.zh, ADMIN.en] });
  fakeHistory = await startFakeServer(
    fakeHistoryRoute(() => new Date(), { shapeOf: new Date('2026-11-25T00:00:00Z') }),
  );
  const db = own.runtime.handle.db;
  const config = loadConfig({ ...FAST_INGEST_ENV, ...fakeHistoryEnv(fakeHistory.url), LOG_LEVEL: 'silent' });
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM projects WHERE coingecko_id IS NOT NULL ORDER BY id LIMIT 30`,
  );
  await runBackfill({ db, config }, { days: 60, now: new Date(), projectIds: rows.map((r) => r.id) });
  // The promotion walks' candidates, added as an admin does (the walks promote them in turn, after the page tests).
  const actor = { id: null, email: ADMIN.en.email };
  for (const [lang, device, development] of PROMOTIONS) {
    const categoryWeights = { social: 0.4 - (development - 0.15), market: 0.35, development, news: 0.1 };
    const definition = { ...CODE_MODEL_DEFINITION, categoryWeights };
    await createCandidateModel(
      db,
      { id: candidateId(lang, device), changelog: 'Code counts more.', definition },
      actor,
      new Date(),
    );
  }
  await runEvaluation(db, { now: new Date() });
  own.runtime.cache.invalidate();
  // A premium analyst (1,000 points, as earned): the weight sliders are premium.
  const user = await insertUser(db, {
    email: ANALYST.email,
    passwordHash: await hashPassword(ANALYST.password),
    emailVerifiedAt: new Date(),
  });
  if (user) {
    await ensureProfile(db, user, {}, new Date());
    await creditPoints(db, { userId: user.id, amount: 1000, reason: 'admin.adjust', now: new Date() });
  }
}, 240_000);

afterAll(async () => {
  await fakeHistory?.close();
  await own?.close();
});

describe('the methodology page and cohort percentiles', () => {
  for (const lang of ['zh', 'en'] as Lang[]) {
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      test(`${lang} ${device}: the model, its rules and its evaluation on backfilled history`, async () => {
        await session.withPage(
          { lang, viewport, baseURL: own.baseURL },
          `methodology-${lang}-${device}`,
          async (page) => {
            const texts = RESOURCES[lang].methodology;
            await open(page, '/methodology');
            await expect(page.locator('main h1').textContent()).resolves.toBe(texts.title);
            const rows = page.locator('[data-testid="methodology-weights"] tr[data-input]');
            // The model comes in its own answer, after the page's title.
            await rows.first().waitFor();
            expect(await rows.count()).toBe(18);
            // X followers: the published 15 %, and 40 % × 30 / 100 = 12 % with every input present; refreshed weekly.
            const followers = page.locator('tr[data-input="twitterFollowers"] td');
            expect(await followers.allTextContents()).toEqual(
              expect.arrayContaining(['15%', '12%', RESOURCES[lang].provenance.sources.x]),
            );
            const rules = await page.locator('[data-testid="methodology-rules"]').textContent();
            expect(rules).toContain(texts.rules.evidence.replace('{{min}}', '2').replace('{{total}}', '17'));

            // The evaluation: trading volume has a correlation with its interval on 50+ days of backfilled history.
            const volume = page.locator('[data-testid="evaluation-table"] tr[data-outcome="volume"]');
            await volume.waitFor({ state: 'visible', timeout: 20_000 });
            const volumeText = (await volume.textContent()) ?? '';
            expect(volumeText).toMatch(/[+−]\d\.\d\d ?\[[+−]?\d\.\d\d, [+−]?\d\.\d\d\]/);
            expect(volumeText).not.toContain(texts.evaluation.notEnough);
            // Page views have no source history here: said in words, never a number.
            const pageViews = await page.locator('tr[data-outcome="pageViews"]').textContent();
            expect(pageViews).toContain(texts.evaluation.notEnough);
            await page.locator('[data-testid="correlation-chart"] canvas').waitFor({ timeout: 15_000 });
            await expect(page.locator('[data-testid="model-changelog"] li').count()).resolves.toBeGreaterThanOrEqual(1);
            const changelog = await page.locator('[data-testid="model-changelog"]').textContent();
            expect(changelog).toContain(texts.evaluation.changelog.code['heat-v2']);

            expect(
              await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            ).toBeLessThanOrEqual(0);
            expect(await findSeriousViolations(page, 'main')).toEqual([]);
            await session.screenshot(page, `methodology-${lang}-${device}`, { fullPage: true });
          },
        );
      });
    }

    test(`${lang}: the evaluation downloads as CSV`, async () => {
      const response = await fetch(`${own.baseURL}/api/methodology/evaluation?group=all&horizon=7&format=csv`);
      expect(response.headers.get('content-type')).toContain('text/csv');
      const csv = await response.text();
      expect(csv.split('\n')[0]).toContain('correlation');
      expect(csv).toContain('volume');
    });

    test(`${lang}: the project page ranks an input among its sector and market-cap band`, async () => {
      await session.withPage({ lang, viewport: MOBILE, baseURL: own.baseURL }, `cohort-${lang}`, async (page) => {
        await open(page, '/project/ethereum');
        const note = page.locator('[data-cohort="marketCapUsd"]');
        await note.waitFor({ state: 'visible', timeout: 15_000 });
        const text = (await note.textContent()) ?? '';
        const sector = lang === 'zh' ? /在 .+ 中位于第 \d+ 百分位/ : /\d+(st|nd|rd|th) percentile in \S+/;
        expect(text).toMatch(sector);
        await note.scrollIntoViewIfNeeded();
        await session.screenshot(page.locator('table:has([data-cohort])'), `cohort-${lang}`);
      });
    });
  }

  test('a premium analyst tries her own weights, ranks with them and publishes them (en, desk)', async () => {
    await session.withPage({ lang: 'en', baseURL: own.baseURL }, 'weight-lab-en', async (page) => {
      const t = RESOURCES.en.methodology.lab;
      await signIn(page, RESOURCES.en, ANALYST.email, ANALYST.password);
      await page.waitForURL((url) => url.pathname === '/');
      await open(page, '/methodology');
      const lab = page.getByTestId('weight-lab');
      await lab.waitFor();
      // All of the market cap's weight up to 50 %: the others make room and the total stays 100 %.
      await lab.locator('[data-weight="marketCapUsd"] input[type="range"]').fill('50');
      await expect(lab.getByTestId('weight-marketCapUsd').textContent()).resolves.toBe('50.0%');
      await expect(lab.getByTestId('weights-total').textContent()).resolves.toBe(t.total.replace('{{sum}}', '100.0%'));
      await lab.getByRole('button', { name: t.run }).click();
      const top = page.getByTestId('proposal-top');
      await top.waitFor({ timeout: 60_000 });
      expect(await top.locator('tbody tr').count()).toBeGreaterThan(5);
      // Each row names its rank today beside the proposal's; the evaluation compares on the same history.
      await expect(page.getByTestId('proposal-evaluation').locator('tr[data-outcome="volume"]').count()).resolves.toBe(
        1,
      );
      await session.screenshot(page, 'weight-lab-en', { fullPage: true });

      const form = page.getByTestId('save-proposal');
      await form.getByLabel(t.name).fill('Market cap first');
      await form.getByLabel(t.visibility).selectOption('public');
      await form.getByRole('button', { name: t.save }).click();
      const listed = page.getByTestId('proposal-list').locator('li', { hasText: 'Market cap first' });
      await listed.waitFor();
      expect(await listed.textContent()).toContain(t.mine);
    });
  });

  test('a visitor sees what the sliders are and is asked to sign in (zh, phone)', async () => {
    await session.withPage(
      { lang: 'zh', viewport: MOBILE, baseURL: own.baseURL },
      'weight-lab-visitor-zh',
      async (page) => {
        await open(page, '/methodology');
        const section = page.locator('section[aria-labelledby="methodology-lab"]');
        await section.locator('[data-slot="locked-feature"]').waitFor();
        expect(await section.getByTestId('weight-lab').count()).toBe(0);
        // The published proposal is listed for everyone.
        await section.getByTestId('proposal-list').locator('li', { hasText: 'Market cap first' }).waitFor();
        await section.scrollIntoViewIfNeeded();
        await session.screenshot(section, 'weight-lab-visitor-zh');
      },
    );
  });
});

describe('an admin promotes a candidate model', () => {
  for (const [lang, device, development] of PROMOTIONS) {
    test(`${lang} ${device}: admin → methodology → promote; the changelog lists the weights that moved`, async () => {
      const viewport = device === 'desktop' ? DESKTOP : MOBILE;
      const c = RESOURCES[lang];
      const a = c.admin.methodology;
      const id = candidateId(lang, device);
      await session.withPage({ lang, viewport, baseURL: own.baseURL }, `promote-${lang}-${device}`, async (page) => {
        await signIn(page, c, ADMIN[lang].email, ADMIN[lang].password);
        await page.waitForURL((url) => url.pathname === '/');
        await open(page, '/admin?tab=methodology');
        const card = page.getByTestId(`candidate-${id}`);
        await card.waitFor({ timeout: 20_000 });
        // Its weights beside the current model's, and both stored evaluations (replayed on the same history).
        expect(await card.locator('tbody tr').first().textContent()).toContain(c.heat.components.commits52w);
        await session.screenshot(page, `admin-methodology-${lang}-${device}`, { fullPage: true });

        await card.getByRole('button', { name: a.promote.replace('{{id}}', id) }).click();
        const dialog = page.getByRole('alertdialog');
        await dialog.waitFor();
        await session.screenshot(dialog, `admin-promote-confirm-${lang}-${device}`);
        await dialog.getByRole('button', { name: a.promoteConfirm }).click();
        await page.getByTestId('admin-current-model').filter({ hasText: id }).waitFor({ timeout: 20_000 });
        expect(await page.getByTestId(`candidate-${id}`).count()).toBe(0);

        // The page states the promoted model now (read from the server), not the code's built-in weights.
        await open(page, '/methodology');
        const table = page.locator(`[data-testid="methodology-weights"][data-model="${id}"]`);
        await table.waitFor({ timeout: 20_000 });
        const version = await page.getByTestId('methodology-model-version').textContent();
        expect(version).toContain(c.methodology.model.version.replace('{{version}}', id));
        const social = 0.4 - (development - 0.15);
        const followers = await table.locator('tr[data-input="twitterFollowers"] td').allTextContents();
        expect(followers[0]).toBe(percent(social * 0.3));
        const commits = await table.locator('tr[data-input="commits52w"] td').allTextContents();
        expect(commits[0]).toBe(percent((development * 5) / 15));
        // No published per-input weight: that column is the built-in model's (15 % for X followers).
        expect(followers).not.toContain('15%');
        const heading = await table.locator('tbody th[scope="rowgroup"]').first().textContent();
        expect(heading).toContain(percent(social));
        await table.scrollIntoViewIfNeeded();
        await session.screenshot(table, `methodology-promoted-weights-${lang}-${device}`);

        await open(page, '/methodology#changelog');
        const entry = page.getByTestId('model-changelog').locator('li', { hasText: id }).first();
        await entry.waitFor({ timeout: 20_000 });
        const text = (await entry.textContent()) ?? '';
        expect(text).toContain(c.methodology.evaluation.changelog.weightsMoved);
        expect(text).toContain(c.heat.components.commits52w);
        await entry.scrollIntoViewIfNeeded();
        await session.screenshot(entry, `changelog-promoted-${lang}-${device}`);
      });
    });
  }
});
