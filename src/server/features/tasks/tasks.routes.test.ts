import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  CreditResponse,
  ShareStartResponse,
  TasksResponse,
  UserTasksResponse,
} from '../../../shared/api/tasks.schema.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';

describe('task routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('check-in credits 50 points once a day; GET /api/tasks shows it completed with the caps and streak', async () => {
    const { agent } = await signUpAgent(t.app, 'tasks-checkin@example.com');

    const first = await agent.request({ method: 'POST', url: '/api/tasks/check-in' });
    const again = await agent.request({ method: 'POST', url: '/api/tasks/check-in?lang=en' });
    const tasks = await agent.request({ method: 'GET', url: '/api/tasks' });

    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.json<CreditResponse>()).toEqual({ task: 'daily.check_in', points: 50, bonus: 0, balance: 50 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'TASK_ALREADY_DONE', message: 'This task is already completed' } });
    const body = tasks.json<TasksResponse>();
    expect(tasks.headers['cache-control']).toBe('private, no-store');
    expect(body.caps.daily).toEqual({ used: 1, limit: 5, points: 50 });
    expect(body.caps.ads).toEqual({ used: 0, limit: 10, points: 10 });
    expect(body.streak).toMatchObject({ current: 1, best: 1, activeToday: true, daysToBonus: 6, bonusEvery: 7 });
    expect(body.ads).toEqual({ shown: true, minViewSeconds: 15 });
    expect(body.day.timeZone).toBe('Asia/Shanghai');
    expect(body.day.zoneLabel).toBe('UTC+8');
    const byKey = Object.fromEntries(body.tasks.map((task) => [task.key, task]));
    expect(byKey['daily.check_in']).toMatchObject({ state: 'completed', progress: { done: 1, target: 1 } });
    expect(byKey['daily.view_projects']).toMatchObject({ state: 'available', progress: { done: 0, target: 5 } });
    expect(byKey['daily.view_history']).toMatchObject({
      state: 'locked',
      lockedReason: 'level',
      requiredLevel: 'premium',
    });
    // Watchlists exist (issue 14): the daily add is premium, the first-item achievement open to all.
    expect(byKey['daily.add_watchlist']).toMatchObject({
      state: 'locked',
      lockedReason: 'level',
      requiredLevel: 'premium',
    });
    expect(byKey['achievement.first_watchlist']).toMatchObject({ state: 'available' });
    expect(byKey['achievement.first_export']).toBeUndefined();
    expect(body.referral.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(body.referral.path).toBe(`/auth?mode=signup&ref=${body.referral.code}`);

    const mine = await agent.request({ method: 'GET', url: '/api/me/tasks' });
    expect(mine.json<UserTasksResponse>()).toMatchObject({
      items: [{ key: 'daily.check_in', kind: 'daily', points: 50 }],
      total: 1,
      limit: 50,
      offset: 0,
    });
  });

  test('a visitor gets 401 on every task route', async () => {
    for (const [method, url] of [
      ['GET', '/api/tasks'],
      ['GET', '/api/me/tasks'],
      ['POST', '/api/tasks/check-in'],
      ['POST', '/api/tasks/claim'],
      ['POST', '/api/tasks/ads/start'],
      ['POST', '/api/tasks/ads/claim'],
      ['POST', '/api/tasks/share/start'],
      ['POST', '/api/tasks/share/claim'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect([401, 403], `${method} ${url}`).toContain(response.statusCode);
    }
  });

  test('share: one token per user, project and day; its claim credits daily.share_project once that day', async () => {
    const a = await signUpAgent(t.app, 'share-a@example.com');
    const b = await signUpAgent(t.app, 'share-b@example.com');
    const p1 = await insertProject(t.db);
    const p2 = await insertProject(t.db);
    const start = (agent: typeof a.agent, projectId: unknown) =>
      agent.request({ method: 'POST', url: '/api/tasks/share/start?lang=en', payload: { projectId } });
    const claim = (agent: typeof a.agent, token: string) =>
      agent.request({ method: 'POST', url: '/api/tasks/share/claim?lang=en', payload: { token } });

    const first = (await start(a.agent, p1.id)).json<ShareStartResponse>();
    const again = (await start(a.agent, p1.id)).json<ShareStartResponse>();
    const otherProject = (await start(a.agent, p2.id)).json<ShareStartResponse>();
    const missing = await start(a.agent, 'no-such-project');
    const byB = await claim(b.agent, first.token);
    const ok = await claim(a.agent, first.token);
    const replay = await claim(a.agent, first.token);
    const secondShare = await claim(a.agent, otherProject.token);

    expect(again.token).toBe(first.token);
    expect(otherProject.token).not.toBe(first.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PROJECT_NOT_FOUND');
    expect(byB.statusCode).toBe(400);
    expect(byB.json().error.code).toBe('TASK_TOKEN_INVALID');
    expect(ok.json<CreditResponse>()).toMatchObject({ task: 'daily.share_project', points: 50 });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe('TASK_TOKEN_USED');
    expect(secondShare.statusCode).toBe(409);
    expect(secondShare.json().error.code).toBe('TASK_ALREADY_DONE');
  });

  test('complete_profile: refused until the profile has a name and an avatar, then credited 100 once', async () => {
    const { agent, me } = await signUpAgent(t.app, 'profile@example.com');
    const claim = () =>
      agent.request({ method: 'POST', url: '/api/tasks/claim', payload: { key: 'achievement.complete_profile' } });

    const early = await claim();
    await t.db
      .update(userProfiles)
      .set({ name: 'Ada', avatarUrl: 'https://example.com/a.png' })
      .where(eq(userProfiles.id, me.user!.id));
    const ok = await claim();
    const again = await claim();

    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('TASK_NOT_READY');
    expect(ok.json<CreditResponse>()).toMatchObject({ task: 'achievement.complete_profile', points: 100 });
    expect(again.statusCode).toBe(409);
  });

  test('tasks that cannot be claimed directly, and bad input, are 4xx in the error shape, never 500', async () => {
    const { agent } = await signUpAgent(t.app, 'bad-input@example.com');
    const cases: [string, string, unknown][] = [
      ['POST', '/api/tasks/claim', { key: 'daily.share_project' }],
      ['POST', '/api/tasks/claim', { key: 'daily.add_watchlist' }],
      ['POST', '/api/tasks/claim', { key: 'achievement.first_export' }],
      ['POST', '/api/tasks/claim', { key: 'nope' }],
      ['POST', '/api/tasks/claim', { key: 12 }],
      ['POST', '/api/tasks/claim', { key: 'daily.check_in\u0000' }],
      ['POST', '/api/tasks/claim', {}],
      ['POST', '/api/tasks/claim', { key: 'x'.repeat(100_000) }],
      ['POST', '/api/tasks/share/start', { projectId: 'p'.repeat(500) }],
      ['POST', '/api/tasks/share/start', { projectId: 7 }],
      ['POST', '/api/tasks/share/claim', { token: 'not-a-token' }],
      ['POST', '/api/tasks/share/claim', { token: -1 }],
      ['GET', '/api/me/tasks?limit=1000000000', undefined],
      ['GET', '/api/me/tasks?limit=-1', undefined],
      ['GET', '/api/me/tasks?offset=abc', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await agent.request({ method: method as 'GET', url, payload: payload as object });
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 60)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().error).toEqual(expect.objectContaining({ code: expect.any(String) }));
    }
  });

  test("a user never sees another user's tasks, whatever ids the query names", async () => {
    const a = await signUpAgent(t.app, 'ids-a@example.com');
    const b = await signUpAgent(t.app, 'ids-b@example.com');
    await a.agent.request({ method: 'POST', url: '/api/tasks/check-in' });

    const seen = await b.agent.request({ method: 'GET', url: `/api/me/tasks?userId=${a.me.user!.id}` });
    const tasks = await b.agent.request({ method: 'GET', url: `/api/tasks?userId=${a.me.user!.id}` });

    expect(seen.json()).toEqual({ items: [], total: 0, limit: 50, offset: 0 });
    expect(tasks.json<TasksResponse>().caps.daily.used).toBe(0);
  });
});
