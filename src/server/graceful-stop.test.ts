import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { OperationRunsResponseSchema } from '../shared/api/admin-runs.schema.ts';
import { CSRF_HEADER } from '../shared/api/auth.values.ts';
import { SyncStatusResponseSchema } from '../shared/api/sync.schema.ts';
import { loadConfig } from './config.ts';
import { createDb, type Db } from './db/client.ts';
import { LOCK_FILE_NAME } from './db/data-dir-lock.ts';
import { syncRuns } from './db/schema/index.ts';
import { insertUser } from './features/auth/auth.queries.ts';
import { hashPassword } from './features/auth/password.ts';
import { signInOverHttp } from './reliability/http-burst.ts';
import { seedPgliteDataDir } from './test/pglite-template.ts';
import { type ServerProcess, startServerProcess } from './test/server-process.ts';

// The server stops when asked. Real processes against a blackholed source (a TCP server that accepts and
// never answers; the source timeout is set to 10 minutes, so every source call hangs for the whole test even on a
// slow machine, where the default 15 s × 4 attempts could end as a failed step before the test reads it): an admin's
// "refresh all data" and the first-start refresh are under way, SIGTERM → exit 0 within SHUTDOWN_TIMEOUT_MS (10 s), the runs are
// recorded as cancelled and shown so after a restart, which takes the data directory; then the same through
// `npm start`'s wrapper, whose server child must be gone with it. One database kind per suite run (like
// kill-nine.test.ts): PGlite in `npm test`, PostgreSQL in the run with TEST_DATABASE_URL.

const KIND = process.env.TEST_DATABASE_URL ? ('postgres' as const) : ('pglite' as const);
const STOP_BUDGET_MS = 10_000;
const ADMIN = { email: 'stop-admin@example.com', password: 'stop-admin-password-1' };
const SOURCE_URL_VARS = [
  'DEFILLAMA_BASE_URL',
  'COINGECKO_BASE_URL',
  'GITHUB_BASE_URL',
  'X_BASE_URL',
  'TELEGRAM_BASE_URL',
  'DISCORD_BASE_URL',
  'GDELT_BASE_URL',
  'WIKIMEDIA_BASE_URL',
  'REDDIT_AUTH_URL',
  'REDDIT_BASE_URL',
];

type Blackhole = { url: string; connections: () => number; close: () => Promise<void> };

