import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { alerts } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { createAlert, patchAlert, signUpWithPoints } from './alerts.test-support.ts';

// The concurrent-alerts cap holds under parallel requests (PGlite here; TEST_DATABASE_URL runs it on PostgreSQL).
describe('the alert cap under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'alpha' });
  });
  afterAll(() => t.close());

  test('50 parallel creates by a premium user leave exactly 5 active alerts; the rest get 429', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-race-create@example.com', 1000);
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createAlert(agent, { targetType: 'project', targetId: 'alpha', kind: 'rank_top', threshold: i + 1 }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(45);
    expect(responses.find((r) => r.statusCode === 429)?.json().error.code).toBe('ALERT_LIMIT_REACHED');
    const list = (await agent.request({ method: 'GET', url: '/api/alerts' })).json();
    expect(list.items.filter((a: { isActive: boolean }) => a.isActive)).toHaveLength(5);
    expect([list.used, list.limit]).toEqual([5, 5]);
  });

  test('50 parallel creations of the same alert create exactly one; the rest get 409 ALERT_DUPLICATE', async () => {
    const { agent } = await signUpWithPoints(t.app, t.db, 'al-race-duplicate@example.com', 5000);
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // 40 and 40.04 read the same ("40"): the same condition.
        createAlert(agent, {
          targetType: 'project',
          targetId: 'alpha',
          kind: 'heat_above',
          threshold: i % 2 ? 40 : 40.04,
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(responses.find((r) => r.statusCode === 409)?.json().error).toMatchObject({
      code: 'ALERT_DUPLICATE',
      message: 'You already have an alert with this condition on this target',
    });
    const list = (await agent.request({ method: 'GET', url: '/api/alerts' })).json();
    expect(list.items.map((a: { threshold: number }) => a.threshold)).toEqual([40]);
  });

  test('50 parallel resumes of 25 paused alerts leave exactly 5 active', async () => {
    const { agent, userId } = await signUpWithPoints(t.app, t.db, 'al-race-resume@example.com', 1000);
    const rows = await t.db
      .insert(alerts)
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          userId,
          targetType: 'project' as const,
          projectId: 'alpha',
          kind: 'heat_above' as const,
          threshold: i,
          isActive: false,
        })),
      )
      .returning({ id: alerts.id });
    await agent.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => patchAlert(agent, rows[i % rows.length]!.id, { isActive: true })),
    );
    const codes = responses.map((r) => r.statusCode);
    // A resume of an alert another request already resumed is a 200 that takes no slot.
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(40);
    const list = (await agent.request({ method: 'GET', url: '/api/alerts' })).json();
    expect(list.items.filter((a: { isActive: boolean }) => a.isActive)).toHaveLength(5);
    expect(list.used).toBe(5);
  });
});
