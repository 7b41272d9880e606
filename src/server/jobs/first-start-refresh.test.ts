import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projects, syncRuns } from '../db/schema/index.ts';
import { SAMPLE_SOURCE } from '../features/catalogue/catalogue.data.ts';
import { FIRST_START_REFRESH_JOB } from '../runs/job-names.ts';
import { isScheduled } from '../runs/job-schedule.ts';
import { FAST_INGEST_ENV, type FakeRequest, type FakeServer, startFakeServer } from '../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { firstStartRefreshJob } from './first-start-refresh.job.ts';

// On a fresh database the server starts a market and TVL refresh in the background after the
// catalogue loads, once; with unreachable sources it fails quietly and the sample values stay marked sample.
const market = (id: string, cap: number) => ({
  id,
  symbol: id,
  name: id,
  current_price: cap / 1e7,
  market_cap: cap,
  total_volume: cap / 10,
  price_change_percentage_24h: 2.5,
  price_change_percentage_7d_in_currency: -1,
  last_updated: new Date().toISOString(),
});
const UNISWAP = {
  id: '2198',
  name: 'Uniswap',
  symbol: 'UNI',
  url: 'https://uniswap.org',
  slug: 'uniswap',
  category: 'Dexes',
  chains: ['Ethereum'],
  gecko_id: 'uniswap',
  tvl: 3_000_000_000,
};

function route({ path }: FakeRequest) {
  if (path === '/llama/protocols') return { body: [UNISWAP] };
  if (path === '/cg/coins/markets') return { body: [market('bitcoin', 1.9e12), market('uniswap', 4.1e9)] };
  if (path === '/cg/search/trending') return { body: { coins: [], nfts: [], categories: [] } };
  if (path.startsWith('/cg/coins/')) return { body: { id: path.split('/').pop(), links: {} } };
  return { status: 404, body: { error: 'not found' } };
}

const runsOf = (t: TestApp) => t.db.select().from(syncRuns).where(eq(syncRuns.job, FIRST_START_REFRESH_JOB));
const project = async (t: TestApp, id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0];

/** Waits until the refresh's row is finished (it runs in the background after the app is ready). */
async function finishedRuns(t: TestApp, expected: number) {
  for (let i = 0; i < 1200; i++) {
    const rows = await runsOf(t);
    if (rows.length >= expected && rows.every((r) => r.status !== 'running')) return rows;
    await sleep(50);
  }
  throw new Error(`the first-start refresh did not finish: ${JSON.stringify(await runsOf(t))}`);
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function startApp(env: Record<string, string>, options: { databaseOf?: TestApp; log?: string[] } = {}) {
  const lines = options.log;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines?.push(String(chunk));
      done();
    },
  });
  // A restart needs the database to outlive the app: PGlite on disk (PostgreSQL keeps its test database anyway).
  const dataDir: Record<string, string> = {};
  if (!options.databaseOf) dataDir.DATA_DIR = mkdtempSync(join(tmpdir(), 'first-start-'));
  dirs.push(...Object.values(dataDir));
  return buildTestApp({
    env: { ...FAST_INGEST_ENV, JOBS_ENABLED: 'true', FIRST_START_REFRESH: 'true', ...dataDir, ...env },
    jobs: [firstStartRefreshJob], // only this job: no timers of the scheduled ones
    logger: lines ? { level: 'info', stream } : false,
    databaseOf: options.databaseOf,
  });
}

describe('first start goes live', () => {
  let fake: FakeServer;
  let sources: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeServer(route);
    sources = { COINGECKO_BASE_URL: `${fake.url}/cg`, DEFILLAMA_BASE_URL: `${fake.url}/llama` };
  });
  afterAll(() => fake.close());

  test('is a start-up-only job, off in tests unless asked for', async () => {
    expect(isScheduled(firstStartRefreshJob)).toBe(false);
    const t = await buildTestApp({ catalogue: false });
    expect(t.config.FIRST_START_REFRESH).toBe(false);
    await t.close();
  });

  test('a fresh database: the refresh runs once in the background; values carry the real source and as-of', async () => {
    const t = await startApp(sources);
    // Startup did not wait for it: the catalogue is there at once, still marked sample.
    expect((await project(t, 'bitcoin'))?.metricSources.marketCap?.source).toBeDefined();

    const [run] = await finishedRuns(t, 1);
    expect(run).toMatchObject({ trigger: 'startup', status: 'success' });
    const sourceRuns = await t.db.select().from(syncRuns).where(eq(syncRuns.trigger, 'startup'));
    expect(sourceRuns.map((r) => r.job).sort()).toEqual([
      FIRST_START_REFRESH_JOB,
      'ingest:coingecko',
      'ingest:defillama',
    ]);
    const bitcoin = await project(t, 'bitcoin');
    expect(bitcoin?.marketCap).toBe(1.9e12);
    expect(bitcoin?.metricSources.marketCap).toMatchObject({ source: 'coingecko' });
    expect(bitcoin?.metricSources.marketCap?.sample).toBeUndefined();
    expect(Date.parse(bitcoin?.metricSources.marketCap?.asOf ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const uniswap = await project(t, 'uniswap');
    expect(uniswap).toMatchObject({ tvl: 3_000_000_000, marketCap: 4.1e9 });
    expect(uniswap?.metricSources.tvl).toMatchObject({ source: 'defillama' });
    // A project neither fake source knows keeps its catalogue value, still marked sample.
    expect((await project(t, 'ethereum'))?.metricSources.marketCap).toMatchObject({
      source: SAMPLE_SOURCE,
      sample: true,
    });

    // A second start on the same database does not run it again.
    await t.closeKeepingDatabase();
    const again = await startApp(sources, { databaseOf: t });
    await sleep(300);
    expect(await runsOf(again)).toHaveLength(1);
    await again.close();
  }, 180_000);

  test('unreachable sources: it fails quietly (logged, recorded), the samples stay sample; the next start retries', async () => {
    const log: string[] = [];
    const down = { COINGECKO_BASE_URL: 'http://127.0.0.1:9/cg', DEFILLAMA_BASE_URL: 'http://127.0.0.1:9/llama' };
    const t = await startApp(down, { log });

    const [run] = await finishedRuns(t, 1);
    expect(run?.status).toBe('failed');
    expect(run?.errors.join(' ')).toMatch(/coingecko|defillama/);
    // The run row is written before the scheduler logs the failure: on a busy machine the line comes a moment later.
    await expect
      .poll(() => log.some((line) => line.includes(FIRST_START_REFRESH_JOB) && line.includes('job failed')), {
        timeout: 5_000,
      })
      .toBe(true);
    const bitcoin = await project(t, 'bitcoin');
    expect(bitcoin?.metricSources.marketCap).toMatchObject({ source: SAMPLE_SOURCE, sample: true });
    expect(bitcoin?.metricSources.marketCap?.stale).toBeUndefined();

    // Not done yet, so the next start (sources back) tries again, and succeeds.
    await t.closeKeepingDatabase();
    const again = await startApp(sources, { databaseOf: t });
    const runs = await finishedRuns(again, 2);
    expect(runs.map((r) => r.status).sort()).toEqual(['failed', 'success']);
    expect((await project(again, 'bitcoin'))?.metricSources.marketCap).toMatchObject({ source: 'coingecko' });
    await again.close();
  }, 180_000);
});
