import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openRuntime } from '../src/server/runtime.ts';

// Issue 18's figures: server-sent hints reaching many open streams of ANOTHER instance (two app instances on one
// PostgreSQL, the hint crossing by NOTIFY) or of the one embedded instance (PGlite), and the memory an open stream
// costs. A change is published on instance A; every stream on instance B times its arrival.

export type RealtimeBenchRow = {
  database: string;
  streams: number;
  'p50 ms': number;
  'p95 ms': number;
  'max ms': number;
  received: number;
  /** Heap growth per open stream, server and this process's client side together: an upper bound of the server's. */
  'KB heap per stream': number;
  target: string;
};

/** A full collection before each heap reading (V8's gc, exposed at run time: `npm run bench` passes no flags). */
function collectGarbage() {
  setFlagsFromString('--expose_gc');
  (runInNewContext('gc') as () => void)();
}

type Stream = { close: () => void; arrived: Promise<number> };

function openStream(base: string, armedAt: () => number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let onHint: (at: number) => void = () => {};
    const arrived = new Promise<number>((done) => {
      onHint = done;
    });
    const req = request(`${base}/api/events`, { agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.includes('event: ready')) resolve({ close: () => req.destroy(), arrived });
        if (buffer.includes('event: hints') && armedAt() > 0) onHint(performance.now() - armedAt());
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** `streams` open streams on instance B; one change published on instance A; delivery times at B's streams. */
export async function benchRealtime(
  env: Record<string, string>,
  database: string,
  streams: number,
): Promise<RealtimeBenchRow> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    CATALOGUE_AUTOLOAD: 'false',
    WEB_DIST_DIR: '/nonexistent',
    FIRST_START_REFRESH: 'false',
    ...env,
  });
  const runtimeA = await openRuntime(config, { role: 'bench-a' });
  // PGlite is one process's database: both "instances" share its runtime; PostgreSQL gets a second runtime.
  const runtimeB = database === 'postgres' ? await openRuntime(config, { role: 'bench-b' }) : runtimeA;
  const depsOf = (r: typeof runtimeA) => ({
    config,
    db: r.handle.db,
    dbKind: r.handle.kind,
    events: r.events,
    cache: r.cache,
  });
  const appB = await buildApp(depsOf(runtimeB), { logger: false, jobs: [] });
  const base = await appB.listen({ port: 0, host: '127.0.0.1' });
  try {
    let armed = 0;
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    const open: Stream[] = [];
    for (let i = 0; i < streams; i++) open.push(await openStream(base, () => armed));
    collectGarbage();
    const perStreamKb = Math.round(((process.memoryUsage().heapUsed - heapBefore) / 1024 / streams) * 10) / 10;
    armed = performance.now();
    await runtimeA.events.publish({ type: 'sectors.updated' });
    const times = await Promise.all(
      open.map((s) => Promise.race([s.arrived, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 5_000))])),
    );
    for (const s of open) s.close();
    const received = times.filter((t) => !Number.isNaN(t)).sort((a, b) => a - b);
    // A run where a stream missed the hint is a failure, not a figure.
    if (received.length < streams)
      throw new Error(`realtime bench: ${streams - received.length} streams missed the hint`);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      database: database === 'postgres' ? 'postgres (2 instances)' : 'pglite',
      streams,
      'p50 ms': round(percentile(received, 0.5)),
      'p95 ms': round(percentile(received, 0.95)),
      'max ms': round(received.at(-1) ?? Number.NaN),
      received: received.length,
      'KB heap per stream': perStreamKb,
      target: 'all received, max ≤ 1,000 ms (the hint waits one 101 ms gap by design)',
    };
  } finally {
    await appB.close();
    if (runtimeB !== runtimeA) await runtimeB.close();
    await runtimeA.close();
  }
}
