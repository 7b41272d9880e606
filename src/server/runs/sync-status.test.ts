import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SyncStatusResponseSchema } from '../../shared/api/sync.schema.ts';
import { projects, socialApiAccounts, syncRuns } from '../db/schema/index.ts';
import { runIngestionSource } from '../features/ingestion/ingestion.service.ts';
import { ALL_JOBS, JOB_CATALOGUE } from '../jobs/registry.ts';
import { createScheduler } from '../jobs/scheduler.ts';
import { FAST_INGEST_ENV, type FakeRoute, type FakeServer, startFakeServer } from '../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { insertProject } from '../test/factories.ts';
import { getSyncStatus } from './sync-status.ts';

// The hourly CoinGecko job failed every request and was recorded as a success (failedSyncs 0), and /status
// said "all systems normal". A run is now failed when its source failed every request, partial when some failed.

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;
let fake: FakeServer;
let answer: FakeRoute = () => ({ status: 500, body: {} });

beforeAll(async () => {
  fake = await startFakeServer((request) => answer(request));
  t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, COINGECKO_BASE_URL: fake.url } });
  await insertProject(t.db, { id: 'aave', coingeckoId: 'aave' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(async () => {
  await t.db.delete(syncRuns);
  await t.db.delete(socialApiAccounts);
});

async function runMarketJob() {
  return createScheduler(ALL_JOBS, t.jobContext(), silent).runNow('ingest-market');
}

async function syncStatus() {
  const res = await t.app.inject({ method: 'GET', url: '/api/sync/status' });
  expect(res.statusCode).toBe(200);
  return SyncStatusResponseSchema.parse(res.json());
}

const source = (body: Awaited<ReturnType<typeof syncStatus>>, name: string) => {
  const found = body.sources.find((s) => s.source === name);
  if (!found) throw new Error(`no source ${name}`);
  return found;
};

describe.each([500, 429])('CoinGecko answering %i to every request', (status) => {
  test('the run is recorded as failed, and /api/sync/status shows the failure', async () => {
    answer = () => ({ status, body: {} });

    const result = await runMarketJob();

    expect(result).toMatchObject({ ran: true, status: 'failed' });
    const [job] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'ingest-market'));
    expect(job?.status).toBe('failed');
    expect(job?.errors.join('\n')).toMatch(new RegExp(`coingecko: .*HTTP ${status}`));
    const [row] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'ingest:coingecko'));
    expect(row?.status).toBe('failed');
    expect(row?.counts).toMatchObject({ requested: 3, succeeded: 0, failed: 3, skipped: 0 });

    const body = await syncStatus();
    expect(body.metrics.failedSyncs).toBeGreaterThanOrEqual(1);
    expect(body.health).toBe('failed');
    expect(body.jobs.find((j) => j.job === 'ingest-market')?.lastStatus).toBe('failed');
    const coingecko = source(body, 'coingecko');
    expect(coingecko).toMatchObject({ state: 'failing', lastStatus: 'failed', configured: true, lastSuccessAt: null });
    expect(coingecko.lastTally).toEqual({ requested: 3, succeeded: 0, failed: 3, skipped: 0 });
    expect(coingecko.lastError?.message).toMatch(new RegExp(`HTTP ${status}`));
  });
});

test('a run in which some requests failed is partial, with its counts', async () => {
  answer = ({ path }) =>
    path === '/coins/markets'
      ? { body: [{ id: 'aave', current_price: 182.41, market_cap: 2.7e9, total_volume: 2.3e8 }] }
      : { status: 500, body: {} };

  const result = await runMarketJob();

  expect(result).toMatchObject({ ran: true, status: 'partial' });
  const [row] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'ingest:coingecko'));
  // One market page succeeded; the trending list and the link lookup failed.
  expect(row).toMatchObject({ status: 'partial', counts: { requested: 3, succeeded: 1, failed: 2, skipped: 0 } });
  const [job] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'ingest-market'));
  expect(job).toMatchObject({ status: 'partial', counts: { 'coingecko.succeeded': 1, 'coingecko.failed': 2 } });

  const body = await syncStatus();
  expect(body.metrics).toMatchObject({ totalSyncs: 1, successfulSyncs: 0, partialSyncs: 1, failedSyncs: 0 });
  expect(body.health).toBe('degraded');
  const coingecko = source(body, 'coingecko');
  expect(coingecko.state).toBe('partial');
  expect(coingecko.lastSuccessAt).not.toBeNull();
  expect(coingecko.lastError?.message).toMatch(/HTTP 500/);
});

