import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { recomputeHeat } from '../src/server/features/heat/recompute.service.ts';
import { en, zh } from '../src/shared/locales/index.ts';
import { DAY_MS } from '../src/shared/time/duration.ts';
import { authenticateInPage } from './support/accounts.ts';
import { expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { control } from './support/control-server.ts';
import { launchFileBrowser, SCREENSHOTS_WANTED } from './support/file-browser.ts';
import { type OwnServer, startOwnServer } from './support/own-server.ts';
import { fillTemplate } from './support/text.ts';

// AI analysis in the browser: a premium user reads a project's analysis panel (a brief whose cited numbers
// link to the rows they come from, movers, risk flags, similar projects); a free user and a visitor see the summary
// and the premium notice, and no brief is asked for; /analytics shows movers, rotation and anomalies; the home page
// the daily market brief. The e2e server has no model configured: every brief is the template brief, and says so.
// 90 days of backfilled history for one project (the control port, as e2e/backfill.e2e.ts does) and a burst of
// attention for it (as e2e/attention.e2e.ts writes, then a recompute) give it a score, 24 h and 7 d moves with their
// drivers, an anomaly and a risk flag, and the sectors a share of heat 7 days ago (rotation). Every brief states the
// kind and age of its inputs (here the catalogue sample), and with no model no title promises AI. A server of its own
// with three days of history shows /analytics saying what fills in after how long.
const LOCALES = { zh, en } as const;
const BRIEF_TIMEOUT = 30_000;

const session = launchFileBrowser();
let young: OwnServer;
let projectId: string;

beforeAll(async () => {
  // The backfilled project: a breakdown (the rows citations link to), 24 h and 7 d moves, similar projects.
  projectId = ((await control(inject('controlUrl'), '/backfill?days=90')) as { id: string }).id;
  await control(inject('controlUrl'), `/attention?project=${projectId}`);
  // A young instance: the catalogue and two heat runs three days apart, no model.
  young = await startOwnServer({ env: { CATALOGUE_AUTOLOAD: 'true' } });
  await recomputeHeat(young.runtime.handle.db, { now: new Date(Date.now() - 3 * DAY_MS) });
  await recomputeHeat(young.runtime.handle.db, { now: new Date() });
}, 180_000);

afterAll(() => young?.close());

function withPage(
  lang: Lang,
  name: string,
  run: (page: Page) => Promise<void>,
  viewport: { width: number; height: number } = { width: 1440, height: 900 },
  baseURL?: string,
) {
  return session.withPage({ lang, viewport, baseURL }, `analysis-${name}-${lang}`, run);
}

type DataState = { figures: string; figuresAsOf: string };

/** Every request for a brief the page makes (a free user and a visitor must make none for a project). */
function recordBriefRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/analysis\/.+\/brief/.test(request.url())) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

/**
 * `<dir>/<name>.png` of one element, cut from a full-page shot: the sticky navbar stays at the top of the page instead
 * of covering the element (an element shot of something taller than the viewport scrolls under it). Skipped where no
 * one will look (E2E_SCREENSHOTS=0), as session.screenshot is; the element must still be there.
 */
async function screenshotElement(page: Page, locator: Locator, name: string): Promise<void> {
  // At the top of the page the sticky bar sits above the content, and the box is in page coordinates.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name}: the element is not visible`);
  if (!SCREENSHOTS_WANTED) return;
  await page.screenshot({ path: resolve(session.dir, `${name}.png`), fullPage: true, clip: box });
}

/** The document is no wider than the screen (nothing forces a sideways scroll of the page). */

