import { type AddressInfo, createServer, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { syncRuns } from '../db/schema/index.ts';
import type { Job, JobContext } from '../runs/job.ts';
import { toCronPattern } from '../runs/job-schedule.ts';
import { requestJson, toHttpPolicy } from '../sources/http.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { ALL_JOBS } from './registry.ts';
import { createScheduler } from './scheduler.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;
let ctx: JobContext;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  ctx = t.jobContext();
});
afterAll(() => t.close());

describe('toCronPattern', () => {
  test.each([
    { job: { everyMs: 5 * 60_000 }, pattern: '0 */5 * * * *' },
    { job: { everyMs: 60 * 60_000 }, pattern: '0 0 */1 * * *' },
    { job: { everyMs: 24 * 60 * 60_000 }, pattern: '0 0 0 * * *' },
    { job: { everyMs: 1_000 }, pattern: '*/1 * * * * *' },
    { job: { cron: '15 3 * * *' }, pattern: '0 15 3 * * *' },
    { job: { cron: '0 7 * * * *' }, pattern: '0 7 * * * *' },
  ])('$job → $pattern', ({ job, pattern }) => {
    expect(toCronPattern({ name: 'x', ...job })).toBe(pattern);
  });

  test('rejects an interval that does not divide a minute, an hour or a day', () => {
    expect(() => toCronPattern({ name: 'x', everyMs: 7 * 60_000 })).toThrow(/does not divide/);
  });
});

describe('the job list', () => {
  test('runs the spec intervals: heat every 5 min, market data every hour, full sync every 24 h', () => {
    const pattern = (name: string) => {
      const job = ALL_JOBS.find((j) => j.name === name);
      return job && toCronPattern(job);
    };

    expect(pattern('heat')).toBe('0 */5 * * * *');
    expect(pattern('ingest-market')).toBe('0 0 */1 * * *');
    expect(pattern('full-sync')).toBe('0 30 2 * * *');
    expect(pattern('history-retention')).toBe('0 7 * * * *');
    expect(ALL_JOBS.filter((j) => j.runAtStartup).map((j) => j.name)).toEqual(['heat', 'history-backfill']);
  });
});

describe('createScheduler', () => {
  test('never overlaps runs of one job: a second start while it runs is skipped', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Job = {
      name: 'slow',
      everyMs: 60_000,
      run: async () => {
        await gate;
        return { counts: { done: 1 }, errors: [] };
      },
    };
    const scheduler = createScheduler([slow], ctx, silent);

    const first = scheduler.runNow('slow');
    const second = await scheduler.runNow('slow');
    release();

    expect(second).toEqual({ ran: false, reason: 'busy' });
    expect(await first).toMatchObject({ ran: true, status: 'success' });
    const rows = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'slow'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', trigger: 'manual', counts: { done: 1 } });
    expect(rows[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('records a failing job as failed with its error, without throwing', async () => {
    const broken: Job = {
      name: 'broken',
      everyMs: 60_000,
      run: async () => {
        throw new Error('source exploded');
      },
    };

    const result = await createScheduler([broken], ctx, silent).runNow('broken');

    expect(result).toMatchObject({ ran: true, status: 'failed' });
    const [row] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'broken'));
    expect(row).toMatchObject({ status: 'failed', errors: ['source exploded'] });
  });

  test('fires on its schedule and records each slot once', async () => {
    const ticks: Job = { name: 'ticks', everyMs: 1_000, run: async () => ({ counts: {}, errors: [] }) };
    const scheduler = createScheduler([ticks], ctx, silent);

    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    await scheduler.stop();

    const rows = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'ticks'));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.trigger === 'schedule' && r.scheduledFor?.getUTCMilliseconds() === 0)).toBe(true);
    expect(new Set(rows.map((r) => r.scheduledFor?.getTime())).size).toBe(rows.length);
  });

  test('stop() aborts a run waiting on a source that never answers and records it cancelled', async () => {
    // A source that accepts and never answers: only the run's AbortSignal can end the call before its 15 s timeout.
    // Only connections that carry this run's path count: on a busy machine another file's late retry can reach a
    // reused port, which says nothing about this run.
    const path = `/stuck-${process.pid}-${Date.now()}`;
    const sockets: Socket[] = [];
    const requests: Socket[] = [];
    const blackhole = createServer((socket) => {
      sockets.push(socket);
      socket.once('data', (chunk) => {
        if (chunk.toString('latin1').includes(path)) requests.push(socket);
      });
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const { port } = blackhole.address() as AddressInfo;
    const stuck: Job = {
      name: 'stuck',
      everyMs: 60_000,
      run: async (runCtx) => {
        await requestJson('test', `http://127.0.0.1:${port}${path}`, toHttpPolicy(runCtx.config, runCtx.signal));
        return { counts: {}, errors: [] };
      },
    };
    const scheduler = createScheduler([stuck], ctx, silent);
    const run = scheduler.runNow('stuck');
    while (requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));

    const startedAt = performance.now();
    await scheduler.stop();
    const stoppedMs = performance.now() - startedAt;

    for (const socket of sockets) socket.destroy();
    blackhole.close();
    expect(stoppedMs).toBeLessThan(1_000);
    expect(await run).toMatchObject({ ran: true, status: 'cancelled' });
    const [row] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'stuck'));
    expect(row).toMatchObject({
      status: 'cancelled',
      errors: ['cancelled: the scheduler was stopped; the next run resumes the work'],
    });
    expect(requests).toHaveLength(1); // aborted, not retried
  });
  test('once stop() is called no run starts, not even one chained after a cancelled run, and stop() waits for all', async () => {
    // The start-up jobs run one after another (jobs.plugin.ts): the recompute, then the history backfill. A stop during
    // the first used to start the second after stop() had taken its list of runs to wait for; the database then
    // closed under it and its row stayed 'running', closed as failed by the next start.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first: Job = {
      name: 'chain-first',
      everyMs: 60_000,
      run: async () => {
        await gate; // still finishing its work when the stop arrives (does not watch the signal)
        return { counts: {}, errors: [] };
      },
    };
    let secondStarted = false;
    const second: Job = {
      name: 'chain-second',
      everyMs: 60_000,
      run: async () => {
        secondStarted = true;
        return { counts: {}, errors: [] };
      },
    };
    const scheduler = createScheduler([first, second], ctx, silent);
    const chain = (async () => {
      await scheduler.runNow('chain-first', 'startup');
      return scheduler.runNow('chain-second', 'startup');
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const stopped = scheduler.stop();
    release();
    await stopped;

    expect(await chain).toMatchObject({ ran: false, reason: 'stopping' });
    expect(secondStarted).toBe(false);
    const rows = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'chain-second'));
    expect(rows).toEqual([]);
    const [firstRow] = await t.db.select().from(syncRuns).where(eq(syncRuns.job, 'chain-first'));
    expect(firstRow?.status).toBe('success'); // it finished its work: recorded as it ended
  });
});