test('unconfigured sources are reported as such, with what to set', async () => {
  const body = await syncStatus();

  expect(source(body, 'telegram')).toMatchObject({
    state: 'unconfigured',
    configured: false,
    setting: { name: 'TELEGRAM_BOT_TOKEN', required: true, set: false },
  });
  // SECRET_KEY is set (FAST_INGEST_ENV) but no X account exists.
  expect(source(body, 'x')).toMatchObject({
    state: 'unconfigured',
    configured: false,
    setting: { name: 'X_ACCOUNTS', required: true, set: false },
  });
  expect(source(body, 'coingecko')).toMatchObject({
    configured: true,
    setting: { name: 'COINGECKO_API_KEY', required: false, set: false },
  });
  expect(source(body, 'discord')).toMatchObject({ configured: true, setting: null, state: 'never-run' });
  // The attention sources: GDELT and Wikipedia need no key; Reddit needs the app's client credentials.
  expect(source(body, 'gdelt')).toMatchObject({ configured: true, setting: null, jobs: ['full-sync', 'ingest-news'] });
  expect(source(body, 'wikipedia')).toMatchObject({ configured: true, setting: null });
  expect(source(body, 'reddit')).toMatchObject({
    state: 'unconfigured',
    configured: false,
    setting: { name: 'REDDIT_CLIENT_ID', required: true, set: false },
  });
  // Jobs are off in tests: no next run, and a source that never ran will not run by itself.
  expect(body.jobsEnabled).toBe(false);
  expect(source(body, 'discord').nextRunAt).toBeNull();
  expect(body.health).toBe('degraded');
});

test('X with an active account is configured', async () => {
  await t.db.insert(socialApiAccounts).values({ label: 'main', bearerTokenEnc: 'v1.x' });

  expect(source(await syncStatus(), 'x')).toMatchObject({ configured: true, state: 'never-run' });
});

test('each source reports the projects holding its values, how many are stale, and its newest value', async () => {
  await insertProject(t.db, {
    id: 'sampled',
    metricSources: {
      marketCap: { source: 'catalogue-sample', asOf: '2025-06-30T00:00:00.000Z', sample: true },
      tvl: { source: 'defillama', asOf: '2026-11-20T03:15:00.000Z', stale: true },
    },
  });
  try {
    const body = await syncStatus();

    expect(source(body, 'catalogue')).toMatchObject({
      state: 'sample',
      configured: true,
      projects: 1,
      staleProjects: 0,
      dataAsOf: '2025-06-30T00:00:00.000Z',
      stale: false,
    });
    expect(source(body, 'defillama')).toMatchObject({
      projects: 1,
      staleProjects: 1,
      dataAsOf: '2026-11-20T03:15:00.000Z',
    });
  } finally {
    await t.db.delete(projects).where(eq(projects.id, 'sampled'));
  }
});