/** True when the element's box lies within the viewport. */
const inViewport = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe.each(['zh', 'en'] as const)('AI analysis in the browser (%s)', (lang) => {
  const t = LOCALES[lang];
  const a = t.analysis;

  test('a premium user sees the panel: a template brief whose citations link to rows on the page, movers, risk flags and similar projects', async () => {
    const premium = inject('premium')[lang];
    await withPage(lang, 'premium', async (page) => {
      await open(page, '/');
      await authenticateInPage(page, 'sign-in', premium.email, premium.password);
      await open(page, `/project/${projectId}`);
      const panel = page.locator('[data-slot="analysis-panel"]');
      // No model configured: the titles promise no AI.
      await panel.getByRole('heading', { name: a.panel.titleNoModel, exact: true }).waitFor();
      const brief = panel.locator('[data-brief-state="done"]');
      await brief.waitFor({ timeout: BRIEF_TIMEOUT });
      expect(await panel.locator('[data-analysis-locked]').count()).toBe(0);

      // No model in the e2e server: the template brief, and the page says why.
      expect(await brief.getAttribute('data-brief-origin')).toBe('template');
      await brief.getByText(a.brief.template, { exact: true }).waitFor();
      await brief.getByText(a.brief.fallback.noModel).waitFor();

      // The brief states its inputs: the catalogue sample, its date and age, above the text and as its first sentence
      // (the age a citation); it never calls a sample's heat "current".
      const state = await page.evaluate(async () => (await (await fetch('/api/data-state')).json()) as DataState);
      expect(state.figures).toBe('sample');
      const age = Math.floor((Date.now() - Date.parse(state.figuresAsOf)) / DAY_MS);
      const inputsLine = (await brief.locator('[data-brief-inputs="sample"]').textContent()) ?? '';
      expect(inputsLine).toContain(String(age));
      const opening = (await brief.locator('[data-brief-text]').textContent()) ?? '';
      expect(
        opening.startsWith(
          lang === 'zh'
            ? `以下依据内置样本数据（距今 ${age} 天）`
            : `This rests on the built-in sample data, ${age} days old`,
        ),
      ).toBe(true);
      expect(opening).not.toContain('当前');
      await brief.locator('[data-brief-text] [data-fact="inputs.ageDays"]').waitFor();
      // What the table does not show, each number cited: the sector median, its own 30-day range.
      await brief.locator('[data-brief-text] a[data-fact="context.sectorMedian"]').waitFor();
      await brief.locator('[data-brief-text] a[data-fact="context.range30d.high"]').waitFor();

      // Each cited number links to an element of this page and names its source in its title.
      const citations = brief.locator('[data-brief-text] a[data-fact]');
      expect(await citations.count()).toBeGreaterThan(0);
      await page.locator('[id^="breakdown-"]').first().waitFor();
      const sourcePrefix = a.brief.citation.split('{{')[0] ?? '';
      for (const link of await citations.all()) {
        const href = (await link.getAttribute('href')) ?? '';
        expect(href).toMatch(/^#[\w-]+$/);
        expect(await page.locator(href).count(), href).toBe(1);
        expect(await link.getAttribute('title')).toContain(sourcePrefix);
      }

      // The brief cites the project's largest breakdown contributions: a citation INSIDE the brief links to its row of
      // the heat breakdown table; clicking it scrolls the row into view and highlights it.
      const rowCitations = brief.locator('[data-brief-text] a[data-fact^="breakdown."][href^="#breakdown-"]');
      expect(await rowCitations.count()).toBeGreaterThanOrEqual(2);
      const cited = rowCitations.first();
      const rowId = ((await cited.getAttribute('href')) ?? '').slice(1);
      expect(await cited.getAttribute('data-fact')).toBe(`breakdown.${rowId.slice('breakdown-'.length)}.contribution`);
      const row = page.locator(`tr[id="${rowId}"]`);
      expect(await row.count()).toBe(1);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await inViewport(row)).toBe(false);
      await cited.click();
      await expect.poll(() => inViewport(row)).toBe(true);
      await page.locator(`tr[id="${rowId}"][data-cited]`).waitFor();
      // The brief names components in words, never by their keys.
      const briefText = (await brief.locator('[data-brief-text]').textContent()) ?? '';
      expect(briefText).not.toMatch(/\b(24h|7d|30d|development|social)\b/);
      // A risk flag's links to breakdown rows (if it has any) point at rows of this page too.
      for (const link of await panel.locator('[data-risk-flag] a[href^="#breakdown-"]').all()) {
        const href = (await link.getAttribute('href')) ?? '';
        expect(await page.locator(`tr[id="${href.slice(1)}"]`).count(), href).toBe(1);
      }
      await session.screenshot(page, `analysis-citation-${lang}`);

      // Movers, risk flags and similar projects, each a section of the panel; similar projects link to their pages.
      for (const title of [a.brief.titleNoModel, a.movers.title, a.anomalies.title, a.risk.title, a.similar.title]) {
        await panel.getByRole('heading', { name: title, exact: true }).waitFor();
      }
      // The 24 h and 7 d moves, each with the components that drove it.
      for (const window of ['day', 'week']) {
        const mover = panel.locator(`[data-mover][data-window="${window}"]`);
        await mover.waitFor();
        expect(await mover.getByRole('list', { name: a.movers.drivers }).locator('li').count()).toBeGreaterThan(0);
      }
      expect(await panel.locator('[data-risk-flag]').count()).toBeGreaterThan(0);
      const similar = panel.locator('[data-similar] a');
      expect(await similar.count()).toBeGreaterThan(0);
      for (const link of await similar.all()) expect(await link.getAttribute('href')).toMatch(/^\/project\//);
      await panel.scrollIntoViewIfNeeded();
      await screenshotElement(page, panel, `analysis-panel-premium-${lang}`);

      // The project's sector page: the sector's panel with its brief, its projects' moves and flags.
      const sectorId = await page.evaluate(
        async (id) => ((await (await fetch(`/api/projects/${id}`)).json()) as { sectorId: string | null }).sectorId,
        projectId,
      );
      expect(sectorId).toBeTruthy();
      await open(page, `/sectors/${sectorId}`);
      const sectorPanel = page.locator('[data-slot="analysis-panel"]');
      await sectorPanel.getByRole('heading', { name: a.panel.sectorTitleNoModel, exact: true }).waitFor();
      await sectorPanel.locator('[data-brief-state="done"]').waitFor({ timeout: BRIEF_TIMEOUT });
      await sectorPanel.locator('[data-brief-inputs="sample"]').waitFor();
      await sectorPanel.locator('[data-analysis-summary]').waitFor();
      expect(await sectorPanel.locator('[data-analysis-locked]').count()).toBe(0);
      expect(await sectorPanel.locator(`[data-mover="${projectId}"]`).count()).toBeGreaterThan(0);
      await screenshotElement(page, sectorPanel, `analysis-sector-premium-${lang}`);
    });
  });

  test('a free user sees the summary and the premium notice, and no brief is asked for', async () => {
    await withPage(lang, 'free', async (page) => {
      const briefRequests = recordBriefRequests(page);
      await open(page, '/');
      await authenticateInPage(
        page,
        'sign-up',
        `e2e-analysis-free-${lang}-${Date.now()}@example.com`,
        'e2e-password-42',
      );
      await open(page, `/project/${projectId}`);
      const panel = page.locator('[data-slot="analysis-panel"]');
      await panel.locator('[data-analysis-summary]').waitFor();
      const locked = panel.locator('[data-slot="locked-feature"]');
      await locked.getByText(t.errors.FEATURE_LOCKED).waitFor();
      await locked.getByRole('link', { name: t.app.locked.upgrade }).waitFor();
      await panel.getByText(a.panel.lockedTextNoModel).waitFor();
      expect(await panel.locator('[data-brief-state]').count()).toBe(0);
      expect(await panel.locator('[data-analysis-summary] dt').allTextContents()).toEqual(
        expect.arrayContaining([a.summary.heat, a.summary.anomalies, a.summary.riskFlags, a.summary.topRisk]),
      );
      expect(briefRequests.filter((path) => path.includes('/project/'))).toEqual([]);
      await panel.scrollIntoViewIfNeeded();
      await screenshotElement(page, panel, `analysis-panel-free-${lang}`);
    });
  });

  test('a visitor sees the summary and a sign-in prompt instead of the full panel', async () => {
    await withPage(lang, 'visitor', async (page) => {
      const briefRequests = recordBriefRequests(page);
      await open(page, `/project/${projectId}`);
      const panel = page.locator('[data-slot="analysis-panel"]');
      await panel.locator('[data-analysis-summary]').waitFor();
      await panel.locator('[data-slot="locked-feature"][data-lock="signIn"]').waitFor();
      expect(await panel.locator('[data-brief-state]').count()).toBe(0);
      expect(briefRequests.filter((path) => path.includes('/project/'))).toEqual([]);
    });
  });

  test('/analytics shows the market brief, movers, rotation and anomalies', async () => {
    await withPage(lang, 'analytics', async (page) => {
      await open(page, '/analytics');
      expect(await page.locator('main h1').textContent()).toBe(a.page.title);
      // No model: no wording promises model-written analysis.
      await page.getByText(a.page.subtitle, { exact: true }).waitFor();
      await page.locator('[data-slot="market-brief-subtitle"]').getByText(a.brief.marketSubtitleNoModel).waitFor();
      // 90 days of history: every section is filled, none says it is waiting for history.
      expect(await page.locator('[data-history-need]').count()).toBe(0);
      expect(await page.title()).toContain(a.page.title);
      const movers = page.locator('[data-slot="market-movers"]');
      await movers.getByRole('heading', { name: a.movers.marketTitle }).waitFor();
      for (const window of [a.movers.day, a.movers.week]) {
        await movers.getByRole('heading', { name: window, exact: true }).waitFor();
      }
      expect(await movers.locator('[data-mover]').count()).toBeGreaterThan(0);
      const rotation = page.locator('[data-slot="rotation"]');
      await rotation.getByRole('heading', { name: a.rotation.title }).waitFor();
      expect(await rotation.locator('li[data-rotation]').count()).toBeGreaterThan(1);
      const anomalies = page.locator('[data-slot="market-anomalies"]');
      await anomalies.getByRole('heading', { name: a.anomalies.title }).waitFor();
      expect(await anomalies.locator('li[data-anomaly]').count()).toBeGreaterThan(0);
      // Every block says where its numbers come from.
      expect(await page.locator('main [data-analysis-source]').count()).toBeGreaterThanOrEqual(3);
      const brief = page.locator('[data-slot="market-brief"] [data-brief-state="done"]');
      await brief.waitFor({ timeout: BRIEF_TIMEOUT });
      expect(await brief.getAttribute('data-brief-origin')).toBe('template');
      // The market brief cites movers and rotation: each citation points at its section on this page.
      const citations = brief.locator('[data-brief-text] a[data-fact]');
      expect(await citations.count()).toBeGreaterThan(0);
      for (const link of await citations.all()) {
        const href = (await link.getAttribute('href')) ?? '';
        expect(await page.locator(href).count(), href).toBe(1);
      }
      await session.screenshot(page, `analysis-analytics-${lang}`, { fullPage: true });
    });
  });

  test('/analytics on a young instance says what fills in after how long', async () => {
    await withPage(
      lang,
      'young',
      async (page) => {
        await open(page, '/analytics');
        await page.locator('[data-slot="market-brief"] [data-brief-state="done"]').waitFor({ timeout: BRIEF_TIMEOUT });
        // Three days of history: the 7-day movers, the rotation and the anomalies each say they need seven.
        const needs = fillTemplate(a.history.needs, { needed: 7, days: 3 });
        for (const slot of ['market-movers', 'rotation', 'market-anomalies']) {
          await page.locator(`[data-slot="${slot}"] [data-history-need="7"]`).getByText(needs).waitFor();
        }
        expect(await page.locator('[data-history-need]').count()).toBe(3);
        await page.locator('[data-slot="market-brief"] [data-brief-inputs="sample"]').waitFor();
        await session.screenshot(page, `analysis-analytics-young-${lang}`, { fullPage: true });
      },
      undefined,
      young.baseURL,
    );
  });

  test('the home page shows the daily market brief (the spinner while it streams, then the template, saying so) and the top anomalies', async () => {
    await withPage(lang, 'home', async (page) => {
      // The stream is held back a moment: meanwhile the card shows the spinner and the spec's loading line.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/analysis\/market\/brief\/stream/, async (route) => {
        await held;
        await route.continue();
      });
      await open(page, '/');
      const card = page.locator('[data-slot="market-brief"]');
      await card.getByRole('heading', { name: a.brief.marketTitle }).waitFor();
      const streaming = card.locator('[data-brief-state="streaming"][role="status"]');
      await streaming.getByText(t.app.loading.subtitlePending).waitFor();
      await screenshotElement(page, card, `analysis-brief-streaming-${lang}`);
      release();
      const brief = card.locator('[data-brief-state="done"]');
      await brief.waitFor({ timeout: BRIEF_TIMEOUT });
      await brief.getByText(a.brief.fallback.noModel).waitFor();
      expect((await brief.locator('[data-brief-text]').textContent())?.length ?? 0).toBeGreaterThan(0);
      // Its citations lead to /analytics, where the cited movers and rotation are.
      for (const link of await brief.locator('[data-brief-text] a[data-fact]').all()) {
        expect(await link.getAttribute('href')).toMatch(/^\/analytics#[\w-]+$/);
      }
      const anomalies = page.locator('[data-slot="top-anomalies"]');
      await anomalies.getByRole('heading', { name: a.anomalies.topTitle }).waitFor();
      const top = await anomalies.locator('li[data-anomaly]').count();
      expect(top).toBeGreaterThan(0);
      expect(top).toBeLessThanOrEqual(5);
      await page.locator('[data-slot="market-highlights"]').scrollIntoViewIfNeeded();
      await screenshotElement(page, page.locator('[data-slot="market-highlights"]'), `analysis-home-${lang}`);
    });
  });

  test('390 px: the premium panel and /analytics fit the phone', async () => {
    const premium = inject('premium')[lang];
    await withPage(
      lang,
      'mobile',
      async (page) => {
        await open(page, '/');
        await authenticateInPage(page, 'sign-in', premium.email, premium.password);
        await open(page, `/project/${projectId}`);
        const panel = page.locator('[data-slot="analysis-panel"]');
        await panel.locator('[data-brief-state="done"]').waitFor({ timeout: BRIEF_TIMEOUT });
        await panel.locator('[data-brief-inputs="sample"]').waitFor();
        await expectNoSidewaysScroll(page, MOBILE.width);
        await panel.scrollIntoViewIfNeeded();
        await screenshotElement(page, panel, `analysis-panel-390-${lang}`);

        await open(page, '/analytics');
        await page.locator('[data-slot="market-brief"] [data-brief-state="done"]').waitFor({ timeout: BRIEF_TIMEOUT });
        await page.locator('[data-slot="rotation"]').waitFor();
        await expectNoSidewaysScroll(page, MOBILE.width);
        await session.screenshot(page, `analysis-analytics-390-${lang}`, { fullPage: true });
      },
      MOBILE,
    );
  });
});
