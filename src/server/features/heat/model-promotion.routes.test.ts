import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuditResponseSchema } from '../../../shared/api/admin-data.schema.ts';
import { HeatModelSchema, HeatModelsResponseSchema } from '../../../shared/api/methodology.schema.ts';
import { NotificationsResponseSchema } from '../../../shared/api/notifications.schema.ts';
import { ProjectListResponseSchema } from '../../../shared/api/projects.schema.ts';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { CODE_SCORING_MODEL, heatScore, toScoringModel } from '../../../shared/scoring/index.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { toHeatSignals } from './heat.mappers.ts';
import { selectProjectInputs } from './heat.queries.ts';
import { recomputeHeat } from './recompute.service.ts';

// What a promotion changes for everyone: the public ranking (after the recompute it starts), every user's bell, the
// changelog — and what it must not change: the built-in model's scores.

const HOUR = 3_600_000;
// Before the wall clock: the recompute the promotion starts runs at the real time, after these.
const T0 = new Date(Date.now() - 10 * HOUR);
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

/** Development only: a project with many commits outranks a famous one with no code. */
const DEV_MODEL = {
  id: 'heat-dev-heavy',
  changelog: 'Development first.',
  definition: {
    ...CODE_MODEL_DEFINITION,
    categoryWeights: { social: 0.05, market: 0.05, development: 0.85, news: 0.05 },
  },
};

let t: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  admin = await signUpAdmin(t.app, t.db, 'promote-admin@example.com');
  ({ agent: member } = await signUpAgent(t.app, 'promote-member@example.com'));
  await insertSector(t.db, { id: 'defi', name: 'DeFi' });
  await insertProject(t.db, {
    id: 'famous',
    followersTwitter: 5_000_000,
    followersTelegram: 200_000,
    marketCap: 5e10,
    volume24h: 2e9,
    devCommits: 3,
  });
  await insertProject(t.db, {
    id: 'builder',
    followersTwitter: 2_000,
    marketCap: 2e6,
    devCommits: 8_000,
    devStars: 9e4,
  });
  await insertProject(t.db, { id: 'quiet', followersTwitter: 500, devCommits: 10 });
});
afterAll(() => t.close());

const storedScores = () =>
  queryRows<{ id: string; heat: number | null; status: string | null; model: string | null }>(
    t.db,
    sql`SELECT project_id AS id, heat_score AS heat, status, model FROM project_scores ORDER BY project_id`,
  );

async function heatOrder(): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/projects?sort=heat&order=desc&limit=10' });
  expect(res.statusCode).toBe(200);
  return ProjectListResponseSchema.parse(res.json()).items.map((p) => p.id);
}

describe('before any promotion', () => {
  test('the built-in model scores exactly as the compiled constants, and every row keeps its version', async () => {
    await recomputeHeat(t.db, { now: at(0) });

    const rows = await storedScores();
    expect(rows.map((r) => r.model)).toEqual([CODE_MODEL_ID, CODE_MODEL_ID, CODE_MODEL_ID]);
    for (const row of rows) {
      const inputs = await selectProjectInputs(t.db, row.id);
      const expected = heatScore(toHeatSignals(inputs!, (row.status ?? 'active') as 'active'), at(0)).score;
      expect(row.heat).toBe(expected); // bit for bit, not close to
    }
    // The registry's stored copy of the code model (jsonb: its keys in another order) is the compiled model itself.
    const stored = await queryRows<{ definition: typeof CODE_MODEL_DEFINITION }>(
      t.db,
      sql`SELECT definition FROM heat_models WHERE id = ${CODE_MODEL_ID} AND status = 'current'`,
    );
    expect(toScoringModel(CODE_MODEL_ID, stored[0]!.definition)).toBe(CODE_SCORING_MODEL);
    expect(await heatOrder()).toEqual(['famous', 'builder', 'quiet']);
  });

  test('a run with nothing changed re-scores nothing (the incremental path)', async () => {
    const result = await recomputeHeat(t.db, { now: at(1) });

    expect(result).toMatchObject({ scope: 'incremental', projectsRescored: 0 });
  });
});

