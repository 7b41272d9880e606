import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { ALL_JOBS } from '../src/server/jobs/registry.ts';
import { createScheduler } from '../src/server/jobs/scheduler.ts';
import type { JobContext } from '../src/server/runs/job.ts';
import { openRuntime } from '../src/server/runtime.ts';
import { type FakeRoute, type FakeServer, startFakeServer } from '../src/server/sources/testing/fake-server.ts';
import { pgliteTemplate } from '../src/server/test/pglite-template.ts';
import { SyncStatusResponseSchema } from '../src/shared/api/sync.schema.ts';
import { en, zh } from '../src/shared/locales/index.ts';
import { findSeriousViolations } from './support/axe.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';
import { E2E_WEB_DIR } from './support/global-setup.ts';

// /status said 所有系统运行正常 while the hourly CoinGecko job failed every request. Each scenario starts
// its own server (in-memory PGlite, jobs off, the built web app) and runs the REAL ingestion jobs through the
// scheduler against a local fake API: one that answers 500 to everything, one that answers valid (empty) data.

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const LOCALES = { zh, en } as const;

type Instance = { url: string; fake: FakeServer; close: () => Promise<void> };

async function startInstance(route: FakeRoute, catalogue: boolean, jobs: string[]): Promise<Instance> {
  const fake = await startFakeServer(route);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    DATA_DIR: 'memory://',
    CATALOGUE_AUTOLOAD: catalogue ? 'true' : 'false',
    WEB_DIST_DIR: E2E_WEB_DIR,
    DEFILLAMA_BASE_URL: fake.url,
    COINGECKO_BASE_URL: fake.url,
    GITHUB_BASE_URL: fake.url,
    DISCORD_BASE_URL: fake.url,
    TELEGRAM_BASE_URL: fake.url,
    X_BASE_URL: fake.url,
    GDELT_BASE_URL: fake.url,
    WIKIMEDIA_BASE_URL: fake.url,
    REDDIT_AUTH_URL: fake.url,
    REDDIT_BASE_URL: fake.url,
    GDELT_PAUSE_MS: '0',
    REDDIT_PAUSE_MS: '0',
    INGEST_TIMEOUT_MS: '2000',
    INGEST_MAX_RETRIES: '1',
    INGEST_RETRY_BASE_MS: '1',
    INGEST_MAX_WAIT_MS: '100',
    INGEST_SOCIAL_PAUSE_MS: '0',
  });
  const runtime = await openRuntime(config, { pgliteDataDump: pgliteTemplate() });
  const deps = {
    config,
    db: runtime.handle.db,
    dbKind: runtime.handle.kind,
    events: runtime.events,
    mailer: runtime.mailer,
  };
  const app = await buildApp({ ...deps, cache: runtime.cache }, { logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const ctx: JobContext = { ...deps, cache: runtime.cache, now: () => new Date() };
  const scheduler = createScheduler(ALL_JOBS, ctx, silent);
  for (const job of jobs) await scheduler.runNow(job);
  return {
    url,
    fake,
    close: async () => {
      await app.close();
      await runtime.close();
      await fake.close();
    },
  };
}

async function fetchSyncStatus(url: string) {
  const response = await fetch(new URL('/api/sync/status', url));
  return SyncStatusResponseSchema.parse(await response.json());
}

const session = launchFileBrowser();

describe('a source that failed every request', () => {
  let instance: Instance;

  beforeAll(async () => {
    // The built-in catalogue (projects with CoinGecko ids), CoinGecko answering 500 to everything, as on the day.
    instance = await startInstance(() => ({ status: 500, body: {} }), true, ['ingest-market']);
  }, 120_000);
  afterAll(() => instance?.close());

  test('is recorded as failed: /api/sync/status counts it and names the error', async () => {
    const status = await fetchSyncStatus(instance.url);

    expect(instance.fake.requests.some((r) => r.path === '/coins/markets')).toBe(true);
    expect(status.health).toBe('failed');
    expect(status.metrics.failedSyncs).toBeGreaterThanOrEqual(1);
    expect(status.jobs.find((j) => j.job === 'ingest-market')?.lastStatus).toBe('failed');
    const coingecko = status.sources.find((s) => s.source === 'coingecko');
    expect(coingecko).toMatchObject({ state: 'failing', lastStatus: 'failed', lastSuccessAt: null });
    expect(coingecko?.lastError?.message).toMatch(/HTTP 500/);
  });

  describe.each(['zh', 'en'] as const)('/status in %s', (lang: Lang) => {
    const texts = LOCALES[lang].pages.status;

    test('says the sync failed (not "all systems operational"), which source, why, and what is unconfigured', async () => {
      // zh in the light theme, en in the dark one (as routes.e2e.ts), each checked by axe.
      const theme = lang === 'zh' ? 'light' : 'dark';
      const context = await session.newContext({ lang, theme, baseURL: instance.url, viewport: DESKTOP });
      const page = await context.newPage();
      try {
        await open(page, '/status');
        const headline = page.locator('[data-health]');
        await page.locator('[data-health="failed"]').waitFor();

        expect(await headline.textContent()).toBe(texts.headline.failed);
        expect(await page.locator('main').textContent()).not.toContain(texts.ok);
        const problems = page.getByTestId('status-problems');
        expect(await problems.textContent()).toContain(LOCALES[lang].ingestion.sources.coingecko);
        const card = page.locator('li[data-source="coingecko"]');
        expect(await card.getAttribute('data-state')).toBe('failing');
        expect(await card.textContent()).toContain('HTTP 500');
        expect(await card.textContent()).toContain(texts.sourceState.failing);
        const telegram = page.locator('li[data-source="telegram"]');
        expect(await telegram.getAttribute('data-state')).toBe('unconfigured');
        expect(await telegram.textContent()).toContain('TELEGRAM_BOT_TOKEN');
        expect(await page.locator('li[data-source="x"]').textContent()).toContain('SECRET_KEY');
        const reddit = page.locator('li[data-source="reddit"]');
        expect(await reddit.getAttribute('data-state')).toBe('unconfigured');
        expect(await reddit.textContent()).toContain('REDDIT_CLIENT_SECRET');
        expect(await page.locator('li[data-job="ingest-market"]').textContent()).toContain(texts.runStatus.failed);
        expect(await findSeriousViolations(page, 'main')).toEqual([]);
        await session.screenshot(page, `status-failed-${lang}-${theme}`, { fullPage: true });

        await page.setViewportSize(MOBILE);
        await page.waitForTimeout(100);
        await expectNoSidewaysScroll(page, MOBILE.width);
        await session.screenshot(page, `status-failed-${lang}-390`, { fullPage: true });
        await session.screenshot(page, `status-failed-${lang}-390-top`);
        await session.screenshot(card, `status-failed-${lang}-390-coingecko`);
      } finally {
        await context.close();
      }
    });
  });
});

describe('every configured source synced', () => {
  let instance: Instance;

  beforeAll(async () => {
    // No catalogue: each source answers a valid, empty list, so every ingestion job really runs and succeeds.
    const answers: Record<string, unknown> = {
      '/protocols': [],
      '/v2/chains': [],
      '/coins/markets': [],
      '/search/trending': { coins: [] },
      '/raises': { raises: [] },
    };
    instance = await startInstance(
      ({ path }) => (path in answers ? { body: answers[path] } : { status: 404, body: {} }),
      false,
      [
        'ingest-discovery',
        'ingest-market',
        'ingest-developer',
        'ingest-social',
        'ingest-news',
        'ingest-search-interest',
        'ingest-reddit',
        'ingest-fundamentals',
      ],
    );
  }, 120_000);
  afterAll(() => instance?.close());

  test.each(['zh', 'en'] as const)('/status in %s says all systems operational', async (lang: Lang) => {
    const status = await fetchSyncStatus(instance.url);
    expect(status.health).toBe('operational');
    expect(status.metrics.failedSyncs).toBe(0);
    const context = await session.newContext({ lang, baseURL: instance.url });
    const page = await context.newPage();
    try {
      await open(page, '/status');
      await page.locator('[data-health="operational"]').waitFor();

      expect(await page.locator('[data-health]').textContent()).toBe(LOCALES[lang].pages.status.ok);
      expect(await page.locator('li[data-source="coingecko"]').getAttribute('data-state')).toBe('ok');
      expect(await page.locator('li[data-source="telegram"]').getAttribute('data-state')).toBe('unconfigured');
      expect(await page.locator('li[data-source="gdelt"]').getAttribute('data-state')).toBe('ok');
      expect(await page.locator('li[data-source="wikipedia"]').getAttribute('data-state')).toBe('ok');
      expect(await page.locator('li[data-source="reddit"]').getAttribute('data-state')).toBe('unconfigured');
      expect(await findSeriousViolations(page, 'main')).toEqual([]);
      await session.screenshot(page, `status-operational-${lang}`, { fullPage: true });
    } finally {
      await context.close();
    }
  });
});
