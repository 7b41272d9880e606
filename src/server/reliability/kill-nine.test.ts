import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import { dailySignals, heatHistory, projects, syncRuns } from '../db/schema/index.ts';
import { bulkProject } from '../features/admin/bulk-project.test-support.ts';
import { seedSynthetic } from '../features/synthetic/synthetic.service.ts';
import { openRuntime } from '../runtime.ts';
import { fakeHistoryEnv, fakeHistoryRoute } from '../sources/testing/fake-history.ts';
import { FAST_INGEST_ENV, type FakeServer, startFakeServer } from '../sources/testing/fake-server.ts';
import { freePort } from '../test/free-port.ts';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres } from './private-postgres.ts';

// kill -9 in the middle of a recompute, an import and a backfill, each run as its CLI in a process of its own
// (crash-worker.ts: the CLIs with their progress bars on stdout, so the kill lands while the work is under way).
// After each kill: nothing committed is lost, an import is all or nothing (the project count is the one before or
// the one after, never between), the data directory reopens (PGlite: the dead process's lock is taken over) and the
// next run completes. On PGlite in a temporary DATA_DIR, and on a private PostgreSQL cluster when installed.

const SYNTHETIC = 4_000; // enough projects that a recompute and an import take a moment to kill
const IMPORTED = 2_000;

type Worker = { child: ChildProcess; lines: string[]; exit: Promise<number | null> };

function startWorker(args: string[], env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/reliability/crash-worker.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', FIRST_START_REFRESH: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr?.on('data', (chunk: Buffer) => lines.push(`stderr ${chunk.toString().trim()}`));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exit };
}

