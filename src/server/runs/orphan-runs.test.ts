import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { syncRuns } from '../db/schema/index.ts';
import { JOB_CATALOGUE } from '../jobs/registry.ts';
import { createScheduler } from '../jobs/scheduler.ts';
import { openRuntime } from '../runtime.ts';
import { createFreshDatabase } from '../test/build-test-app.ts';
import { seedPgliteDataDir } from '../test/pglite-template.ts';
import type { JobContext } from './job.ts';
import { getSyncStatus } from './sync-status.ts';

// A run whose process was killed mid-way stays 'running' in sync_runs; nothing would ever close it, and
// /api/sync/status said syncInProgress for up to an hour. Its owner is gone once its lock is free.

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function insertKilledRun(db: Db, job: string, startedAt: Date) {
  const [row] = await db
    .insert(syncRuns)
    .values({ job, trigger: 'schedule', instance: 'gone:1', status: 'running', startedAt })
    .returning({ id: syncRuns.id });
  return row!.id;
}

describe('runs left running by a killed process', () => {
  let config: Config;
  let dataDir: string | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const fresh = await createFreshDatabase();
    drop = fresh?.drop;
    dataDir = fresh ? undefined : mkdtempSync(join(tmpdir(), 'heatrank-orphan-runs-'));
    if (dataDir) await seedPgliteDataDir(dataDir);
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
      CATALOGUE_AUTOLOAD: 'false',
      WEB_DIST_DIR: '/nonexistent',
      ...(fresh ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir as string }),
    });
  });
  afterAll(async () => {
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('are marked failed at start-up, so the status no longer says a sync is in progress', {
    timeout: 180_000,
  }, async () => {
    const first = await openRuntime(config);
    const id = await insertKilledRun(first.handle.db, 'heat', minutesAgo(5));
    await first.close();

    const second = await openRuntime(config);
    try {
      const [row] = await second.handle.db.select().from(syncRuns).where(eq(syncRuns.id, id));
      expect(row).toMatchObject({ status: 'failed' });
      expect(row?.finishedAt).not.toBeNull();
      expect(row?.errors.join()).toMatch(/interrupted/);
      expect(
        (await getSyncStatus({ db: second.handle.db, config, jobs: JOB_CATALOGUE }, new Date())).syncInProgress,
      ).toBe(false);
    } finally {
      await second.close();
    }
  });

  test('are marked failed when the next run of the same job takes its lock; other jobs are untouched', {
    timeout: 120_000,
  }, async () => {
    const runtime = await openRuntime(config);
    try {
      const db = runtime.handle.db;
      const orphan = await insertKilledRun(db, 'tick', minutesAgo(3));
      const otherJob = await insertKilledRun(db, 'tock', minutesAgo(3));
      const ctx: JobContext = {
        db,
        dbKind: runtime.handle.kind,
        config,
        events: runtime.events,
        cache: runtime.cache,
        mailer: runtime.mailer,
        now: () => new Date(),
      };
      const tick = { name: 'tick', everyMs: 60_000, run: async () => ({ counts: {}, errors: [] }) };

      const result = await createScheduler([tick], ctx, silent).runNow('tick');

      expect(result).toMatchObject({ ran: true, status: 'success' });
      const rows = await db.select().from(syncRuns);
      expect(rows.find((r) => r.id === orphan)).toMatchObject({ status: 'failed' });
      expect(rows.find((r) => r.id === orphan)?.errors.join()).toMatch(/interrupted/);
      expect(rows.find((r) => r.id === otherJob)).toMatchObject({ status: 'running' });
    } finally {
      await runtime.close();
    }
  });
});
