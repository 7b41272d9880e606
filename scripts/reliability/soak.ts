import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { refreshTableStatistics } from '../../src/server/db/maintenance.ts';
import { KEEP_HOURLY_MS, KEEP_RUNS_MS } from '../../src/server/features/heat/retention.service.ts';
import { seedSynthetic } from '../../src/server/features/synthetic/synthetic.service.ts';
import { createOwnDatabase } from '../../src/server/reliability/two-instances.checks.ts';
import { openRuntime } from '../../src/server/runtime.ts';
import { FAST_INGEST_ENV, type FakeRoute, startFakeServer } from '../../src/server/sources/testing/fake-server.ts';
import { withIntervals } from './instance.ts';

// npm run reliability:soak [-- --minutes 30 --count 100000 --every heat=60000,ingest-market=120000
//                             --database-url postgres://postgres@127.0.0.1:5432/postgres]
// By hand, not in CI. The server (the same runtime, app and scheduler as main.ts; in this process, so PGlite's heap
// is in the RSS measured, as in a real PGlite server) runs its scheduled jobs for `--minutes` on `--count` synthetic
// projects, with fake CoinGecko and GDELT servers on 127.0.0.1 and shortened intervals (there are no interval keys in
// the configuration: the job list is passed to buildApp, as scripts/reliability/instance.ts does). Samples RSS,
// heat_history (rows, bytes) and sync_runs; at the end checks that history is within the retention plan, RSS is flat
// and every run the scheduler reported is in sync_runs with a final status. Exits 1 when a check fails.

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    count: { type: 'string', default: '100000' },
    every: {
      type: 'string',
      default:
        'heat=60000,ingest-market=120000,ingest-news=60000,history-retention=60000,alert-deliveries=60000,exports=60000',
    },
    'database-url': { type: 'string' },
  },
});
const MINUTES = Number(values.minutes);
const COUNT = Number(values.count);
const EVERY = new Map(
  (values.every ?? '').split(',').map((part) => {
    const [name = '', ms = ''] = part.split('=');
    return [name, Number(ms)] as const;
  }),
);
const SAMPLE_MS = 5_000;
const MAX_RSS_GROWTH = 0.1;

/** Deterministic fake answers that change with the minute, so each market run writes new values (no randomness). */
const fakeSources: FakeRoute = ({ path, query }) => {
  const minute = Math.floor(Date.now() / 60_000);
  if (path === '/cg/coins/markets') {
    const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
    return {
      body: ids.map((id, i) => {
        const cap = 1e6 * (1 + ((i * 7919 + minute * 104_729) % 10_000));
        return {
          id,
          symbol: id.slice(-4),
          name: id,
          current_price: cap / 1e7,
          market_cap: cap,
          total_volume: cap / 10,
          price_change_percentage_24h: ((i + minute) % 21) - 10,
          price_change_percentage_7d_in_currency: ((i * 3 + minute) % 41) - 20,
          last_updated: new Date().toISOString(),
        };
      }),
    };
  }
  if (path === '/cg/search/trending') return { body: { coins: [], nfts: [], categories: [] } };
  if (path.startsWith('/cg/coins/')) return { body: { id: path.split('/').pop(), links: {} } };
  if (path === '/gdelt/doc/doc') {
    const value = 10 + (minute % 50);
    return { body: { timeline: [{ series: 'Article Count', data: [{ date: '20261120T000000Z', value, norm: 1 }] }] } };
  }
  return { status: 404, body: {} };
};

/** rssMb: the process; liveHeapMb: the JS heap after the latest full collection; wasmMb: PGlite's memory (external). */
type Sample = { second: number; rssMb: number; historyMb: number; liveHeapMb: number; wasmMb: number };

/** The JS heap in use right after each full (mark-sweep) collection: what the process retains, without its garbage. */
function watchLiveHeap(): { latestMb: () => number; stop: () => void } {
  let latest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) latest = process.memoryUsage().heapUsed / 1_048_576;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { latestMb: () => latest, stop: () => observer.disconnect() };
}

