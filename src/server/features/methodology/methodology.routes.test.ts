import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AuditResponseSchema } from '../../../shared/api/admin-data.schema.ts';
import {
  EvaluationResponseSchema,
  HeatModelSchema,
  HeatModelsResponseSchema,
} from '../../../shared/api/methodology.schema.ts';
import { createSyntheticPanel } from '../../../shared/methodology/evaluation.test-support.ts';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';
import { runEvaluation } from './evaluation-run.service.ts';
import { seedStoredHistory } from './methodology.test-support.ts';

// 75 stored days of 120 projects in two sectors, page views and news planted to follow heat by 7 days; no Reddit
// authors stored at all.
const synthetic = createSyntheticPanel({ projects: 120, days: 75, seed: 21, attentionLag: 7 });
const { redditAuthors: _none, ...storedSignals } = synthetic.signals;
const panel = { ...synthetic, signals: storedSignals };
const LAST_DAY = panel.days[74] as string; // 2026-03-16
const AFTER_LAST = new Date(`${LAST_DAY}T12:00:00Z`);
const FAST = { horizons: [7], resamples: 200 } as const;

let t: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  admin = await signUpAdmin(t.app, t.db, 'methodology-admin@example.com');
  member = (await signUpAgent(t.app, 'methodology-member@example.com')).agent;
});
afterAll(() => t.close());

const getEvaluation = async (query: string) => {
  const res = await t.app.inject({ url: `/api/methodology/evaluation?${query}` });
  expect(res.statusCode).toBe(200);
  return EvaluationResponseSchema.parse(res.json());
};

