import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DataStateResponseSchema } from '../../../shared/api/data-state.schema.ts';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import { syncRuns } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// With no source reachable every market figure was the catalogue sample, yet the home page said "Live
// statistics". GET /api/data-state tells the web what the figures rest on, from the database alone.

const SAMPLE_AS_OF = '2025-06-30T00:00:00.000Z';

async function dataState(t: TestApp) {
  t.cache.invalidate(); // each case changes the sync log directly, without the events a real run publishes
  const res = await t.app.inject({ url: '/api/data-state' });
  expect(res.statusCode).toBe(200);
  return DataStateResponseSchema.parse(res.json());
}

/** A finished ingestion run of `source` that wrote data, `agoMs` before now. */
async function insertSourceRun(t: TestApp, source: string, agoMs: number, status: 'success' | 'failed' = 'success') {
  const at = new Date(Date.now() - agoMs);
  await t.db.insert(syncRuns).values({
    job: `ingest:${source}`,
    trigger: 'schedule',
    status,
    startedAt: at,
    finishedAt: at,
    durationMs: 100,
    counts: { requested: 1, succeeded: status === 'success' ? 1 : 0, failed: status === 'failed' ? 1 : 0, skipped: 0 },
    errors: status === 'failed' ? ['coingecko: HTTP 500'] : [],
  });
}

describe('GET /api/data-state on the built-in catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(); // the catalogue is loaded and no source has ever run
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(syncRuns);
  });

  test('a sample-only instance says its figures are the sample as of 2025-06-30 and no source was reached', async () => {
    const state = await dataState(t);

    expect(state.figures).toBe('sample');
    expect(state.figuresAsOf).toBe(SAMPLE_AS_OF);
    expect(state.sample?.asOf).toBe(SAMPLE_AS_OF);
    expect(state.sample?.projects).toBeGreaterThan(50);
    expect(state.sources.map((s) => s.source)).not.toContain('catalogue');
    expect(state.sources.find((s) => s.source === 'coingecko')).toMatchObject({ state: 'never', lastSuccessAt: null });
    expect(state.sources.every((s) => s.state === 'never')).toBe(true);
  });

  test('failed runs reach nothing: the figures stay the sample', async () => {
    await insertSourceRun(t, 'coingecko', 5 * 60_000, 'failed');

    const state = await dataState(t);

    expect(state.figures).toBe('sample');
    expect(state.sources.find((s) => s.source === 'coingecko')?.state).toBe('never');
  });

  test('a fresh CoinGecko run makes the figures live, with its time', async () => {
    await insertSourceRun(t, 'coingecko', 10 * 60_000);
    await insertSourceRun(t, 'github', 3 * HOUR_MS);

    const state = await dataState(t);

    expect(state.figures).toBe('live');
    const coingecko = state.sources.find((s) => s.source === 'coingecko');
    expect(coingecko).toMatchObject({ state: 'live', windowHours: 2 });
    expect(state.figuresAsOf).toBe(coingecko?.lastSuccessAt);
    expect(state.sources.find((s) => s.source === 'github')).toMatchObject({ state: 'live', windowHours: 48 });
    expect(state.sources.find((s) => s.source === 'x')?.state).toBe('never');
  });

  test('a CoinGecko run older than its window (2 hours) is stale, and so are the figures', async () => {
    await insertSourceRun(t, 'coingecko', 3 * HOUR_MS);
    await insertSourceRun(t, 'coingecko', 4 * HOUR_MS);
    await insertSourceRun(t, 'defillama', 3 * 24 * HOUR_MS);

    const state = await dataState(t);

    expect(state.figures).toBe('stale');
    expect(Date.parse(state.figuresAsOf ?? '')).toBeGreaterThan(Date.now() - 3 * HOUR_MS - 60_000);
    expect(state.sources.find((s) => s.source === 'coingecko')?.state).toBe('stale');
    expect(state.sources.find((s) => s.source === 'defillama')?.state).toBe('stale');
  });

  test('the answer is cached and served with an ETag', async () => {
    const first = await t.app.inject({ url: '/api/data-state' });
    const again = await t.app.inject({ url: '/api/data-state', headers: { 'if-none-match': first.headers.etag } });

    expect(first.headers.etag).toBeTruthy();
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/data-state on an empty instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('no sample and no source: the figures are none', async () => {
    const state = await dataState(t);

    expect(state).toMatchObject({ figures: 'none', figuresAsOf: null, sample: null });
  });
});

describe('GET /api/data-state across instances', () => {
  // An on-disk PGlite migrates from scratch (no in-memory template): slow on a loaded machine.
  test('another instance on the same database gives the same answer: nothing is held in the process', {
    timeout: 120_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-state-'));
    const first = await buildTestApp({ env: { DATA_DIR: dataDir } });
    await insertSourceRun(first, 'coingecko', 5 * 60_000);
    expect((await dataState(first)).figures).toBe('live');

    // PostgreSQL: two live instances; PGlite (one process per data directory): the same directory after a restart.
    const together = first.handle.kind === 'postgres';
    if (!together) await first.closeKeepingDatabase();
    const second = await buildTestApp({ databaseOf: first });
    const state = await dataState(second);

    expect(state.figures).toBe('live');
    expect(state.sources.find((s) => s.source === 'coingecko')?.state).toBe('live');
    if (together) await first.closeKeepingDatabase();
    await second.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
