import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { createDb } from '../src/server/db/client.ts';
import { refreshTableStatistics } from '../src/server/db/maintenance.ts';
import { recomputeHeat } from '../src/server/features/heat/recompute.service.ts';
import { seedSynthetic } from '../src/server/features/synthetic/synthetic.service.ts';
import { RECOMPUTE_WRITTEN_TABLES } from '../src/server/jobs/after-recompute.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';
import { benchAlerts } from './alerts.bench.ts';
import { benchAnalysis, seedAnalysisHistory } from './analysis.bench.ts';
import { benchBackfill } from './backfill.bench.ts';
import { benchEvaluation, benchProposal } from './evaluation.bench.ts';
import { benchExports } from './exports.bench.ts';
import { benchHistorySize } from './history-size.bench.ts';
import { BROWSER_ACCEPT_ENCODING, type LoadResult, measureLoad } from './http-load.ts';
import { firstOpenRow, memoryRow } from './memory.bench.ts';
import { benchRealtime } from './realtime.bench.ts';
import { benchSearch, explainTextSearch } from './search.bench.ts';
import { benchTrend, seedSyntheticDailyRanks } from './trend.bench.ts';

// npm run bench [-- --count 100000 --seconds 8 --skip-postgres --trend-days 90 --trend-days-pglite 14 --only search,trend]
// npm run bench -- --only backfill [--backfill-count 1000 --backfill-days 90 --skip-postgres]: that section alone
// Prints tables of the figures the issues track; targets are in the "target" column. Writes bench-results/latest.json.
// --only runs just the named sections (recompute, alerts, reads, search, trend, bundles, backfill, exports, realtime,
// analysis [--analysis-days 30], lighthouse [--lighthouse-runs 3], evaluation [--evaluation-count 100000
// --evaluation-days 90 --evaluation-count-pglite 10000 --proposal-count 10000: databases of their own], memory: peak RSS on first opening the seeded
// directory; the serving figure comes with reads) after
// seeding (backfill and realtime alone need none; --streams N, default 1000); a recompute
// still runs once (untimed) when its section is skipped, so heat, status and the searches see scored projects.
// history: bytes per heat_history row, the documented retention's size at 100k, history read p95 (history-size.bench.ts);
// --history-partitioned then partitions PostgreSQL's heat_history by month and measures the reads again.

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const COUNT = Number(flag('count', '100000'));
const SECONDS = Number(flag('seconds', '8'));
const SKIP_POSTGRES = args.includes('--skip-postgres');
const TREND_DAYS = Number(flag('trend-days', '90'));
// Seeding 90 ranked days of 100k projects into PGlite takes ~15 min (measured 2026-11-24); a read is ≤ 90 rows by key
// either way (3.1 / 12.8 ms p50 / p95 for 90d with 90 days seeded), so PGlite seeds fewer unless told.
const TREND_DAYS_PGLITE = Number(flag('trend-days-pglite', '14'));
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SEED = 42;
const SECTIONS = [
  'recompute',
  'alerts',
  'reads',
  'search',
  'trend',
  'bundles',
  'backfill',
  'exports',
  'realtime',
  'analysis',
  'lighthouse',
  'evaluation',
  'memory',
  'history',
] as const;
type Section = (typeof SECTIONS)[number];
const ONLY = flag('only', SECTIONS.join(','))
  .split(',')
  .map((s) => s.trim());
for (const name of ONLY) {
  if (!(SECTIONS as readonly string[]).includes(name))
    throw new Error(`--only: unknown section ${name} (${SECTIONS.join(', ')})`);
}
const runs = (section: Section) => ONLY.includes(section);
// A database of its own per run when several checkouts bench on one server (it is dropped and recreated).
const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME ?? 'heatrank_bench';

type Row = Record<string, string | number>;
const report: Record<string, Row[]> = {};

