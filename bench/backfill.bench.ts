import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { createDb, queryRows } from '../src/server/db/client.ts';
import { runBackfill } from '../src/server/features/backfill/backfill.service.ts';
import { recomputePastDays } from '../src/server/features/heat/past-days.service.ts';
import { recomputeHeat } from '../src/server/features/heat/recompute.service.ts';
import { seedSynthetic } from '../src/server/features/synthetic/synthetic.service.ts';
import { fakeHistoryEnv, fakeHistoryRoute } from '../src/server/sources/testing/fake-history.ts';
import { FAST_INGEST_ENV, startFakeServer } from '../src/server/sources/testing/fake-server.ts';
import { DAY_MS } from '../src/shared/time/duration.ts';

export type BackfillBenchRow = Record<string, string | number>;

/**
 * The history backfill at `count` projects × `days` days against fake sources on loopback (one local server answering
 * all five history APIs; every project known to every source): the whole run (fetch, store, past-day recompute, trend
 * ranks, momentum), the second run (nothing to fetch, nothing written), one past day's recompute alone, and the live
 * recompute before and after (its history grew by the backfill). Target: the whole run < 60 s.
 */
export async function benchBackfill(kind: 'pglite' | 'postgres', target: string, count = 1_000, days = 90) {
  const now = new Date();
  const fake = await startFakeServer(fakeHistoryRoute(() => now));
  const config = loadConfig({
    ...FAST_INGEST_ENV,
    ...fakeHistoryEnv(fake.url),
    INGEST_TIMEOUT_MS: '10000',
    ...(kind === 'pglite' ? { DATA_DIR: target } : { DATABASE_URL: target }),
  });
  const handle = await createDb(config, { role: 'bench' });
  const rows: BackfillBenchRow[] = [];
  try {
    const { db } = handle;
    await seedSynthetic(db, { count, seed: 7, now });
    await db.execute(sql`UPDATE projects SET coingecko_id = id, defillama_id = id, github_orgs = ARRAY[id],
      wikipedia_titles = jsonb_build_object('en', name), listed_at = ${new Date(now.getTime() - 400 * DAY_MS).toISOString()}::timestamptz`);
    const live = await timed(() => recomputeHeat(db, { now }));
    const first = await timed(() => runBackfill({ db, config }, { days, now }));
    const second = await timed(() => runBackfill({ db, config }, { days, now }));
    const [values] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM daily_signals`);
    const day = first.result.toDay;
    await db.execute(
      sql`DELETE FROM heat_history WHERE backfilled AND computed_at >= ${day}::date::timestamp AT TIME ZONE 'UTC'`,
    );
    const oneDay = await timed(() => recomputePastDays(db, { fromDay: day, toDay: day }));
    const liveAfter = await timed(() => recomputeHeat(db, { now: new Date(now.getTime() + 5 * 60_000) }));
    const base = { database: kind, projects: count, days };
    const pairs = Object.values(first.result.sources).reduce((n, t) => n + t.done, 0);
    rows.push({
      ...base,
      run: 'backfill, first run',
      ms: first.ms,
      detail: `${pairs} source calls ok, ${values?.n} daily values, ${first.result.history.historyInserted} history rows; fetch+store ${first.result.timingsMs.fetch} ms, past days ${first.result.timingsMs.recompute} ms (${Object.entries(
        first.result.history.timingsMs,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}), ${first.result.errors.length} errors`,
      target: '< 60,000 ms',
    });
    rows.push({
      ...base,
      run: 'backfill, second run',
      ms: second.ms,
      detail: `${second.result.values.inserted + second.result.values.updated} values and ${second.result.history.historyInserted + second.result.history.historyUpdated} history rows written`,
      target: 'writes nothing',
    });
    rows.push({
      ...base,
      days: 1,
      run: 'recompute of one past day',
      ms: oneDay.ms,
      detail: `${oneDay.result.historyInserted} rows`,
      target: '',
    });
    rows.push({
      ...base,
      days: 0,
      run: 'live recompute, before backfill',
      ms: live.ms,
      detail: `${live.result.historyRows} history rows`,
      target: 'unchanged',
    });
    rows.push({
      ...base,
      days: 0,
      run: 'live recompute, after backfill',
      ms: liveAfter.ms,
      detail: `${liveAfter.result.historyRows} history rows`,
      target: 'unchanged',
    });
    return rows;
  } finally {
    await handle.close();
    await fake.close();
  }
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: Math.round(performance.now() - started) };
}
