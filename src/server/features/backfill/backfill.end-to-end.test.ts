import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { runIngestCli } from '../../cli/ingest.ts';
import { queryRows } from '../../db/client.ts';
import { fakeHistoryEnv, fakeHistoryRoute } from '../../sources/testing/fake-history.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { fromHistoryContributions } from '../heat/heat.service.ts';
import { signUpPremium } from '../watchlists/watchlists.test-support.ts';

// The backfill as an operator runs it: a fresh database with the catalogue, fake sources for every history adapter, then
// `npm run ingest -- --backfill 90` (its function) twice; the history API, "why it moved", trend ranks and momentum.

describe('history backfill, end to end', () => {
  const now = new Date();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const liveDayAt = new Date(today - 10 * DAY_MS + 12 * 3_600_000); // a live run's row the backfill must keep
  let fake: FakeServer;
  let first: TestApp;
  let t: TestApp;
  let dataDir: string | undefined;
  let env: Record<string, string>;
  let premium: Agent; // 90 days of history are a premium range
  const count = async (table: 'daily_signals' | 'heat_history' | 'heat_daily_ranks') =>
    (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n;

  beforeAll(async () => {
    fake = await startFakeServer(fakeHistoryRoute(() => now));
    dataDir = process.env.TEST_DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'heatrank-backfill-'));
    const sources = { ...FAST_INGEST_ENV, ...fakeHistoryEnv(fake.url), JOBS_ENABLED: 'false' };
    first = await buildTestApp({ env: { ...sources, ...(dataDir ? { DATA_DIR: dataDir } : {}) } });
    await first.db.execute(sql`UPDATE projects SET defillama_id = '1' WHERE id = 'uniswap'`);
    await first.db.execute(sql`INSERT INTO heat_history (entity_type, entity_id, computed_at, score, model, granularity)
      VALUES ('project', 'uniswap', ${liveDayAt.toISOString()}::timestamptz, 42, 'heat-v1', 'day')`);
    env = {
      ...sources,
      LOG_LEVEL: 'silent',
      ...(first.config.DATABASE_URL ? { DATABASE_URL: first.config.DATABASE_URL } : { DATA_DIR: dataDir as string }),
    };
    await first.closeKeepingDatabase();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('fills 90 days for every project the sources know; a second run adds nothing', async () => {
    const run1 = await runIngestCli(['--backfill', '90'], env, { now: () => now });
    expect(run1.out).toMatch(/history .* \(90 days\)/);
    expect(run1.code, run1.out).toBe(0);

    const run2 = await runIngestCli(['--backfill', '90'], env, { now: () => now });
    expect(run2.code, run2.out).toBe(0);
    expect(run2.out).toMatch(/daily values: 0 new, 0 changed/);
    expect(run2.out).toMatch(/history rows: 0 new, 0 changed/);

    t = await buildTestApp({ databaseOf: first, env: { ...FAST_INGEST_ENV, ...fakeHistoryEnv(fake.url) } });
    // Every catalogue project CoinGecko knows (four market inputs a day), listed before the span: 90 daily rows.
    const short = await queryRows<{ id: string; n: number }>(
      t.db,
      sql`SELECT p.id, count(h.entity_id)::int AS n FROM projects p
        LEFT JOIN heat_history h ON h.entity_type = 'project' AND h.entity_id = p.id AND h.granularity = 'day'
        WHERE p.coingecko_id IS NOT NULL AND (p.listed_at IS NULL OR p.listed_at < ${new Date(today - 91 * DAY_MS).toISOString()}::timestamptz)
        GROUP BY p.id HAVING count(h.entity_id) <> 90`,
    );
    expect(short).toEqual([]);
    const known = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM projects WHERE coingecko_id IS NOT NULL`,
    );
    expect(known[0]?.n).toBeGreaterThan(100);
    // Sectors got their past days too, and the trend ranks every backfilled day.
    const sectorDays = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(DISTINCT computed_at)::int AS n FROM heat_history WHERE entity_type = 'sector' AND backfilled`,
    );
    expect(sectorDays[0]?.n).toBe(90);
    const rankedDays = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM heat_daily_ranks WHERE entity_type = 'project' AND entity_id = 'uniswap'`,
    );
    expect(rankedDays[0]?.n).toBe(91); // 90 backfilled days and today's (the first start's live run)
    // GitHub's daily counts are stored per day too (the methodology's development outcome), over the fetched span.
    const [commits] = await queryRows<{ days: number; last: string }>(
      t.db,
      sql`SELECT count(*)::int AS days, max(day)::text AS last FROM daily_signals
        WHERE project_id = 'uniswap' AND signal = 'commits' AND source = 'github'`,
    );
    expect(commits?.last).toBe(new Date(today - DAY_MS).toISOString().slice(0, 10)); // yesterday, never today
    expect(commits?.days).toBe(97); // 90 days and the 7 read before them
    premium = (await signUpPremium(t.app, t.db, 'backfill-premium@example.com')).agent;
  }, 300_000);

  test('the history API returns 90 daily points, backfilled ones flagged, the live day kept', async () => {
    const res = await premium.request({ method: 'GET', url: '/api/projects/uniswap/history?range=90d' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      points: { at: string; score: number; backfilled: boolean }[];
      moves: { day: Move; week: Move };
    };
    const todayDay = new Date(today).toISOString().slice(0, 10);
    const past = body.points.filter((p) => p.at.slice(0, 10) < todayDay);
    expect(past).toHaveLength(90); // one point per past day, then today's live run
    expect(new Set(past.map((p) => p.at.slice(0, 10))).size).toBe(90);
    expect(past.filter((p) => !p.backfilled)).toEqual([
      { at: liveDayAt.toISOString(), score: 42, socialScore: null, backfilled: false },
    ]);
    expect(body.points.at(-1)?.backfilled).toBe(false);
  });

  type Move = { since: string; change: number; components: { key: string; delta: number }[] } | null;

  test('"why it moved" names the real component deltas of the two backfilled days', async () => {
    const body = (await t.app.inject({ url: '/api/projects/uniswap/history?range=7d' })).json() as {
      moves: { day: Move; week: Move };
    };
    // The same rows the API compares: the newest, and the newest at least 24 h before it (a backfilled day).
    const rows = await queryRows<{ at: string; backfilled: boolean; contributions: number[] }>(
      t.db,
      sql`(SELECT computed_at AS at, backfilled, contributions FROM heat_history
          WHERE entity_type = 'project' AND entity_id = 'uniswap' ORDER BY computed_at DESC LIMIT 1)
        UNION ALL
        (SELECT computed_at, backfilled, contributions FROM heat_history
          WHERE entity_type = 'project' AND entity_id = 'uniswap'
            AND computed_at <= (SELECT max(computed_at) FROM heat_history
              WHERE entity_type = 'project' AND entity_id = 'uniswap') - interval '1 day'
          ORDER BY computed_at DESC LIMIT 1)`,
    );
    expect(rows[1]?.backfilled).toBe(true);
    const [latest, dayBefore] = rows.map((r) => fromHistoryContributions(r.contributions));
    const day = body.moves.day;
    expect(day).not.toBeNull();
    const market = day?.components.find((c) => c.key === 'market');
    expect(market?.delta).toBeCloseTo((latest?.market ?? 0) - (dayBefore?.market ?? 0), 4);
    expect(Math.abs(market?.delta ?? 0)).toBeGreaterThan(0.01);
    expect(day?.components.map((c) => c.key)).toEqual(expect.arrayContaining(['market', 'news']));
    expect(body.moves.week?.components.length).toBeGreaterThan(0);
  });

  test('momentum is the 7-day change of the stored daily prices, and the breakdown names that source', async () => {
    const [prices] = await queryRows<{ now: number; before: number }>(
      t.db,
      sql`SELECT c.value AS now, o.value AS before FROM daily_signals c
        JOIN daily_signals o ON o.project_id = c.project_id AND o.signal = 'price' AND o.day = c.day - 7
        WHERE c.project_id = 'uniswap' AND c.signal = 'price' ORDER BY c.day DESC LIMIT 1`,
    );
    const heat = (await t.app.inject({ url: '/api/projects/uniswap/heat' })).json() as {
      breakdown: { key: string; raw: number | null }[];
      sources: Record<string, { source: string }>;
    };
    const momentum = heat.breakdown.find((e) => e.key === 'priceChange7dPct');
    expect(momentum?.raw).toBeCloseTo(((prices?.now ?? 0) / (prices?.before ?? 1) - 1) * 100, 6);
    expect(heat.sources.priceChange7dPct?.source).toBe('coingecko-history');
  });

  test('the sector trend works from day one on backfilled history', async () => {
    const [sector] = await queryRows<{ id: string }>(
      t.db,
      sql`SELECT s.id FROM sectors s JOIN projects p ON p.category = s.name WHERE p.id = 'uniswap'`,
    );
    const res = await premium.request({ method: 'GET', url: `/api/sectors/${sector?.id}/history?range=90d` });
    const body = res.json() as { points: { backfilled: boolean }[]; moves: { day: Move } };
    expect(body.points.length).toBe(91);
    expect(body.points.filter((p) => p.backfilled)).toHaveLength(90);
    expect(body.moves.day?.components.length).toBeGreaterThan(0);
    expect(await count('daily_signals')).toBeGreaterThan(0);
  });
});