async function seed(kind: 'pglite' | 'postgres', target: string) {
  const config = loadConfig(kind === 'pglite' ? { DATA_DIR: target } : { DATABASE_URL: target });
  const handle = await createDb(config, { role: 'bench' });
  const started = performance.now();
  await seedSynthetic(handle.db, { count: COUNT, seed: SEED, now: new Date() });
  await refreshTableStatistics(handle.db, handle.kind, ['projects', 'project_scores', 'sectors']);
  const seconds = (performance.now() - started) / 1000;
  return { handle, seconds };
}

async function freshPostgresDatabase(name: string): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The cached public reads against the trivial route, each measured right after its own trivial run so the ratio
 * compares like with like on a busy machine: first as a browser asks (Accept-Encoding: the answers go out in the
 * brotli copy stored at cache fill), then without Accept-Encoding (curl, scripts: the plain ~35 kB body).
 */
async function benchReads(kind: 'pglite' | 'postgres', env: Record<string, string>) {
  const server = await startServerProcess(env, 'build');
  const routes = [
    ['projects, heat sort', '/api/projects?limit=50'],
    ['projects, category filter', '/api/projects?limit=50&category=DeFi'],
  ] as const;
  const variants = [
    ['', { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, 'ratio ≥ 0.8, p99 ≤ 10 ms'],
    [' (no Accept-Encoding)', {}, '(plain body: bytes on the wire)'],
  ] as const;
  const cpu = server.cpuMs;
  try {
    const rows: Row[] = [];
    for (const [suffix, headers, target] of variants) {
      for (const [label, path] of routes) {
        const ping = await measureLoad(
          server.url,
          `trivial JSON route${suffix}`,
          '/api/ping',
          SECONDS,
          50,
          headers,
          cpu,
        );
        const route = await measureLoad(server.url, `${label}${suffix}`, path, SECONDS, 50, headers, cpu);
        rows.push(readRow(kind, ping, ping, ''), readRow(kind, route, ping, target));
      }
    }
    // The serving figure of the memory section: the server's peak over the loads above (VmHWM).
    const serving = memoryRow(
      kind,
      `server peak RSS while serving the loads above (${COUNT.toLocaleString('en')} projects)`,
      server.peakRssMb(),
    );
    return { rows, serving };
  } finally {
    await server.stop();
  }
}

function readRow(kind: string, r: LoadResult, ping: LoadResult, target: string): Row {
  return {
    database: kind,
    route: r.label,
    path: r.path,
    'req/s': r.requestsPerSec,
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    'ratio to trivial': Math.round((r.requestsPerSec / ping.requestsPerSec) * 100) / 100,
    // Server CPU per request: on a shared machine req/s follows the other load, this much less.
    'server µs/req': r.serverCpuUs ?? '',
    errors: r.errors,
    load: r.generator,
    target,
  };
}

const BACKFILL_COUNT = Number(flag('backfill-count', '1000'));
const BACKFILL_DAYS = Number(flag('backfill-days', '90'));

/** The history backfill (bench/backfill.bench.ts) on PGlite, then PostgreSQL unless skipped or unreachable. */
async function backfillRows(): Promise<Row[]> {
  const dir = `/tmp/heatrank-bench-backfill-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const rows: Row[] = await benchBackfill('pglite', dir, BACKFILL_COUNT, BACKFILL_DAYS);
  rmSync(dir, { recursive: true, force: true });
  const url = SKIP_POSTGRES ? undefined : await freshPostgresDatabase(`${BENCH_DATABASE}_backfill`);
  if (url) rows.push(...(await benchBackfill('postgres', url, BACKFILL_COUNT, BACKFILL_DAYS)));
  return rows;
}

const EVALUATION_COUNT = Number(flag('evaluation-count', '100000'));
const EVALUATION_DAYS = Number(flag('evaluation-days', '90'));
// 10⁵ × 90 days of daily values is ~5·10⁷ rows: seeding that into PGlite alone takes most of an hour, so PGlite runs
// the same job at a tenth of the scale unless told.
const EVALUATION_COUNT_PGLITE = Number(flag('evaluation-count-pglite', '10000'));
const PROPOSAL_COUNT = Number(flag('proposal-count', '10000'));

/**
 * The daily heat evaluation and a weight proposal's (bench/evaluation.bench.ts), each on a PostgreSQL database of its
 * own (the target's database), and the daily job on a fresh PGlite directory.
 */
async function evaluationRows(): Promise<Row[]> {
  const dir = `/tmp/heatrank-bench-evaluation-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  const rows: Row[] = [];
  try {
    rows.push(...(await benchEvaluation('pglite', dir, EVALUATION_COUNT_PGLITE, EVALUATION_DAYS)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (SKIP_POSTGRES) return rows;
  const url = await freshPostgresDatabase(`${BENCH_DATABASE}_evaluation`);
  if (url) rows.unshift(...(await benchEvaluation('postgres', url, EVALUATION_COUNT, EVALUATION_DAYS)));
  const proposalUrl = await freshPostgresDatabase(`${BENCH_DATABASE}_proposal`);
  if (proposalUrl) rows.push(...(await benchProposal(proposalUrl, PROPOSAL_COUNT, EVALUATION_DAYS)));
  return rows;
}

const REALTIME_STREAMS = Number(flag('streams', '1000'));
const STANDALONE: string[] = ['backfill', 'realtime', 'bundles', 'lighthouse', 'evaluation'];
const LIGHTHOUSE_RUNS = Number(flag('lighthouse-runs', '3'));

/** Server-sent hints to REALTIME_STREAMS open streams (bench/realtime.bench.ts): PGlite, then two PostgreSQL instances. */
async function realtimeRows(): Promise<Row[]> {
  const rows: Row[] = [await benchRealtime({ DATA_DIR: 'memory://' }, 'pglite', REALTIME_STREAMS)];
  const url = SKIP_POSTGRES ? undefined : await freshPostgresDatabase(`${BENCH_DATABASE}_realtime`);
  if (url) rows.push(await benchRealtime({ DATABASE_URL: url }, 'postgres', REALTIME_STREAMS));
  return rows;
}

async function main() {
  // The backfill, realtime, bundle, Lighthouse and evaluation figures need no 100k catalogue: asked for alone, the seeding below
  // is skipped.
  if (ONLY.every((name) => STANDALONE.includes(name))) {
    if (runs('bundles')) report.bundles = await optionalBundleSizes();
    if (runs('backfill')) report.backfill = await backfillRows();
    if (runs('realtime')) report.realtime = await realtimeRows();
    if (runs('lighthouse')) report.lighthouse = await optionalLighthouse();
    if (runs('evaluation')) report.evaluation = await evaluationRows();
    return printReport();
  }
  console.log(
    `HeatRank benchmark: ${COUNT.toLocaleString('en')} synthetic projects, ${SECONDS} s per route, 50 connections\n`,
  );
  // The read benchmark runs the server as `npm start` does: the built bundle (rebuilt here if sources changed).
  if (runs('reads') || runs('memory')) {
    const built = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the server failed');
  }

  // PGlite
  const dir = `/tmp/heatrank-bench-pglite-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let pgl = await seed('pglite', dir);
  report.seed = [{ database: 'pglite', projects: COUNT, seconds: Math.round(pgl.seconds * 10) / 10 }];
  const memory: Row[] = [];
  if (runs('memory')) {
    // Before anything scores it: a server started on a copy of the fresh seed runs the full start-up recompute.
    await pgl.handle.close();
    memory.push(await firstOpenRow(dir, COUNT));
    pgl = { ...pgl, handle: await createDb(loadConfig({ DATA_DIR: dir }), { role: 'bench' }) };
  }
  const recompute = await optionalRecompute(pgl.handle, 'pglite');
  const alerts = runs('alerts') ? await benchAlerts(pgl.handle.db, 'pglite') : [];
  const exports = runs('exports') ? await benchExports(pgl.handle.db, 'pglite') : [];
  const history = runs('history') ? await benchHistorySize(pgl.handle.db, 'pglite') : [];
  await pgl.handle.close();
  report.reads = [];
  if (runs('reads')) {
    const reads = await benchReads('pglite', { DATA_DIR: dir });
    report.reads = reads.rows;
    memory.push(reads.serving);
  }
  report.search = await searchRows('pglite', dir);
  rmSync(dir, { recursive: true, force: true });

  // PostgreSQL
  if (!SKIP_POSTGRES) {
    const url = await freshPostgresDatabase(BENCH_DATABASE);
    if (url) {
      const pgs = await seed('postgres', url);
      report.seed.push({ database: 'postgres', projects: COUNT, seconds: Math.round(pgs.seconds * 10) / 10 });
      recompute.push(...(await optionalRecompute(pgs.handle, 'postgres')));
      if (runs('alerts')) alerts.push(...(await benchAlerts(pgs.handle.db, 'postgres')));
      if (runs('exports')) exports.push(...(await benchExports(pgs.handle.db, 'postgres')));
      if (runs('history')) {
        const partition = args.includes('--history-partitioned');
        history.push(...(await benchHistorySize(pgs.handle.db, 'postgres', { partition })));
      }
      await pgs.handle.close();
      if (runs('reads')) {
        const reads = await benchReads('postgres', { DATABASE_URL: url });
        report.reads.push(...reads.rows);
        memory.push(reads.serving);
      }
      report.search.push(...(await searchRows('postgres', url)));
    } else {
      console.log(`(PostgreSQL at ${POSTGRES_URL} not reachable: skipped)`);
    }
  }
  report.memory = memory;
  report.recompute = recompute;
  report.alerts = alerts;
  report.exports = exports;
  report.history = history;
  report.bundles = runs('bundles') ? await optionalBundleSizes() : [];
  report.backfill = runs('backfill') ? await backfillRows() : [];
  report.realtime = runs('realtime') ? await realtimeRows() : [];
  report.lighthouse = runs('lighthouse') ? await optionalLighthouse() : [];
  report.evaluation = runs('evaluation') ? await evaluationRows() : [];
  printReport();
}

function printReport() {
  for (const [title, rows] of Object.entries(report)) {
    if (rows.length === 0) continue;
    console.log(`\n## ${title}`);
    console.table(rows);
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/latest.json',
    JSON.stringify({ at: new Date().toISOString(), count: COUNT, report }, null, 2),
  );
}

type Handle = Awaited<ReturnType<typeof createDb>>;

/**
 * Search and suggest at 100k (bench/search.bench.ts), after the read benchmark so the catalogue it loads on top of the
 * synthetic rows does not change the rows above; plus the indexes the planner picks for a text query.
 */
async function searchRows(kind: 'pglite' | 'postgres', target: string): Promise<Row[]> {
  const config = loadConfig(kind === 'pglite' ? { DATA_DIR: target } : { DATABASE_URL: target });
  const handle = await createDb(config, { role: 'bench' });
  try {
    const rows: Row[] = runs('search') ? await benchSearch(handle.db, kind) : [];
    if (runs('trend')) rows.push(...(await trendRows(handle, kind)));
    if (runs('analysis')) rows.push(...(await analysisRows(handle, kind)));
    if (runs('search')) {
      for (const q of ['etherium', '以太坊']) {
        const indexes = await explainTextSearch(handle.db, q);
        rows.push({
          database: kind,
          query: `EXPLAIN ${q}: indexes`,
          'p50 ms': '',
          'p95 ms': '',
          target: indexes.join(', '),
        });
      }
    }
    return rows;
  } finally {
    await handle.close();
  }
}

/** Trend reads at this size: 90 ranked days of every project (bench/trend.bench.ts). */
async function trendRows(handle: Handle, kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const started = performance.now();
  const ranked = await seedSyntheticDailyRanks(
    handle.db,
    new Date(),
    kind === 'pglite' ? TREND_DAYS_PGLITE : TREND_DAYS,
  );
  const seedMs = Math.round(performance.now() - started);
  return (await benchTrend(handle.db, kind)).map((row) => ({
    ...row,
    target: `${row.target} (${ranked.toLocaleString('en')} ranked days seeded in ${seedMs} ms)`,
  }));
}

const ANALYSIS_DAYS = Number(flag('analysis-days', '30'));

/** Analysis reads at this size over ANALYSIS_DAYS daily runs of history (bench/analysis.bench.ts). */
async function analysisRows(handle: Handle, kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const started = performance.now();
  const written = await seedAnalysisHistory(handle.db, ANALYSIS_DAYS);
  const seedMs = Math.round(performance.now() - started);
  return (await benchAnalysis(handle.db, kind)).map((row) => ({
    ...row,
    target: `${row.target} (${written.toLocaleString('en')} history rows seeded in ${seedMs} ms)`,
  }));
}

/**
 * The heat engine's full recompute (bench/recompute.bench.ts), when present and asked for; otherwise one untimed
 * recompute, so the later sections see scored projects (heat, status) as they would after the timed runs.
 */
async function optionalRecompute(handle: Handle, kind: 'pglite' | 'postgres'): Promise<Row[]> {
  if (!runs('recompute') || !existsSync(new URL('./recompute.bench.ts', import.meta.url))) {
    await recomputeHeat(handle.db, { now: new Date() });
    await refreshTableStatistics(handle.db, kind, RECOMPUTE_WRITTEN_TABLES);
    return [];
  }
  const { benchRecompute, benchHistorySize } = await import('./recompute.bench.ts');
  const { rows, changedShare } = await benchRecompute(handle.db, kind);
  report.history = [...(report.history ?? []), await benchHistorySize(handle.db, kind, COUNT, changedShare)];
  // What the heat job does after a large change, outside the recompute's transaction (on PGlite, which has no
  // autovacuum: statistics for the rebuilt scores table and a vacuum of the history), always run here to time it.
  const started = performance.now();
  await refreshTableStatistics(handle.db, kind, RECOMPUTE_WRITTEN_TABLES);
  const maintenanceMs = Math.round(performance.now() - started);
  return rows.map((row) => ({ ...row, afterwards: `job maintenance ${maintenanceMs} ms` }));
}

/** Gzipped JS per route from the built web app (bench/bundle-size.ts), when the app is built. */
async function optionalBundleSizes(): Promise<Row[]> {
  if (!existsSync('dist/web/index.html') || !existsSync(new URL('./bundle-size.ts', import.meta.url))) return [];
  // A variable specifier: the bundle module belongs to the web build and may be absent in an API-only checkout.
  const modulePath = './bundle-size.ts';
  const { measureBundleSizes } = (await import(modulePath)) as {
    measureBundleSizes: (dist: string) => Promise<{ route: string; jsGzipKb: number; files: number }[]>;
  };
  const sizes = await measureBundleSizes('dist/web');
  return sizes.map((s) => ({
    ...s,
    target: s.route === '/' ? '≤ 150 kB' : '',
    ratio: s.route === '/' ? Math.round((s.jsGzipKb / 150) * 100) / 100 : '',
  }));
}

/**
 * Lighthouse 12, mobile, on the four public pages (bench/lighthouse.bench.ts): median of LIGHTHOUSE_RUNS runs, against
 * the built server on a fresh data directory. Needs `npm run build`, the lighthouse dev dependency and Chromium.
 */
async function optionalLighthouse(): Promise<Row[]> {
  if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.mjs')) {
    console.log('(lighthouse: no build in dist/: run `npm run build` first; skipped)');
    return [];
  }
  const { benchLighthouse } = await import('./lighthouse.bench.ts');
  return benchLighthouse({ runs: LIGHTHOUSE_RUNS });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
