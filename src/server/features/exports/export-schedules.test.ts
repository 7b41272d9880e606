import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ScheduleSchema, SchedulesResponseSchema } from '../../../shared/api/exports.schema.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { exportSchedules, exports, notifications, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, readLatestMail, signUpAgent } from '../auth/auth.test-support.ts';
import { insertProjects, signUpWithPoints } from '../saved-searches/saved-searches.test-support.ts';
import { runDueSchedules } from './export-schedules.service.ts';
import { waitForExport } from './exports.test-support.ts';

const WEEKLY = {
  source: { kind: 'directory', filters: { sort: 'heat' } },
  options: { format: 'csv', language: 'en', includeMetadata: false },
  frequency: 'weekly',
  delivery: 'download',
} as const;

const createSchedule = (agent: Agent, payload: object = WEEKLY) =>
  agent.request({ method: 'POST', url: '/api/export-schedules?lang=en', payload });

describe('scheduled exports', () => {
  let t: TestApp;
  /** A second instance on PostgreSQL: its own connection pool on the same database (PGlite: the same database). */
  let second: DbHandle | undefined;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProjects(t.db, [{ id: 'alpha', heat: 80 }]);
    if (t.config.DATABASE_URL) second = await createDb(t.config);
  });
  afterAll(async () => {
    if (second) await second.close();
    await t.close();
  });

  const deps = (db = t.db) => ({ db, dbKind: t.handle.kind, config: t.config, mailer: t.mailer });
  const makeDue = (id: string, at: Date) =>
    t.db.update(exportSchedules).set({ nextRunAt: at }).where(eq(exportSchedules.id, id));
  const exportsOf = (scheduleId: string) => t.db.select().from(exports).where(eq(exports.scheduleId, scheduleId));

  test('create, list and cancel: premium only, own rows only, first run one period later', async () => {
    const { agent: free } = await signUpAgent(t.app, 'sch-free@example.com');
    const owner = await signUpWithPoints(t.app, t.db, 'sch-owner@example.com');
    const other = await signUpWithPoints(t.app, t.db, 'sch-other@example.com');

    const locked = await createSchedule(free);
    const before = Date.now();
    const created = await createSchedule(owner.agent);
    const schedule = ScheduleSchema.parse(created.json());
    const theirs = SchedulesResponseSchema.parse(
      (await other.agent.request({ method: 'GET', url: '/api/export-schedules' })).json(),
    );
    const stolen = await other.agent.request({ method: 'DELETE', url: `/api/export-schedules/${schedule.id}` });
    const cancelled = await owner.agent.request({ method: 'DELETE', url: `/api/export-schedules/${schedule.id}` });
    const mine = SchedulesResponseSchema.parse(
      (await owner.agent.request({ method: 'GET', url: '/api/export-schedules' })).json(),
    );

    expect(locked.statusCode).toBe(403);
    expect(created.statusCode).toBe(201);
    expect(Date.parse(schedule.nextRunAt) - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(Date.parse(schedule.nextRunAt) - before).toBeLessThan(7 * 86_400_000 + 5000);
    expect(theirs.items).toEqual([]);
    expect(stolen.statusCode).toBe(404);
    expect(cancelled.statusCode).toBe(204);
    expect(mine.items).toEqual([]);
  });

  test('at most 10 active schedules per user: the 11th is a 409', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'sch-cap@example.com');
    const responses = await Promise.all(Array.from({ length: 12 }, () => createSchedule(agent)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual([
      'EXPORT_SCHEDULE_LIMIT_REACHED',
      'EXPORT_SCHEDULE_LIMIT_REACHED',
    ]);
  });

  test('a due schedule runs exactly once per period with two instances running the job at the same time', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'sch-once@example.com');
    const { id } = (await createSchedule(agent)).json();
    const now = new Date();
    await makeDue(id, new Date(now.getTime() - 60_000));

    const runs = await Promise.all([
      runDueSchedules(deps(), now),
      runDueSchedules(deps(second?.db ?? t.db), now),
      runDueSchedules(deps(), now),
    ]);

    expect(runs.reduce((sum, r) => sum + r.claimed, 0)).toBe(1);
    const made = await exportsOf(id);
    expect(made.map((e) => e.state)).toEqual(['completed']);
    const [row] = await t.db.select().from(exportSchedules).where(eq(exportSchedules.id, id));
    expect(row?.nextRunAt.getTime()).toBe(now.getTime() - 60_000 + 7 * 86_400_000);
    // The next period is not due yet: another pass claims nothing.
    expect((await runDueSchedules(deps(), new Date(now.getTime() + 1000))).claimed).toBe(0);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.kind, 'export_ready'));
    expect(note?.params).toMatchObject({ exportId: made[0]?.id });
  });

  test('a scheduled export runs with the same options: raw values and chosen columns reach its file', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'sch-options@example.com');
    const options = { format: 'csv', language: 'zh', includeMetadata: false, raw: true, columns: ['id', 'heatScore'] };
    const created = await createSchedule(agent, { ...WEEKLY, options });
    const { id } = ScheduleSchema.parse(created.json());
    const now = new Date();
    await makeDue(id, new Date(now.getTime() - 60_000));

    await runDueSchedules(deps(), now);
    const [made] = await exportsOf(id);
    const done = await waitForExport(agent, made!.id);
    const file = await agent.request({ method: 'GET', url: `/api/exports/${done.id}/download` });

    expect(created.json().options).toMatchObject({ raw: true, columns: ['id', 'heatScore'] });
    expect(made?.options).toMatchObject({ raw: true, columns: ['id', 'heatScore'] });
    expect(file.body).toBe('\uFEFFid,heatScore\r\nalpha,80\r\n'); // raw: keys as headers, even in a zh export
  });

  test('a schedule far behind runs once and moves to the first period after now', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'sch-behind@example.com');
    const { id } = (await createSchedule(agent, { ...WEEKLY, frequency: 'monthly' })).json();
    const now = new Date('2026-11-24T12:00:00Z');
    await makeDue(id, new Date('2026-08-10T09:00:00Z'));

    const run = await runDueSchedules(deps(), now);

    expect(run.claimed).toBe(1);
    const [row] = await t.db.select().from(exportSchedules).where(eq(exportSchedules.id, id));
    expect(row?.nextRunAt.toISOString()).toBe('2026-12-10T09:00:00.000Z');
  });

  test('e-mail delivery sends a link to the file; over quota or without the tier, the run is failed and notified', async () => {
    const owner = await signUpWithPoints(t.app, t.db, 'sch-mail@example.com');
    const { id } = (await createSchedule(owner.agent, { ...WEEKLY, delivery: 'email' })).json();
    await makeDue(id, new Date(Date.now() - 1000));

    const mailed = await runDueSchedules(deps(), new Date());

    expect(mailed).toMatchObject({ claimed: 1, completed: 1, mailed: 1 });
    const [made] = await exportsOf(id);
    const { mail } = await readLatestMail(t.db, 'sch-mail@example.com');
    expect(mail.text).toContain(`/api/exports/${made?.id}/download`);

    // Over today's quota: 10 exports already made.
    const made9: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const response = await owner.agent.request({
        method: 'POST',
        url: '/api/exports',
        payload: { source: { kind: 'directory', filters: {} }, options: { format: 'json' } },
      });
      made9.push(response.json().id);
    }
    for (const exportId of made9) await waitForExport(owner.agent, exportId);
    await makeDue(id, new Date(Date.now() - 1000));
    const limited = await runDueSchedules(deps(), new Date());
    expect(limited).toMatchObject({ claimed: 1, failed: 1 });
    const failed = (await exportsOf(id)).filter((e) => e.state === 'failed');
    expect(failed.map((e) => e.error)).toEqual(['EXPORT_LIMIT_REACHED']);

    // The owner lost the tier.
    await t.db.update(userProfiles).set({ points: 0 }).where(eq(userProfiles.id, owner.userId));
    await makeDue(id, new Date(Date.now() - 500));
    await runDueSchedules(deps(), new Date());
    const reasons = (await exportsOf(id)).map((e) => e.error).filter(Boolean);
    expect(reasons.sort()).toEqual(['EXPORT_LIMIT_REACHED', 'FEATURE_LOCKED']);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.kind, 'export_failed')));
    expect(notes.map((n) => n.params.error).sort()).toEqual(['EXPORT_LIMIT_REACHED', 'FEATURE_LOCKED']);
  });
});