describe('GET /api/methodology/evaluation', () => {
  test('before any history: empty, saying how many days a first evaluation needs and no date it cannot promise', async () => {
    const body = await getEvaluation('horizon=7');

    expect(body.cells).toEqual([]);
    expect(body.history).toMatchObject({ status: 'empty', availableOn: null, minDaysByHorizon: { '7': 21 } });
    expect(body.history.daysNeeded).toBe(2 * 7 - 1 + 21);
  });

  test('history too short: null means, the days still needed and the day they will exist', async () => {
    await seedStoredHistory(t.db, panel, CODE_MODEL_ID);
    // 30 days: with a 7-day window on each side, 17 days are evaluable; the rule asks for 21.
    await runEvaluation(t.db, { now: AFTER_LAST, from: '2026-01-01', to: '2026-01-30', ...FAST });
    t.cache.invalidate();

    const body = await getEvaluation('horizon=7&basis=published&outcome=pageViews');

    expect(body.history).toMatchObject({ status: 'tooShort', daysNeeded: 4, availableOn: '2026-02-03' });
    const [cell] = body.cells;
    expect(cell).toMatchObject({ modelVersion: CODE_MODEL_ID, daysUsed: 17, daysNeeded: 4, availableOn: '2026-02-03' });
    expect(cell?.correlation).toMatchObject({ mean: null, low: null, high: null });
  });

  test('enough history: the planted 7-day link shows as a positive correlation whose interval excludes 0', async () => {
    await runEvaluation(t.db, { now: AFTER_LAST, from: '2026-01-01', to: LAST_DAY, ...FAST });
    t.cache.invalidate();

    const body = await getEvaluation('horizon=7&basis=published&outcome=pageViews&daily=true');

    expect(body.history.status).toBe('ready');
    const cell = body.cells[0];
    expect(cell?.correlation.mean).toBeGreaterThan(0.3);
    expect(cell?.correlation.low).toBeGreaterThan(0);
    expect(cell?.hitRateChance).toBe(0.1);
    expect(cell?.daily?.length).toBe(cell?.daysUsed);
    expect(body.computedAt).not.toBeNull();
  });

  test('per sector on request, and outcomes with no stored daily series are said to have no days, not zeros', async () => {
    const body = await getEvaluation('horizon=7&basis=published&group=sector');
    const redditOnly = await getEvaluation('horizon=7&basis=published&outcome=redditAuthors');
    const reddit = redditOnly.cells[0];
    expect(redditOnly.history).toMatchObject({ status: 'noData', availableOn: null });

    expect(new Set(body.cells.map((c) => c.group.id))).toEqual(new Set(['ai', 'defi']));
    expect(body.cells.every((c) => c.group.kind === 'sector')).toBe(true);
    expect(reddit).toMatchObject({
      daysUsed: 0,
      noData: true,
      availableOn: null,
      correlation: { mean: null },
      hitRate: { mean: null },
    });
  });

  test('CSV export: one row per cell, a missing figure an empty field', async () => {
    const json = await getEvaluation('horizon=7&basis=published');

    const res = await t.app.inject({ url: '/api/methodology/evaluation?horizon=7&basis=published&format=csv' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^model_version,basis,outcome,family,horizon_days,/);
    expect(lines).toHaveLength(json.cells.length + 1);
    const page = lines.find((l) => l.includes(',pageViews,'));
    expect(page?.startsWith(`${CODE_MODEL_ID},published,pageViews,attention,7,all,,2026-01-01,${LAST_DAY},0.`)).toBe(
      true,
    );
  });

  test('bad input is a 400 in the error shape, never a 500', async () => {
    for (const query of ['horizon=0', 'outcome=nope', 'format=xml', 'group=planet']) {
      const res = await t.app.inject({ url: `/api/methodology/evaluation?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('models as data', () => {
  const candidate = {
    id: 'heat-v3-candidate',
    changelog: 'News weighs as much as development.',
    definition: {
      ...CODE_MODEL_DEFINITION,
      categoryWeights: { social: 0.4, market: 0.3, development: 0.15, news: 0.15 },
    },
  };

  test('GET /api/methodology/models: the current model is the code, with its weights and changelog', async () => {
    const res = await t.app.inject({ url: '/api/methodology/models' });

    expect(res.statusCode).toBe(200);
    const body = HeatModelsResponseSchema.parse(res.json());
    expect(body).toMatchObject({ current: CODE_MODEL_ID, scoring: CODE_MODEL_ID });
    expect(body.items[0]).toMatchObject({ id: CODE_MODEL_ID, origin: 'code', status: 'current' });
    expect(body.items[0]?.definition).toEqual(CODE_MODEL_DEFINITION);
    expect(body.changelog[0]?.id).toBe(CODE_MODEL_ID);
    expect(body.scoringModel).toMatchObject({ id: CODE_MODEL_ID, origin: 'code', definition: CODE_MODEL_DEFINITION });
  });

  test('only an admin adds a candidate (401 signed out, 403 member); bad weights are a 400', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/methodology/models', payload: candidate });
    const asMember = await member.request({ method: 'POST', url: '/api/admin/methodology/models', payload: candidate });
    const badSum = await admin.request({
      method: 'POST',
      url: '/api/admin/methodology/models',
      payload: {
        ...candidate,
        definition: { ...candidate.definition, categoryWeights: { social: 1, market: 1, development: 0, news: 0 } },
      },
    });

    expect(anonymous.statusCode).toBe(401);
    expect(asMember.statusCode).toBe(403);
    expect(badSum.statusCode).toBe(400);

    const created = await admin.request({ method: 'POST', url: '/api/admin/methodology/models', payload: candidate });
    expect(created.statusCode).toBe(201);
    expect(HeatModelSchema.parse(created.json())).toMatchObject({ id: candidate.id, status: 'candidate' });
    const again = await admin.request({ method: 'POST', url: '/api/admin/methodology/models', payload: candidate });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('HEAT_MODEL_EXISTS');
  });

  test('a candidate is scored on the same stored inputs beside the current model, the public ranking untouched', async () => {
    const ranksBefore = await queryRows(t.db, sql`SELECT count(*)::int AS n, sum(score) AS s FROM heat_daily_ranks`);

    await runEvaluation(t.db, { now: AFTER_LAST, from: '2026-01-01', to: LAST_DAY, ...FAST });
    t.cache.invalidate();

    const body = await getEvaluation('horizon=7&basis=replayed&outcome=volume');
    expect(body.cells.map((c) => c.modelVersion).sort()).toEqual([candidate.id, CODE_MODEL_ID].sort());
    const ranksAfter = await queryRows(t.db, sql`SELECT count(*)::int AS n, sum(score) AS s FROM heat_daily_ranks`);
    expect(ranksAfter).toEqual(ranksBefore);
  });

  test('promotion: 403 for a member (nothing changes), then the admin promotes, audited and in the changelog', async () => {
    const denied = await member.request({
      method: 'POST',
      url: `/api/admin/methodology/models/${candidate.id}/promote`,
    });
    expect(denied.statusCode).toBe(403);
    const unchanged = HeatModelsResponseSchema.parse((await t.app.inject({ url: '/api/methodology/models' })).json());
    expect(unchanged.current).toBe(CODE_MODEL_ID);

    const res = await admin.request({ method: 'POST', url: `/api/admin/methodology/models/${candidate.id}/promote` });

    expect(res.statusCode).toBe(200);
    expect(HeatModelSchema.parse(res.json())).toMatchObject({ id: candidate.id, status: 'current' });
    const models = HeatModelsResponseSchema.parse((await t.app.inject({ url: '/api/methodology/models' })).json());
    expect(models.current).toBe(candidate.id);
    expect(models.items.find((m) => m.id === CODE_MODEL_ID)?.status).toBe('retired');
    expect(models.changelog[0]).toMatchObject({ id: candidate.id, status: 'current', changes: candidate.changelog });
    const audit = AuditResponseSchema.parse(
      (await admin.request({ url: '/api/admin/audit?entity=heat-model' })).json(),
    );
    expect(audit.items.map((e) => e.action)).toEqual(['heat-model.promote', 'heat-model.create']);
    expect(audit.items[0]).toMatchObject({
      actorEmail: 'methodology-admin@example.com',
      entityId: candidate.id,
      before: { current: CODE_MODEL_ID },
      after: { current: candidate.id },
    });
  });

  test('after the promotion the models endpoint states the promoted weights, caps and rules, not the code’s', async () => {
    const res = await t.app.inject({ url: '/api/methodology/models' });

    const body = HeatModelsResponseSchema.parse(res.json());
    expect(body.scoringModel).toMatchObject({ id: candidate.id, origin: 'admin' });
    expect(body.scoringModel.definition).toEqual(candidate.definition);
    expect(body.scoringModel.definition.categoryWeights).not.toEqual(CODE_MODEL_DEFINITION.categoryWeights);
    expect(body.scoringModel.since).toBe(body.items.find((m) => m.id === candidate.id)?.promotedAt);
    expect(body.scoringModel.since).not.toBeNull();
    // In the OpenAPI document: the field and its definition's weights.
    const spec = (await t.app.inject({ url: '/api/docs' })).json();
    const models = spec.paths['/api/methodology/models'].get.responses['200'].content['application/json'].schema;
    expect(models.required).toContain('scoringModel');
    expect(Object.keys(models.properties.scoringModel.properties.definition.properties)).toContain('categoryWeights');
  });

  test('promoting the current version again changes nothing (200); a retired one is a 409, an unknown id a 404', async () => {
    const twice = await admin.request({ method: 'POST', url: `/api/admin/methodology/models/${candidate.id}/promote` });
    const retired = await admin.request({
      method: 'POST',
      url: `/api/admin/methodology/models/${CODE_MODEL_ID}/promote`,
    });
    const unknown = await admin.request({ method: 'POST', url: '/api/admin/methodology/models/heat-v99/promote' });

    expect(twice.statusCode).toBe(200);
    expect(HeatModelSchema.parse(twice.json())).toMatchObject({ id: candidate.id, status: 'current' });
    expect(retired.statusCode).toBe(409);
    expect(retired.json().error.code).toBe('HEAT_MODEL_NOT_CANDIDATE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('HEAT_MODEL_NOT_FOUND');
  });
});
