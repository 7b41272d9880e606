import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdStartResponse } from '../../../shared/api/tasks.schema.ts';
import { adViews, userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { creditTask } from './credit.service.ts';
import { creditableAdToken, ledgerSummary } from './tasks.test-support.ts';

// Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the 50 requests really run in parallel.
describe('crediting under concurrency', () => {
  let t: TestApp;
  let n = 0;
  const newUser = async () => {
    const { agent, me } = await signUpAgent(t.app, `race-${++n}@example.com`);
    return { agent, userId: me.user!.id };
  };
  const clock = () => ({ now: new Date(), timeZone: t.config.DAY_TIME_ZONE });
  const pastToken = (userId: string) =>
    creditableAdToken(t.db, userId, { timeZone: t.config.DAY_TIME_ZONE, minViewSeconds: t.config.AD_MIN_VIEW_SECONDS });
  const profileOf = async (userId: string) =>
    (await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId)))[0]!;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('50 simultaneous ad starts open ONE view: every answer names it, with one start time', async () => {
    const { agent, userId } = await newUser();
    await agent.csrf();

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => agent.request({ method: 'POST', url: '/api/tasks/ads/start' })),
    );

    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const bodies = responses.map((r) => r.json<AdStartResponse>());
    expect(new Set(bodies.map((b) => b.token)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.startedAt)).size).toBe(1);
    expect(await t.db.select().from(adViews).where(eq(adViews.userId, userId))).toHaveLength(1);
  });

  test('50 simultaneous starts while a creditable view is open, then 50 claims: 10 points, once', async () => {
    const { agent, userId } = await newUser();
    const token = await pastToken(userId);
    await agent.csrf();

    const starts = await Promise.all(
      Array.from({ length: 50 }, () => agent.request({ method: 'POST', url: '/api/tasks/ads/start' })),
    );
    const claims = await Promise.all(
      starts.map((r) =>
        agent.request({ method: 'POST', url: '/api/tasks/ads/claim', payload: { token: r.json().token } }),
      ),
    );

    expect(new Set(starts.map((r) => r.json<AdStartResponse>().token))).toEqual(new Set([token]));
    expect(claims.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await profileOf(userId)).toMatchObject({ dailyAdsWatched: 1, adsWatched: 1, points: 10 });
    expect(await ledgerSummary(t.db, userId)).toEqual({ sum: 10, lastTotal: 10 });
  });

  test('50 simultaneous claims of one token credit it once', async () => {
    const { agent, userId } = await newUser();
    const token = await pastToken(userId);
    await agent.csrf();

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        agent.request({ method: 'POST', url: '/api/tasks/ads/claim', payload: { token } }),
      ),
    );

    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect((await profileOf(userId)).points).toBe(10);
  });

  test('50 simultaneous check-ins credit once', async () => {
    const { agent, userId } = await newUser();
    await agent.csrf();

    const responses = await Promise.all(
      Array.from({ length: 50 }, () => agent.request({ method: 'POST', url: '/api/tasks/check-in' })),
    );

    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(49);
    expect(await profileOf(userId)).toMatchObject({ points: 50, dailyTasksCompleted: 1, streakCurrent: 1 });
  });

  test('50 simultaneous credits of four daily tasks with 3 left of the cap credit exactly 3', async () => {
    const { userId } = await newUser();
    await creditTask(t.db, userId, { task: 'daily.check_in' }, clock());
    await creditTask(t.db, userId, { task: 'daily.share_project' }, clock());
    const keys = ['daily.view_projects', 'daily.run_search', 'daily.view_sector', 'daily.view_history'] as const;

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => creditTask(t.db, userId, { task: keys[i % keys.length]! }, clock())),
    );

    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code?: string }).code] : []));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(refused.every((code) => code === 'DAILY_TASK_LIMIT' || code === 'TASK_ALREADY_DONE')).toBe(true);
    expect(await profileOf(userId)).toMatchObject({ points: 250, dailyTasksCompleted: 5, tasksCompleted: 5 });
    expect(await ledgerSummary(t.db, userId)).toEqual({ sum: 250, lastTotal: 250 });
  });
});
