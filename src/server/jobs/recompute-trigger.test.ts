import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectScores, syncRuns } from '../db/schema/index.ts';
import type { JobContext } from '../runs/job.ts';
import { withJobLock } from '../runs/job-lock.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { insertProject } from '../test/factories.ts';
import { createRecomputeTrigger } from './recompute-trigger.ts';

describe('the recompute after a data change', () => {
  let t: TestApp;
  let ctx: JobContext;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    ctx = t.jobContext();
  });
  afterAll(() => t.close());

  const manualRuns = async () =>
    (
      await t.db
        .select()
        .from(syncRuns)
        .where(and(eq(syncRuns.job, 'heat'), eq(syncRuns.trigger, 'manual')))
    ).length;

  test('requests made while a run goes coalesce into exactly one more run', async () => {
    const before = await manualRuns();
    const trigger = createRecomputeTrigger(ctx, 'test', 'manual');

    trigger.request();
    trigger.request();
    trigger.request();
    await trigger.settled();

    expect((await manualRuns()) - before).toBe(2);
  });

  test('while another run holds the heat lock, the request waits for it and runs after, seeing the change', async () => {
    const before = await manualRuns();
    const trigger = createRecomputeTrigger(ctx, 'test', 'manual');
    let release: () => void = () => {};
    let lockTaken: () => void = () => {};
    const taken = new Promise<void>((resolve) => (lockTaken = resolve));
    const held = withJobLock(t.db, t.handle.kind, 'heat', () => {
      lockTaken();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await taken; // the request must meet a lock already held (on PostgreSQL taking it is a round trip)

    trigger.request();
    await insertProject(t.db, { id: 'late', marketCap: 1e9, volume24h: 1e7 }); // committed while the lock is held
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // at least one refused try
    const whileHeld = (await manualRuns()) - before;
    release();
    await held;
    await trigger.settled();

    expect(whileHeld).toBe(0);
    expect((await manualRuns()) - before).toBe(1);
    const [late] = await t.db.select().from(projectScores).where(eq(projectScores.projectId, 'late'));
    expect(late?.heatScore).not.toBeNull();
  });

  test('stopped, it starts nothing new', async () => {
    const before = await manualRuns();
    const trigger = createRecomputeTrigger(ctx, 'test', 'manual');

    trigger.stop();
    trigger.request();
    await trigger.settled();

    expect(await manualRuns()).toBe(before);
  });
});