async function main() {
  const fake = await startFakeServer(fakeSources);
  const own = values['database-url'] ? await createOwnDatabase(values['database-url']) : undefined;
  const dataDir = own ? undefined : mkdtempSync(join(tmpdir(), 'heatrank-soak-'));
  const logLines: { job?: string; msg?: string }[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // Only what the checks read: keeping every parsed line grew this process's heap by ~1.5 MB a minute.
      for (const text of chunk.toString().split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as { job?: string; msg?: string };
        if (line.job && /^job (success|partial|failed)$/.test(line.msg ?? ''))
          logLines.push({ job: line.job, msg: line.msg });
      }
      done();
    },
  });
  try {
    const config = loadConfig({
      ...FAST_INGEST_ENV,
      ...(own ? { DATABASE_URL: own.url } : { DATA_DIR: dataDir }),
      JOBS_ENABLED: 'true',
      CATALOGUE_AUTOLOAD: 'false',
      FIRST_START_REFRESH: 'false',
      BACKFILL_DAYS: '0',
      WEB_DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      COINGECKO_BASE_URL: `${fake.url}/cg`,
      GDELT_BASE_URL: `${fake.url}/gdelt`,
      INGEST_TIMEOUT_MS: '10000',
    });
    const runtime = await openRuntime(config, { role: 'reliability-soak' });
    const { db, kind } = runtime.handle;
    let started = performance.now();
    await seedSynthetic(db, { count: COUNT, seed: 42, now: new Date() });
    // Synthetic rows carry no CoinGecko id: the ones with a token get their own id, so the market job has work.
    await db.execute(sql`UPDATE projects SET coingecko_id = id WHERE is_synthetic AND symbol IS NOT NULL`);
    await refreshTableStatistics(db, kind, ['projects', 'sectors']);
    console.log(
      `${kind}: ${COUNT.toLocaleString('en')} synthetic projects seeded in ${Math.round((performance.now() - started) / 1000)} s`,
    );

    const jobs = withIntervals(EVERY, new Set(EVERY.keys()));
    console.log(`jobs: ${jobs.map((job) => `${job.name} every ${(job.everyMs ?? 0) / 1000} s`).join(', ')}`);
    const deps = { config, db, dbKind: kind, events: runtime.events, cache: runtime.cache };
    const app = await buildApp(deps, { logger: { level: 'info', stream: logStream }, jobs });
    const samples: Sample[] = [];
    const historyMb = async () =>
      Number(
        (await queryRows<{ b: string }>(db, sql`SELECT pg_total_relation_size('heat_history')::text AS b`))[0]?.b ?? 0,
      ) / 1_048_576;
    const sample = async () => {
      // The fake sources log every request for tests to assert on; here nothing reads it, and in this process it grew
      // the heap by ~1.5 MB a minute (CoinGecko's 250-id URLs), which a heap-snapshot diff showed as the soak's growth.
      fake.requests.length = 0;
      const second = Math.round((performance.now() - started) / 1000);
      const memory = process.memoryUsage();
      samples.push({
        second,
        rssMb: memory.rss / 1_048_576,
        historyMb: await historyMb(),
        liveHeapMb: liveHeap.latestMb(),
        wasmMb: memory.external / 1_048_576,
      });
      const last = samples.at(-1) as Sample;
      const finished = logLines.filter((l) => l.job && /^job (success|partial|failed)$/.test(l.msg ?? '')).length;
      console.log(
        `  t=${second}s rss ${last.rssMb.toFixed(0)} MB (live heap ${last.liveHeapMb.toFixed(0)}, wasm ${last.wasmMb.toFixed(0)}), heat_history ${last.historyMb.toFixed(1)} MB, runs finished ${finished}, load ${loadavg()[0]?.toFixed(2)}`,
      );
    };
    const loadBefore = loadavg();
    const liveHeap = watchLiveHeap();
    started = performance.now();
    await app.ready(); // starts the scheduler; heat also runs once at start-up
    let sampling = Promise.resolve();
    const timer = setInterval(() => {
      sampling = sampling.then(sample, () => {});
    }, SAMPLE_MS);
    await new Promise((resolve) => setTimeout(resolve, MINUTES * 60_000));
    clearInterval(timer);
    await sampling;
    await app.close(); // stops the timers and waits for runs in progress
    liveHeap.stop();
    const loadAfter = loadavg();

    const rows = await report(db, samples, logLines, new Set(jobs.map((job) => job.name)));
    console.log(
      `load average (1/5/15 min) before ${loadBefore.map((n) => n.toFixed(2)).join(' ')}, after ${loadAfter.map((n) => n.toFixed(2)).join(' ')}`,
    );
    console.table(rows);
    await runtime.close();
    const failed = rows.filter((row) => row.result !== 'pass').length;
    console.log(failed === 0 ? 'PASS' : `FAIL: ${failed} check(s)`);
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    await fake.close();
    await own?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

type Db = Awaited<ReturnType<typeof openRuntime>>['handle']['db'];

async function report(db: Db, samples: Sample[], logLines: { job?: string; msg?: string }[], scheduled: Set<string>) {
  const runs = await queryRows<{ job: string; status: string; n: number; history: number; ms: number }>(
    db,
    sql`SELECT job, status, count(*)::int AS n, coalesce(sum((counts->>'historyRows')::int), 0)::int AS history,
               coalesce(max(duration_ms), 0)::int AS ms
          FROM sync_runs GROUP BY job, status ORDER BY job, status`,
  );
  console.table(runs);
  const history = await queryRows<{ granularity: string; n: number; oldest: string | null }>(
    db,
    sql`SELECT granularity, count(*)::int AS n, min(computed_at)::text AS oldest FROM heat_history GROUP BY 1`,
  );
  const now = Date.now();
  const rowsOf = (g: string) => history.find((h) => h.granularity === g)?.n ?? 0;
  const oldestOf = (g: string) => {
    const oldest = history.find((h) => h.granularity === g)?.oldest;
    return oldest ? Date.parse(oldest) : now;
  };
  const totalRows = history.reduce((sum, h) => sum + h.n, 0);
  const written = runs.filter((r) => r.job === 'heat').reduce((sum, r) => sum + r.history, 0);
  const heatRuns = runs.filter((r) => r.job === 'heat' && r.status !== 'running').reduce((sum, r) => sum + r.n, 0);
  const bytes = (samples.at(-1)?.historyMb ?? 0) * 1_048_576;
  const perRun = heatRuns > 0 ? written / heatRuns : 0;
  // The plan at the product's 5-minute heat interval: 48 h of runs (576), then hourly for 30 days (672 more hours),
  // then one row a day; its size from the bytes per row measured here.
  const steadyRows = perRun * (576 + 672 + 365);
  const steadyGb = totalRows > 0 ? (steadyRows * (bytes / totalRows)) / 1_073_741_824 : 0;

  const reported = new Map<string, number>();
  for (const line of logLines) {
    if (line.job && /^job (success|partial|failed)$/.test(line.msg ?? ''))
      reported.set(line.job, (reported.get(line.job) ?? 0) + 1);
  }
  const recorded = new Map<string, number>();
  // Scheduled jobs only: an ingestion job also records one row per source it ran (ingest:<source>), not logged.
  for (const r of runs) {
    if (r.status !== 'running' && scheduled.has(r.job)) recorded.set(r.job, (recorded.get(r.job) ?? 0) + r.n);
  }
  const running = runs.filter((r) => r.status === 'running').reduce((sum, r) => sum + r.n, 0);
  const mismatched = [...new Set([...reported.keys(), ...recorded.keys()])].filter(
    (job) => (reported.get(job) ?? 0) !== (recorded.get(job) ?? 0),
  );

  // Memory: the second quarter (after the first runs warmed the caches) against the last. RSS rises by 300–400 MB
  // during each heat or market run and falls back after it; the share of samples taken during a run grows as the
  // runs lengthen with the history they read, so medians and peaks move with the job schedule. What a leak moves is
  // the floor between runs, and the live heap after full collections: those are the checks; medians and peaks are
  // reported beside them.
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const second = samples.slice(quarter, 2 * quarter);
  const last = samples.slice(-quarter);
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
  const floor = (xs: number[]) => Math.min(...xs);
  const change = (from: number, to: number) => (from > 0 ? (to - from) / from : 0);
  const pct = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)} %`;
  const rss = (xs: Sample[]) => xs.map((s) => s.rssMb);
  const rssFloor = [floor(rss(second)), floor(rss(last))] as const;
  const rssMedian = [median(rss(second)), median(rss(last))] as const;
  const live = (xs: Sample[]) => xs.map((s) => s.liveHeapMb).filter((mb) => mb > 0);
  const heap = [floor(live(second)), floor(live(last))] as const;
  const heapMedian = [median(live(second)), median(live(last))] as const;
  const wasm = [median(second.map((s) => s.wasmMb)), median(last.map((s) => s.wasmMb))] as const;
  const mb = (pair: readonly [number, number]) =>
    `${pair[0].toFixed(0)} → ${pair[1].toFixed(0)} MB (${pct(change(...pair))})`;

  const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  return [
    {
      check: 'every run recorded (scheduler log = sync_runs; no running rows)',
      result: verdict(mismatched.length === 0 && running === 0 && recorded.size > 0),
      detail: `${[...recorded].map(([job, n]) => `${job} ${n}`).join(', ')}; running rows ${running}${mismatched.length ? `; mismatched ${mismatched.join(', ')}` : ''}`,
    },
    {
      check: 'heat_history = rows the heat runs wrote (none lost, none doubled)',
      result: verdict(totalRows === written && heatRuns > 0),
      detail: `${totalRows.toLocaleString('en')} rows, ${written.toLocaleString('en')} written by ${heatRuns} runs (${Math.round(perRun).toLocaleString('en')} per run)`,
    },
    {
      check: 'heat_history within the retention plan (tiers by age)',
      result: verdict(
        oldestOf('run') >= now - KEEP_RUNS_MS - 3_600_000 && oldestOf('hour') >= now - KEEP_HOURLY_MS - 86_400_000,
      ),
      detail: `run ${rowsOf('run')}, hour ${rowsOf('hour')}, day ${rowsOf('day')}; ${(bytes / 1_048_576).toFixed(0)} MB now; at 5-min heat the plan holds ≈ ${Math.round(steadyRows / 1e6)}M rows ≈ ${steadyGb.toFixed(1)} GB at this row size`,
    },
    {
      check: 'RSS flat (floor between runs, 2nd quarter → last quarter < 10 %)',
      result: verdict(samples.length >= 8 && change(...rssFloor) < MAX_RSS_GROWTH),
      detail: `${mb(rssFloor)}; medians ${mb(rssMedian)}; peaks ${Math.max(...rss(second)).toFixed(0)} → ${Math.max(...rss(last)).toFixed(0)} MB; ${samples.length} samples`,
    },
    {
      check: 'live JS heap after full collections flat (lowest, 2nd → last quarter < 10 %)',
      result: verdict(live(second).length > 0 && change(...heap) < MAX_RSS_GROWTH),
      detail: `${mb(heap)}; medians ${mb(heapMedian)} (a collection during a run sees its rows); PGlite/external memory ${mb(wasm)}`,
    },
  ];
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
