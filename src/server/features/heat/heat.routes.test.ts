import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  HistoryResponseSchema,
  ProjectHeatResponseSchema,
  SyncStatusResponseSchema,
} from '../../../shared/api/heat.schema.ts';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import { queryRows } from '../../db/client.ts';
import { syncRuns } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { getProjectHeat } from './heat.service.ts';
import { recomputeHeat } from './recompute.service.ts';

let t: TestApp;
const sum = (entries: { contribution: number }[]) => entries.reduce((s, e) => s + e.contribution, 0);

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await insertSector(t.db, { id: 'defi', name: 'DeFi' });
  await insertProject(t.db, {
    id: 'uniswap',
    category: 'DeFi',
    followersTwitter: 1_200_000,
    mentions7d: 4_000,
    engagementAvg: 80,
    marketCap: 6e9,
    volume24h: 2e8,
    priceChange24h: 3.2,
    devStars: 4_000,
    isVerified: true,
    listedAt: new Date('2020-09-17T00:00:00Z'),
    metricSources: { marketCap: { source: 'coingecko', asOf: '2026-11-21T10:00:00.000Z' } },
  });
  await insertProject(t.db, { id: 'quiet', category: 'DeFi' });
  // A week of runs, every 6 hours, ending now; the market cap climbs so the history moves.
  const now = Date.now();
  for (let h = 7 * 24; h >= 0; h -= 6) {
    await t.db.execute(sql`UPDATE projects SET market_cap = ${6e9 + (7 * 24 - h) * 1e8} WHERE id = 'uniswap'`);
    await recomputeHeat(t.db, { now: new Date(now - h * HOUR_MS) });
  }
});
afterAll(() => t.close());

describe('GET /api/projects/:id/heat', () => {
  test('explains the stored score: same score, contributions sum to it, missing signals say "no data"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/uniswap/heat' });

    expect(res.statusCode).toBe(200);
    const body = ProjectHeatResponseSchema.parse(res.json());
    const [stored] = await queryRows<{ heat_score: number; social_score: number }>(
      t.db,
      sql`SELECT heat_score, social_score FROM project_scores WHERE project_id = 'uniswap'`,
    );
    expect(body.score).toBe(stored?.heat_score);
    expect(body.socialScore).toBe(stored?.social_score);
    expect(sum(body.breakdown)).toBeCloseTo(body.score ?? Number.NaN, 9);
    expect(body).toMatchObject({ scored: true, evidence: { count: 7, total: 17, min: 2, sources: ['coingecko'] } });
    expect(sum(body.socialBreakdown)).toBeCloseTo(body.socialScore ?? 0, 9);
    expect(body.breakdown.find((e) => e.key === 'newsMentions')).toMatchObject({ noData: true, contribution: 0 });
    expect(body.categories.news).toBeNull();
    expect(body.model).toBe('heat-v2');
    expect(body.computedAt).not.toBeNull();
    expect(body.previewReason).toBeNull();
    expect(body.sources.marketCapUsd?.source).toBe('coingecko');
  });

  // Was "the neutral 50, marked noData": since the minimum evidence rule a project without data has no
  // score at all, and the route says so instead of presenting the model's neutral default.
  test('a project without any signal is not scored: score and status null, evidence 0 of 17', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/quiet/heat' });

    const body = ProjectHeatResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      scored: false,
      score: null,
      socialScore: null, // no social profile read: "no data", not the formula's base 50
      status: null,
      noData: true,
      evidence: { count: 0, total: 17, min: 2, signals: [], sources: [] },
      categories: { social: null, market: null, development: null, news: null },
    });
    expect(body.breakdown.every((e) => e.contribution === 0 && e.effectiveWeight === 0)).toBe(true);
    expect(body.breakdown.some((e) => e.key === 'neutral')).toBe(false); // no 50 to explain
  });

  test('a project with one signal is not scored either, and shows which input it has', async () => {
    await insertProject(t.db, {
      id: 'single',
      category: 'DeFi',
      marketCap: 5e8,
      metricSources: { marketCap: { source: 'catalogue-sample', asOf: '2025-06-30T00:00:00.000Z', sample: true } },
    });
    await recomputeHeat(t.db, { now: new Date(Date.now() + 1000) });

    const body = ProjectHeatResponseSchema.parse((await t.app.inject({ url: '/api/projects/single/heat' })).json());

    expect(body).toMatchObject({ scored: false, score: null, previewReason: null, noData: false });
    expect(body.evidence).toMatchObject({ count: 1, signals: ['marketCapUsd'], sources: ['catalogue-sample'] });
    expect(body.breakdown.find((e) => e.key === 'marketCapUsd')).toMatchObject({ raw: 5e8, contribution: 0 });
  });

  test('before the first recompute the breakdown is a preview with computedAt null', async () => {
    await insertProject(t.db, { id: 'fresh', category: 'DeFi', followersTwitter: 20_000 });

    const res = await t.app.inject({ method: 'GET', url: '/api/projects/fresh/heat' });

    const body = ProjectHeatResponseSchema.parse(res.json());
    expect(body).toMatchObject({ computedAt: null, previewReason: 'not-computed', scored: false, score: null });
    expect(sum(body.breakdown)).toBe(0);
  });

  test('404 PROJECT_NOT_FOUND for an unknown project', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/nope/heat' });

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PROJECT_NOT_FOUND');
  });
});