test('no secret reaches the public status: a Telegram error naming the bot token is redacted', async () => {
  const token = '123456:secret-bot-token';
  const config = { ...t.config, TELEGRAM_BOT_TOKEN: token, TELEGRAM_BASE_URL: fake.url };
  answer = () => ({ raw: '<html>not json</html>' });
  await insertProject(t.db, { id: 'chatty', telegramUrl: 'https://t.me/chatty' });
  try {
    const result = await runIngestionSource({ db: t.db, config }, 'telegram', 'manual');
    expect(result.failed).toBe(true);
    // The client no longer names the token (requestJson quoted the path of the malformed answer)…
    const [row] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'ingest:telegram'));
    expect(row?.errors.join('\n')).toMatch(/invalid JSON from \/bot<token>\/getChatMemberCount/);
    // …and the status redacts configured secrets from any stored message (rows written before the fix).
    await t.db
      .insert(syncRuns)
      .values({ job: 'ingest:telegram', status: 'failed', startedAt: new Date(), errors: [`x ${token}`] });

    const body = await getSyncStatus({ db: t.db, config, jobs: JOB_CATALOGUE }, new Date());

    expect(JSON.stringify(body)).not.toContain('secret-bot-token');
    expect(source(body, 'telegram').lastError?.message).toBe('x <redacted>');
    expect(body.errors.map((e) => e.message)).toContain(
      'chatty: telegram: invalid JSON from /bot<token>/getChatMemberCount',
    );
  } finally {
    await t.db.delete(projects).where(eq(projects.id, 'chatty'));
  }
});

test('Reddit with both client credentials is configured, and its secret never reaches the public status', async () => {
  const config = { ...t.config, REDDIT_CLIENT_ID: 'reddit-id', REDDIT_CLIENT_SECRET: 'reddit-app-secret' };
  await t.db
    .insert(syncRuns)
    .values({ job: 'ingest:reddit', status: 'failed', startedAt: new Date(), errors: ['token: reddit-app-secret'] });

  const body = await getSyncStatus({ db: t.db, config, jobs: JOB_CATALOGUE }, new Date());

  expect(source(body, 'reddit')).toMatchObject({
    configured: true,
    state: 'failing',
    setting: { name: 'REDDIT_CLIENT_ID', required: true, set: true },
  });
  expect(JSON.stringify(body)).not.toContain('reddit-app-secret');
  const half = await getSyncStatus(
    { db: t.db, config: { ...config, REDDIT_CLIENT_SECRET: undefined }, jobs: JOB_CATALOGUE },
    new Date(),
  );
  expect(source(half, 'reddit')).toMatchObject({ configured: false, state: 'unconfigured' });
});

/** A sync_runs row of a scheduled run of `job` that finished `minutesAgo` before `at`, after one second. */
const finishedRunsAt =
  (at: Date) => (job: string, minutesAgo: number, status: 'success' | 'failed' | 'partial' | 'skipped') => ({
    job,
    status,
    trigger: 'schedule' as const,
    startedAt: new Date(at.getTime() - minutesAgo * 60_000 - 1000),
    finishedAt: new Date(at.getTime() - minutesAgo * 60_000),
    durationMs: 1000,
  });

