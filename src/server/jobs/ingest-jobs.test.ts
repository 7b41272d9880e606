import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projects, syncRuns } from '../db/schema/index.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { insertProject } from '../test/factories.ts';
import { marketJob } from './ingest-market.job.ts';
import { INGESTION_JOBS } from './registry.ts';

let t: TestApp;
let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeServer(({ path }) =>
    path === '/coins/markets'
      ? { body: [{ id: 'aave', current_price: 182.41, market_cap: 2.7e9, total_volume: 2.3e8 }] }
      : { status: 500, body: {} },
  );
  t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, COINGECKO_BASE_URL: fake.url } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

test('every job has a name and exactly one of everyMs or cron', () => {
  for (const job of INGESTION_JOBS) {
    expect(job.name).toMatch(/^ingest-/);
    expect(Number(job.everyMs !== undefined) + Number(job.cron !== undefined)).toBe(1);
  }
  expect(INGESTION_JOBS.map((j) => j.name)).toEqual([
    'ingest-discovery',
    'ingest-market',
    'ingest-developer',
    'ingest-social',
    'ingest-news',
    'ingest-search-interest',
    'ingest-reddit',
    'ingest-fundamentals',
  ]);
});

test('the market job runs CoinGecko through the service, records the run and reports counts and errors', async () => {
  await insertProject(t.db, { id: 'aave', coingeckoId: 'aave' });

  const outcome = await marketJob.run(t.jobContext());

  // The market page answered; the trending list and the link lookup got 500: partial, not "success" (a run that lost
  // part of its sources says so).
  expect(outcome.status).toBe('partial');
  expect(outcome.counts).toMatchObject({
    'coingecko.updated': 1,
    'coingecko.requested': 3,
    'coingecko.succeeded': 1,
    'coingecko.failed': 2,
    'sources.partial': 1,
  });
  expect(outcome.errors.join()).toMatch(/trending: coingecko: HTTP 500/);
  const [row] = await t.db.select().from(projects).where(eq(projects.id, 'aave'));
  expect(row?.price).toBe(182.41);
  const [run] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'ingest:coingecko'));
  expect(run).toMatchObject({ trigger: 'schedule', status: 'partial' });
});