describe('POST /api/admin/methodology/models/:id/promote', () => {
  test('a member is refused (403) and nothing changes', async () => {
    const created = await admin.request({ method: 'POST', url: '/api/admin/methodology/models', payload: DEV_MODEL });
    expect(created.statusCode).toBe(201);

    const res = await member.request({ method: 'POST', url: `/api/admin/methodology/models/${DEV_MODEL.id}/promote` });

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ADMIN_REQUIRED');
    const models = HeatModelsResponseSchema.parse((await t.app.inject({ url: '/api/methodology/models' })).json());
    expect(models.current).toBe(CODE_MODEL_ID);
    expect(await heatOrder()).toEqual(['famous', 'builder', 'quiet']);
  });

  test('the admin promotes: audited, and the recompute it starts re-ranks /api/projects under the new version', async () => {
    const res = await admin.request({ method: 'POST', url: `/api/admin/methodology/models/${DEV_MODEL.id}/promote` });
    await t.app.heatRescore.settled();

    expect(res.statusCode).toBe(200);
    expect(HeatModelSchema.parse(res.json())).toMatchObject({ id: DEV_MODEL.id, status: 'current' });
    expect(await heatOrder()).toEqual(['builder', 'quiet', 'famous']); // commits decide now
    expect((await storedScores()).map((r) => r.model)).toEqual([DEV_MODEL.id, DEV_MODEL.id, DEV_MODEL.id]);
    const audit = AuditResponseSchema.parse(
      (await admin.request({ url: '/api/admin/audit?entity=heat-model' })).json(),
    );
    expect(audit.items.map((e) => e.action)).toEqual(['heat-model.promote', 'heat-model.create']);
    expect(audit.items[0]).toMatchObject({
      actorEmail: 'promote-admin@example.com',
      before: { current: CODE_MODEL_ID },
      after: { current: DEV_MODEL.id },
    });
  });

  test('the changelog dates the promotion and lists the weights that moved', async () => {
    const models = HeatModelsResponseSchema.parse((await t.app.inject({ url: '/api/methodology/models' })).json());

    expect(models).toMatchObject({ current: DEV_MODEL.id, scoring: DEV_MODEL.id });
    const entry = models.changelog[0];
    expect(entry).toMatchObject({ id: DEV_MODEL.id, previous: CODE_MODEL_ID, changes: DEV_MODEL.changelog });
    expect(entry?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(entry?.weightChanges[0]).toMatchObject({ key: 'commits52w', before: expect.closeTo(0.05, 9) });
    expect(entry?.weightChanges[0]?.after).toBeCloseTo((0.85 * 5) / 15, 9);
    expect(entry?.ruleChanges).toEqual([]);
  });

  test('every user made before it is told once, by one broadcast row; a user made after it is not', async () => {
    const page = NotificationsResponseSchema.parse((await member.request({ url: '/api/notifications' })).json());
    const [broadcasts] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM notification_broadcasts`,
    );
    const { agent: later } = await signUpAgent(t.app, 'promote-later@example.com');
    const laterPage = NotificationsResponseSchema.parse((await later.request({ url: '/api/notifications' })).json());

    expect(broadcasts?.n).toBe(1);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: 'model_promoted',
      link: '/methodology#changelog',
      readAt: null,
      params: { model: DEV_MODEL.id, previous: CODE_MODEL_ID },
    });
    expect(laterPage.items.filter((n) => n.kind === 'model_promoted')).toEqual([]);

    const read = await member.request({ method: 'POST', url: `/api/notifications/${page.items[0]?.id}/read` });
    expect(read.json()).toEqual({ unread: 0 });
    const adminPage = NotificationsResponseSchema.parse((await admin.request({ url: '/api/notifications' })).json());
    expect(adminPage.unread).toBe(1); // read per user
    await admin.request({ method: 'POST', url: '/api/notifications/read-all' });
    expect((await admin.request({ url: '/api/notifications/unread-count' })).json()).toEqual({ unread: 0 });
  });

  test('promoting the current version again is a 200 that changes nothing: no audit row, notice or re-score', async () => {
    const before = await storedScores();

    const res = await admin.request({ method: 'POST', url: `/api/admin/methodology/models/${DEV_MODEL.id}/promote` });
    await t.app.heatRescore.settled();

    expect(res.statusCode).toBe(200);
    expect(HeatModelSchema.parse(res.json())).toMatchObject({ id: DEV_MODEL.id, status: 'current' });
    const audit = AuditResponseSchema.parse(
      (await admin.request({ url: '/api/admin/audit?entity=heat-model' })).json(),
    );
    expect(audit.items).toHaveLength(2);
    const [broadcasts] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM notification_broadcasts`,
    );
    expect(broadcasts?.n).toBe(1);
    expect(await storedScores()).toEqual(before);
  });

  test('a retired version is not promoted back (409); the next run after a promotion re-scores every project', async () => {
    const retired = await admin.request({
      method: 'POST',
      url: `/api/admin/methodology/models/${CODE_MODEL_ID}/promote`,
    });
    expect(retired.statusCode).toBe(409);
    expect(retired.json().error.code).toBe('HEAT_MODEL_NOT_CANDIDATE');

    const second = { ...DEV_MODEL, id: 'heat-dev-heavy-2' };
    await admin.request({ method: 'POST', url: '/api/admin/methodology/models', payload: second });
    await t.db.execute(sql`UPDATE heat_models SET status = 'retired' WHERE status = 'current'`);
    await t.db.execute(sql`UPDATE heat_models SET status = 'current', promoted_at = now() WHERE id = ${second.id}`);
    const result = await recomputeHeat(t.db, { now: new Date() });

    expect(result).toMatchObject({ scope: 'full', projectsRescored: 3 });
    expect((await storedScores()).map((r) => r.model)).toEqual([second.id, second.id, second.id]);
  });
});