/** A source that hangs: every connection is accepted and never answered (a refused port would fail fast instead). */
async function startBlackhole(): Promise<Blackhole> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => accepted,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** SIGTERM, then how long the process took to exit and how it exited. */
async function stopTimed(server: ServerProcess) {
  const startedAt = performance.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  return { ms: Math.round(performance.now() - startedAt), ...exit };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Timeouts are for a loaded machine (a first start migrates a fresh database); the stops are held to 10 s regardless.
describe(`graceful stop on ${KIND}`, { timeout: 180_000 }, () => {
  let blackhole: Blackhole;
  let dataDir: string;
  let databaseUrl: string | undefined;
  let env: Record<string, string>;
  let session: { cookie: string; csrfToken: string };
  let servers: ServerProcess[] = [];

  const start = async (from: 'source' | 'wrapper') => {
    const server = await startServerProcess(env, from);
    servers.push(server);
    return server;
  };
  const get = async (server: ServerProcess, path: string) => {
    const response = await fetch(new URL(path, server.url), { headers: { cookie: session.cookie } });
    expect(response.status, `${path}: ${response.status}`).toBe(200);
    return response.json() as Promise<unknown>;
  };
  const startRefresh = (server: ServerProcess) =>
    fetch(new URL('/api/admin/maintenance/refresh', server.url), {
      method: 'POST',
      headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
    });
  // Opens the database in this process (PGlite: taking its lock, so only while no server runs).
  const withDatabase = async <T>(use: (db: Db) => Promise<T>): Promise<T> => {
    const handle = await createDb(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }));
    try {
      return await use(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    blackhole = await startBlackhole();
    dataDir = mkdtempSync(join(tmpdir(), 'heatrank-stop-'));
    await seedPgliteDataDir(dataDir);
    const base = process.env.TEST_DATABASE_URL;
    if (base) {
      const name = `heatrank_stop_${process.pid}`;
      const template = inject('postgresTemplate');
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    // The wrapper runs the built bundle (`--no-build` skips only the web build's staleness check and the bundling).
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
    env = {
      ...Object.fromEntries(SOURCE_URL_VARS.map((name) => [name, blackhole.url])),
      INGEST_TIMEOUT_MS: '600000',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JOBS_ENABLED: 'true',
      FIRST_START_REFRESH: 'true',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    };
    // A verified admin (no mail server here), inserted while the database is migrated for the first start.
    await withDatabase(async (db) => {
      await insertUser(db, {
        email: ADMIN.email,
        passwordHash: await hashPassword(ADMIN.password),
        emailVerifiedAt: new Date(),
        role: 'admin',
      });
    });
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    servers = [];
    await blackhole?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && process.env.TEST_DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
      await admin.end();
    }
  });

  test('SIGTERM during a refresh stuck on a blackholed source: exit 0 within 10 s', async () => {
    const server = await start('source');
    session = await signInOverHttp(server.url, ADMIN.email, ADMIN.password);
    const refresh = await startRefresh(server);
    expect(refresh.status).toBe(202);
    // Both the admin's full sync and the start-up refresh are inside a source call that will not answer.
    await waitFor('the source calls to hang', () => blackhole.connections() >= 2);

    const stop = await stopTimed(server);

    console.info(`[graceful-stop ${KIND}] direct server stopped in ${stop.ms} ms`);
    expect(stop).toMatchObject({ code: 0, signal: null });
    expect(stop.ms).toBeLessThan(STOP_BUDGET_MS);
    if (KIND === 'pglite') expect(() => readFileSync(join(dataDir, LOCK_FILE_NAME))).toThrow(/ENOENT/);
  });

  test("restart through npm start's wrapper: the run shows cancelled; SIGTERM to the wrapper stops its server", async () => {
    const wrapper = await start('wrapper');

    // The restart took the data directory (PGlite: its lock names the wrapper's server child) and shows the run.
    const [childPid] = readFileSync(`/proc/${wrapper.child.pid}/task/${wrapper.child.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(childPid).toBeGreaterThan(0);
    if (KIND === 'pglite') {
      const lock = readFileSync(join(dataDir, LOCK_FILE_NAME), 'utf8');
      expect(JSON.parse(lock)).toMatchObject({ pid: childPid, role: 'server' });
    }
    const runs = OperationRunsResponseSchema.parse(await get(wrapper, '/api/admin/maintenance/runs'));
    const refresh = runs.items.find((item) => item.operation === 'refresh');
    // The refresh card shows the newer of the manual refresh and the start-up refresh; the start-up one reruns at
    // this start (a cancelled run is not done), so it may already be the newer one. The manual run is cancelled.
    const manual = refresh?.run?.trigger === 'manual' ? refresh.run : null;
    if (manual) {
      expect(manual.status).toBe('cancelled');
      expect(manual.errors[0]).toMatch(/^cancelled: the server was stopping; the next run resumes the work$/);
    } else {
      expect(refresh?.run?.trigger).toBe('startup');
    }
    // The steps belong to the run the card shows: the cancelled manual one's were cancelled.
    if (manual) {
      expect(runs.refreshSteps).toContainEqual(
        expect.objectContaining({ job: 'ingest:defillama', status: 'cancelled' }),
      );
    }
    const status = SyncStatusResponseSchema.parse(await get(wrapper, '/api/sync/status'));
    expect(status.jobs.find((job) => job.job === 'full-sync')?.lastStatus).toBe('cancelled');
    const failed = status.jobs.filter((job) => job.lastStatus === 'failed');
    expect(status.metrics.failedSyncs, JSON.stringify({ failed, errors: status.errors })).toBe(0); // cancelled is not failed
    // The job's lock was released: a new refresh starts (and hangs on the blackhole like the first).
    const connectionsBefore = blackhole.connections();
    expect((await startRefresh(wrapper)).status).toBe(202);
    await waitFor('the new refresh to call its source', () => blackhole.connections() > connectionsBefore);

    const stop = await stopTimed(wrapper);

    console.info(`[graceful-stop ${KIND}] npm start wrapper stopped in ${stop.ms} ms`);
    expect(stop).toMatchObject({ code: 0, signal: null });
    expect(stop.ms).toBeLessThan(STOP_BUDGET_MS);
    expect(isAlive(childPid as number)).toBe(false);
    // Opening the database here proves it was closed (PGlite: the lock is free); no run was left 'running'.
    const fullSyncRuns = await withDatabase((db) =>
      db
        .select({ status: syncRuns.status, trigger: syncRuns.trigger })
        .from(syncRuns)
        .where(eq(syncRuns.job, 'full-sync')),
    );
    expect(fullSyncRuns).toEqual([
      { status: 'cancelled', trigger: 'manual' },
      { status: 'cancelled', trigger: 'manual' },
    ]);
  });
});