/** Waits for a line matching `pattern`, then kills the worker with SIGKILL; returns the line it was killed at. */
// The deadline is generous: on a loaded 2-core machine a backfill has taken over 30 s to reach the line it is killed at.
async function killWhen(worker: Worker, pattern: RegExp, timeoutMs = 75_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = worker.lines.find((l) => pattern.test(l));
    if (line) {
      worker.child.kill('SIGKILL');
      await worker.exit;
      return line;
    }
    if (worker.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no line matching ${pattern} (exit ${worker.child.exitCode}):\n${worker.lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function runToEnd(args: string[], env: Record<string, string>): Promise<string[]> {
  const worker = startWorker(args, env);
  const code = await worker.exit;
  if (code !== 0) throw new Error(`worker ${args.join(' ')} exited ${code}:\n${worker.lines.join('\n')}`);
  return worker.lines;
}

// One kind per suite run (neither uses the suite's own database): PGlite in `npm test`, the private PostgreSQL
// cluster in the run with TEST_DATABASE_URL (CI runs both), instead of both kinds twice.
const pgBin = findPostgresBin();
const KIND = process.env.TEST_DATABASE_URL ? ('postgres' as const) : ('pglite' as const);

describe.skipIf(KIND === 'postgres' && !pgBin).each([{ kind: KIND }])(
  'kill -9 on $kind',
  { timeout: 150_000 },
  ({ kind }) => {
    let dir: string;
    let env: Record<string, string>;
    let pg: PrivatePostgres | undefined;
    let fake: FakeServer;

    /** Opens the database in this process (PGlite: taking the data directory's lock), reads, closes. */
    async function read<T>(fn: (handle: DbHandle) => Promise<T>): Promise<T> {
      const handle = await createDb(loadConfig({ ...env, CATALOGUE_AUTOLOAD: 'false' }), { role: 'kill-nine-test' });
      try {
        return await fn(handle);
      } finally {
        await handle.close();
      }
    }
    const projectCount = () => read(async ({ db }) => (await db.select({ n: count() }).from(projects))[0]?.n ?? 0);
    const latestRun = (job: string) =>
      read(async ({ db }) => {
        const [run] = await db
          .select()
          .from(syncRuns)
          .where(eq(syncRuns.job, job))
          .orderBy(desc(syncRuns.startedAt))
          .limit(1);
        return run;
      });

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'heatrank-kill9-'));
      // Every answer of the fake history sources takes a little while, so a backfill is still running when killed.
      const route = fakeHistoryRoute(() => new Date());
      fake = await startFakeServer(async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return route(request);
      });
      if (kind === 'postgres') pg = await startPrivatePostgres(await freePort());
      env = {
        NODE_ENV: 'production',
        ...FAST_INGEST_ENV,
        ...fakeHistoryEnv(fake.url),
        ...(pg ? { DATABASE_URL: pg.url, DATA_DIR: dir } : { DATA_DIR: join(dir, 'data') }),
      };
      // The catalogue, scored once: the committed state every kill below must leave intact.
      const runtime = await openRuntime(loadConfig({ ...env, CATALOGUE_AUTOLOAD: 'true' }), {
        role: 'kill-nine-setup',
      });
      await runtime.close();
    }, 90_000);
    afterAll(async () => {
      await fake?.close();
      await pg?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    test('a backfill killed mid-way keeps the days it stored; the next run completes', async () => {
      // 60 days, killed once 300 of the 515 (project, source) pairs are fetched: the backfill commits every 20,000
      // values, so some are committed by then and the rest are still in memory.
      const killedAt = await killWhen(
        startWorker(['backfill', '60'], env),
        /progress backfill \[[^\]]*\] ([3-9]\d{2})\//,
      );
      const kept = await read(async ({ db }) => (await db.select({ n: count() }).from(dailySignals))[0]?.n ?? 0);
      console.info(`${kind}: backfill killed at "${killedAt}", ${kept} daily values kept`);

      const lines = await runToEnd(['backfill', '60'], env);

      expect(lines.join('\n')).toMatch(/done 0/);
      const after = await read(async ({ db }) => (await db.select({ n: count() }).from(dailySignals))[0]?.n ?? 0);
      expect(kept).toBeGreaterThan(0);
      expect(after).toBeGreaterThanOrEqual(kept);
      expect(await latestRun('history-backfill')).toMatchObject({ status: 'success' });
    });

    test('a recompute killed while writing scores loses no committed history; the next run completes', async () => {
      await read(async ({ db }) => {
        await seedSynthetic(db, { count: SYNTHETIC, seed: 21, now: new Date() });
      });
      const before = await read(async ({ db }) => ({
        projects: (await db.select({ n: count() }).from(projects))[0]?.n ?? 0,
        history: (await db.select({ n: count() }).from(heatHistory))[0]?.n ?? 0,
      }));

      const killedAt = await killWhen(startWorker(['recompute'], env), /progress write/);
      console.info(`${kind}: recompute killed at "${killedAt}"`);
      const afterKill = await read(async ({ db }) => ({
        projects: (await db.select({ n: count() }).from(projects))[0]?.n ?? 0,
        history: (await db.select({ n: count() }).from(heatHistory))[0]?.n ?? 0,
      }));
      expect(afterKill.projects).toBe(before.projects);
      expect(afterKill.history).toBeGreaterThanOrEqual(before.history);

      const lines = await runToEnd(['recompute'], env);

      expect(lines.join('\n')).toMatch(/done 0 recomputed/);
      expect(await latestRun('heat')).toMatchObject({ status: 'success' });
      // The killed run does not stay "running" (the sync status would say a sync is in progress for ever).
      const running = await read(({ db }) =>
        db
          .select()
          .from(syncRuns)
          .where(and(eq(syncRuns.job, 'heat'), eq(syncRuns.status, 'running'))),
      );
      expect(running).toEqual([]);
    });

    test('an import killed mid-way is all or nothing; the next run completes', async () => {
      const before = await projectCount();
      const file = join(dir, 'import.json');
      const generated = Array.from({ length: IMPORTED }, (_, i) => bulkProject(i));
      writeFileSync(file, JSON.stringify({ projects: generated }));

      const killedAt = await killWhen(startWorker(['import', file], env), /progress importing \[.*\] ([1-9]\d*)\//);
      const afterKill = await projectCount();
      console.info(`${kind}: import killed at "${killedAt}": ${before} projects before, ${afterKill} after the kill`);
      expect([before, IMPORTED]).toContain(afterKill);

      const lines = await runToEnd(['import', file], env);

      expect(lines.join('\n')).toMatch(/done 0 imported \(replace\)/);
      expect(await projectCount()).toBe(IMPORTED);
    });
  },
);