describe('GET /api/projects/:id/history', () => {
  test('returns the points of the range, oldest first, and why it moved over 24 h and 7 d', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/uniswap/history?range=7d' });

    expect(res.statusCode).toBe(200);
    const body = HistoryResponseSchema.parse(res.json());
    expect(body).toMatchObject({ id: 'uniswap', range: '7d', bucketSeconds: 3600 });
    expect(body.points.length).toBeGreaterThanOrEqual(28);
    const times = body.points.map((p) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(body.moves.day?.change).toBeGreaterThan(0);
    expect(body.moves.day?.components[0]?.key).toBe('market'); // the market cap moved it
    const moved = body.moves.day?.components.reduce((s, c) => s + c.delta, 0) ?? 0;
    expect(moved).toBeCloseTo(body.moves.day?.change ?? Number.NaN, 4); // float4 history
    expect(body.moves.week).not.toBeNull();
  });

  // 90 days and a year (daily buckets) are premium's: membership/tier-promises.routes.test.ts reads them per level.
  test('defaults to 7d and accepts 30d', async () => {
    for (const [url, bucket] of [
      ['/api/projects/uniswap/history', 3600],
      ['/api/projects/uniswap/history?range=30d', 14400],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });

      expect(HistoryResponseSchema.parse(res.json()).bucketSeconds).toBe(bucket);
    }
  });

  test('400 VALIDATION_FAILED for an unknown range', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/uniswap/history?range=2y' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  test('404 for an unknown project', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/nope/history' });

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PROJECT_NOT_FOUND');
  });
});

describe('GET /api/sectors/:id/history', () => {
  test('returns sector points and moves whose components sum to the change', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sectors/DEFI/history?range=30d' });

    expect(res.statusCode).toBe(200);
    const body = HistoryResponseSchema.parse(res.json());
    expect(body.id).toBe('defi');
    expect(body.points.length).toBeGreaterThan(0);
    const day = body.moves.day;
    expect(day).not.toBeNull();
    expect(day?.components.reduce((s, c) => s + c.delta, 0)).toBeCloseTo(day?.change ?? Number.NaN, 9);
    expect(day?.components.map((c) => c.key)).toContain('heat.market');
  });

  test('404 SECTOR_NOT_FOUND for an unknown sector', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sectors/nope/history' });

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SECTOR_NOT_FOUND');
  });
});

describe('GET /api/sync/status', () => {
  test('reports the spec sync state from the sync log: last sync, counts, the last 3 errors', async () => {
    const base = Date.parse('2026-11-21T10:00:00Z');
    const row = (job: string, minutes: number, status: 'success' | 'failed', errors: string[] = []) => ({
      job,
      trigger: 'schedule' as const,
      status,
      startedAt: new Date(base + minutes * 60_000),
      finishedAt: new Date(base + minutes * 60_000 + 1_500),
      durationMs: 1_500,
      errors,
    });
    await t.db
      .insert(syncRuns)
      .values([
        row('heat', 0, 'success'),
        row('heat', 5, 'failed', ['database went away']),
        row('ingest:coingecko', 6, 'failed', ['coingecko: HTTP 500', 'coingecko: timeout']),
        row('ingest-market', 7, 'success'),
        row('heat', 10, 'success'),
      ]);
    await t.db.insert(syncRuns).values({ job: 'heat', status: 'running', startedAt: new Date(Date.now() - 1000) });

    const res = await t.app.inject({ method: 'GET', url: '/api/sync/status' });

    expect(res.statusCode).toBe(200);
    const body = SyncStatusResponseSchema.parse(res.json());
    expect(body.lastSync).toBe('2026-11-21T10:10:01.500Z');
    expect(body.syncInProgress).toBe(true);
    expect(body.metrics).toEqual({
      totalSyncs: 4,
      successfulSyncs: 3,
      partialSyncs: 0,
      failedSyncs: 1,
      lastSyncDuration: 1500,
      // The 3 successes are internal work; the one outside source that ran never answered.
      external: { total: 1, successful: 0, partial: 0, failed: 1, lastSuccessAt: null },
      internal: { total: 3, successful: 2, partial: 0, failed: 1, lastSuccessAt: '2026-11-21T10:10:01.500Z' },
    });
    expect(body.errors.map((e) => e.message)).toEqual([
      'coingecko: HTTP 500',
      'coingecko: timeout',
      'database went away',
    ]);
    expect(
      body.jobs
        .filter((j) => j.lastRunAt !== null)
        .map((j) => j.job)
        .sort(),
    ).toEqual(['heat', 'ingest-market']);
  });
});

describe('GET /api/projects/:id/heat after its signals changed', () => {
  test('is a preview made now (previewReason inputs-changed) until the next run stores the new score', async () => {
    await insertProject(t.db, { id: 'mover', category: 'DeFi', followersTwitter: 5_000, marketCap: 1e8 });
    const runAt = new Date(Date.now() + 60_000);
    await recomputeHeat(t.db, { now: runAt });
    await t.db.execute(sql`UPDATE projects SET followers_twitter = 500000 WHERE id = 'mover'`);
    const storedScore = async () =>
      (
        await queryRows<{ heat_score: number }>(
          t.db,
          sql`SELECT heat_score FROM project_scores WHERE project_id = 'mover'`,
        )
      )[0]?.heat_score;

    const res = await t.app.inject({ method: 'GET', url: '/api/projects/mover/heat' });

    const body = ProjectHeatResponseSchema.parse(res.json());
    expect(body).toMatchObject({ computedAt: null, previewReason: 'inputs-changed' });
    expect(body.score).toBeGreaterThan((await storedScore()) ?? Number.POSITIVE_INFINITY);
    expect(sum(body.breakdown)).toBeCloseTo(body.score ?? Number.NaN, 9);

    const nextRun = new Date(runAt.getTime() + 5 * 60_000);
    await recomputeHeat(t.db, { now: nextRun });
    const after = await getProjectHeat(t.db, 'mover', new Date());
    expect(after).toMatchObject({ computedAt: nextRun.toISOString(), previewReason: null, score: await storedScore() });
  });
});