describe('with the scheduler on', () => {
  const at = new Date('2026-11-24T05:50:00Z');
  const deps = () => ({ db: t.db, config: { ...t.config, JOBS_ENABLED: true }, jobs: JOB_CATALOGUE });
  const finished = finishedRunsAt(at);
  const configuredSources = [
    'defillama',
    'coingecko',
    'github',
    'discord',
    'gdelt',
    'wikipedia',
    'chains',
    'raises',
    'logos',
  ];

  test('everything ran and is fresh: operational, with each next run from the registry', async () => {
    await t.db
      .insert(syncRuns)
      .values([
        ...configuredSources.map((s) => finished(`ingest:${s}`, 30, 'success')),
        finished('ingest:telegram', 30, 'skipped'),
        finished('ingest-market', 30, 'success'),
        finished('heat', 2, 'success'),
      ]);

    const body = await getSyncStatus(deps(), at);

    expect(body.health).toBe('operational');
    expect(body.jobsEnabled).toBe(true);
    expect(source(body, 'coingecko')).toMatchObject({
      state: 'ok',
      stale: false,
      nextRunAt: '2026-11-24T06:00:00.000Z',
    });
    // GitHub runs in ingest-developer (04:30) and full-sync (02:30): the earlier of the two next runs.
    expect(source(body, 'github').nextRunAt).toBe('2026-11-25T02:30:00.000Z');
    expect(source(body, 'telegram').state).toBe('unconfigured');
    // News every 15 minutes; search interest daily at 05:20; Reddit hourly at :40 (unconfigured here, still scheduled).
    expect(source(body, 'gdelt').nextRunAt).toBe('2026-11-24T06:00:00.000Z');
    expect(source(body, 'wikipedia').nextRunAt).toBe('2026-11-25T02:30:00.000Z');
    expect(source(body, 'reddit')).toMatchObject({ state: 'unconfigured', nextRunAt: '2026-11-24T06:40:00.000Z' });
    expect(body.jobs.find((j) => j.job === 'heat')?.nextRunAt).toBe('2026-11-24T05:55:00.000Z');
  });

  test('a source without a success for over twice its refresh interval is stale, and the instance degraded', async () => {
    await t.db
      .insert(syncRuns)
      .values([
        ...configuredSources.map((s) => finished(`ingest:${s}`, s === 'coingecko' ? 3 * 60 : 30, 'success')),
        finished('heat', 2, 'success'),
      ]);

    const body = await getSyncStatus(deps(), at);

    expect(source(body, 'coingecko')).toMatchObject({ state: 'stale', stale: true });
    expect(source(body, 'defillama')).toMatchObject({ state: 'ok', stale: false });
    expect(body.health).toBe('degraded');
  });

  test('before the first runs: pending, each configured source waiting for its next run', async () => {
    const body = await getSyncStatus(deps(), at);

    expect(body.health).toBe('pending');
    expect(source(body, 'defillama')).toMatchObject({ state: 'never-run', nextRunAt: '2026-11-25T02:30:00.000Z' });
    expect(body.jobs.every((j) => j.nextRunAt !== null)).toBe(true);
  });

  test('a failed job (not an ingestion source) also fails the instance', async () => {
    await t.db
      .insert(syncRuns)
      .values([...configuredSources.map((s) => finished(`ingest:${s}`, 30, 'success')), finished('heat', 2, 'failed')]);

    expect((await getSyncStatus(deps(), at)).health).toBe('failed');
  });
});

// The popover read 成功 83 (healthy) on an instance where no outside source had ever answered: every
// success was internal work (heat every 5 minutes). The counts are now split, and such an instance is not healthy.
describe('external source runs are counted apart from internal jobs', () => {
  const at = new Date('2026-11-24T05:50:00.000Z');
  const run = finishedRunsAt(at);

  test('83 heat runs and no source that ever answered: external 0 successful, and the instance is not operational', async () => {
    await t.db
      .insert(syncRuns)
      .values([
        ...Array.from({ length: 83 }, (_, i) => run('heat', 5 * i + 1, 'success')),
        run('ingest-market', 30, 'failed'),
        run('ingest:coingecko', 30, 'failed'),
        run('ingest:defillama', 40, 'failed'),
        run('ingest:telegram', 40, 'skipped'),
      ]);

    const body = SyncStatusResponseSchema.parse(
      await getSyncStatus({ db: t.db, config: t.config, jobs: JOB_CATALOGUE }, at),
    );

    expect(body.metrics.internal).toMatchObject({ total: 83, successful: 83, failed: 0 });
    expect(body.metrics.internal.lastSuccessAt).toBe(new Date(at.getTime() - 60_000).toISOString());
    // The job-level ingest-market row only wraps its source row: counted once, as external.
    expect(body.metrics.external).toEqual({ total: 2, successful: 0, partial: 0, failed: 2, lastSuccessAt: null });
    expect(body.health).not.toBe('operational');
  });

  test('a source that answered once is counted as an external success, with its time', async () => {
    await t.db
      .insert(syncRuns)
      .values([
        run('heat', 1, 'success'),
        run('ingest:coingecko', 30, 'partial'),
        run('ingest:defillama', 90, 'success'),
      ]);

    const body = await getSyncStatus({ db: t.db, config: t.config, jobs: JOB_CATALOGUE }, at);

    expect(body.metrics.external).toMatchObject({ total: 2, successful: 1, partial: 1, failed: 0 });
    expect(body.metrics.external.lastSuccessAt).toBe(new Date(at.getTime() - 30 * 60_000).toISOString());
    expect(body.metrics.internal).toMatchObject({ total: 1, successful: 1 });
  });
});
