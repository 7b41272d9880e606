import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.ts';
import type { AppEvent } from '../../events/event-bus.ts';
import { afterRecompute } from '../../jobs/after-recompute.ts';
import { encryptSecret } from '../../secret-crypto.ts';
import { startFakeServer } from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import type { RecomputeResult } from '../heat/recompute.service.ts';
import { getAlert, insertAlert, insertUser, listAlertNotifications, setProjectHeat } from './evaluate.test-support.ts';

const resultAt = (at: string): RecomputeResult => ({
  at,
  scope: 'full',
  projects: 1,
  projectsChanged: 0,
  projectsRescored: 1,
  planRowsRead: 0,
  rowsWritten: 0,
  sectors: 0,
  historyRows: 0,
  strategy: 'update',
  baselineAt: null,
  statuses: { trending: 0, rising: 0, new: 0, active: 1 },
  scored: 1,
  unscored: 0,
  timingsMs: {},
});

describe('afterRecompute evaluates alerts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      catalogue: false,
      env: { SECRET_KEY: 'test-secret-key-test-secret-key-0123456789', ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
  });
  afterAll(() => t.close());

  test('each recompute evaluates every alert before the event goes out', async () => {
    const userId = await insertUser(t.db);
    const project = await insertProject(t.db, { heatScore: 10 });
    const alert = await insertAlert(t.db, { userId, projectId: project.id, kind: 'heat_above', threshold: 20 });
    const published: AppEvent[] = [];
    const deps = {
      db: t.db,
      dbKind: t.handle.kind,
      events: { publish: async (e: AppEvent) => void published.push(e) },
    };
    await afterRecompute(deps, resultAt('2026-11-24T12:00:00.000Z'));
    await setProjectHeat(t.db, project.id, 30);
    await afterRecompute(deps, resultAt('2026-11-24T12:05:00.000Z'));
    expect(await getAlert(t.db, alert.id)).toMatchObject({ state: 'fired' });
    expect(await listAlertNotifications(t.db, userId)).toHaveLength(1);
    expect(published.map((e) => e.type)).toEqual(['heat.recomputed', 'heat.recomputed']);
  });

  test('with a config and the mailer (the scheduled job), the webhook of a firing goes out at once, without waiting for the job', async () => {
    const server = await startFakeServer(() => ({ status: 200 }));
    try {
      const userId = await insertUser(t.db);
      const project = await insertProject(t.db, { heatScore: 10 });
      await insertAlert(t.db, {
        userId,
        projectId: project.id,
        kind: 'heat_above',
        threshold: 20,
        webhookUrl: `${server.url}/hook`,
        webhookSecret: encryptSecret('whsec', t.config.SECRET_KEY ?? ''),
      });
      const deps = {
        db: t.db,
        dbKind: t.handle.kind,
        events: { publish: async () => {} },
        config: t.config,
        mailer: t.mailer,
      };
      await afterRecompute(deps, resultAt('2026-11-25T12:00:00.000Z'));
      await setProjectHeat(t.db, project.id, 30);
      await afterRecompute(deps, resultAt('2026-11-25T12:05:00.000Z'));
      for (let i = 0; i < 100 && server.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  test('a failing evaluation (and every other failing follow-up) is logged and the recompute still ends normally', async () => {
    const broken = { transaction: () => Promise.reject(new Error('database went away')) } as unknown as Db;
    const published: AppEvent[] = [];
    const errors: string[] = [];
    const log = { error: (_obj: unknown, message: string) => void errors.push(message) } as unknown as NonNullable<
      Parameters<typeof afterRecompute>[0]['log']
    >;
    await afterRecompute(
      { db: broken, dbKind: 'postgres', events: { publish: async (e: AppEvent) => void published.push(e) }, log },
      resultAt('2026-11-24T12:10:00.000Z'),
    );
    expect(errors).toEqual([
      'trend ranks not refreshed after the recompute',
      'search suggestions not refreshed after the recompute',
      'alert evaluation after the recompute failed',
      'search alerts not evaluated',
    ]);
    expect(published).toHaveLength(1);
  });
});
