import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HeatModelsResponseSchema } from '../../../shared/api/methodology.schema.ts';
import { CODE_MODEL_DEFINITION, CODE_MODEL_ID } from '../../../shared/methodology/models.ts';
import { queryRows } from '../../db/client.ts';
import type { AppEventType } from '../../events/event-bus.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';
import { getScoringModel } from './models.service.ts';

// Promotions under parallel requests (PGlite here; TEST_DATABASE_URL runs it on PostgreSQL's real concurrency): the
// registry's advisory lock serialises each promotion's read of the current version, its swap, audit row and notice.

let t: TestApp;
let admin: Agent;
const seen: AppEventType[] = [];

const candidate = (id: string, news: number) => ({
  id,
  changelog: `News weighs ${news}.`,
  definition: {
    ...CODE_MODEL_DEFINITION,
    categoryWeights: { social: 0.4, market: 0.35 - (news - 0.1), development: 0.15, news },
  },
});

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  admin = await signUpAdmin(t.app, t.db, 'promotion-race-admin@example.com');
  for (const [id, news] of [
    ['heat-race-a', 0.12],
    ['heat-race-b', 0.14],
    ['heat-race-c', 0.16],
  ] as const) {
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/methodology/models',
      payload: candidate(id, news),
    });
    expect(res.statusCode).toBe(201);
  }
  t.events.subscribe((event) => seen.push(event.type));
});
afterAll(() => t.close());

const promote = (id: string) => admin.request({ method: 'POST', url: `/api/admin/methodology/models/${id}/promote` });

async function registry() {
  const models = await queryRows<{ id: string; status: string }>(
    t.db,
    sql`SELECT id, status FROM heat_models ORDER BY id`,
  );
  const audit = await queryRows<{ entity_id: string; before: { current: string | null } }>(
    t.db,
    sql`SELECT entity_id, before FROM admin_audit WHERE action = 'heat-model.promote' ORDER BY id`,
  );
  const broadcasts = await queryRows<{ params: { model: string; previous: string | null } }>(
    t.db,
    sql`SELECT params FROM notification_broadcasts WHERE kind = 'model_promoted'`,
  );
  return { models, audit, broadcasts };
}

describe('promoting heat models under concurrency', () => {
  test('50 parallel promotions of one candidate: one promotion, one audit row, one broadcast', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => promote('heat-race-a')));

    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((r) => r.json().status))).toEqual(new Set(['current']));
    const { models, audit, broadcasts } = await registry();
    expect(models.filter((m) => m.status === 'current').map((m) => m.id)).toEqual(['heat-race-a']);
    expect(audit).toEqual([{ entity_id: 'heat-race-a', before: { current: CODE_MODEL_ID } }]);
    expect(broadcasts.map((b) => b.params)).toMatchObject([{ model: 'heat-race-a', previous: CODE_MODEL_ID }]);
    expect(seen.filter((type) => type === 'notifications.broadcast')).toHaveLength(1);
    expect((await getScoringModel(t.db, new Date())).version).toBe('heat-race-a');
  });

  test('two candidates promoted at once: each promoted once, in one order, leaving one consistent current model', async () => {
    seen.length = 0;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => promote(i % 2 === 0 ? 'heat-race-b' : 'heat-race-c')),
    );

    const codes = responses.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const { models, audit, broadcasts } = await registry();
    const current = models.filter((m) => m.status === 'current');
    expect(current).toHaveLength(1);
    // The audit's ids follow the registry lock: the two later promotions form one chain: a → first → second; the first is retired, the second is current.
    const [, first, second] = audit;
    expect(audit).toHaveLength(3);
    expect(new Set([first?.entity_id, second?.entity_id])).toEqual(new Set(['heat-race-b', 'heat-race-c']));
    expect(first?.before).toEqual({ current: 'heat-race-a' });
    expect(second?.before).toEqual({ current: first?.entity_id });
    expect(current[0]?.id).toBe(second?.entity_id);
    expect(models.find((m) => m.id === first?.entity_id)?.status).toBe('retired');
    expect(broadcasts.map((b) => `${b.params.previous}→${b.params.model}`).sort()).toEqual(
      [
        `${CODE_MODEL_ID}→heat-race-a`,
        `heat-race-a→${first?.entity_id}`,
        `${first?.entity_id}→${second?.entity_id}`,
      ].sort(),
    );
    expect(seen.filter((type) => type === 'notifications.broadcast')).toHaveLength(2);
    // Once the first was replaced, its remaining requests find it retired (409); none answers with a stale current.
    const errors = responses.filter((r) => r.statusCode === 409).map((r) => r.json().error.code);
    expect(new Set(errors)).toEqual(errors.length ? new Set(['HEAT_MODEL_NOT_CANDIDATE']) : new Set());
    expect(responses.filter((r) => r.statusCode === 200).every((r) => r.json().status === 'current')).toBe(true);
    // The ranking scores with it, and the page states it.
    expect((await getScoringModel(t.db, new Date())).version).toBe(second?.entity_id);
    const stated = HeatModelsResponseSchema.parse((await t.app.inject({ url: '/api/methodology/models' })).json());
    expect(stated.scoringModel.id).toBe(second?.entity_id);
  });
});
