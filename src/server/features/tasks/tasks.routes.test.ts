import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CreditResponse, TasksResponse, UserTasksResponse } from '../../../shared/api/tasks.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
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
    // Not started: pending with 0/5 and "todo", never "available" (nothing could be claimed).
    expect(byKey['daily.view_projects']).toMatchObject({
      state: 'pending',
      pendingReason: 'todo',
      progress: { done: 0, target: 5 },
    });
    expect(byKey['daily.view_history']).toMatchObject({
      state: 'locked',
      lockedReason: 'level',
      requiredLevel: 'premium',
    });
    // Watchlists exist: the daily add is premium, the first-item achievement open to all.
    expect(byKey['daily.add_watchlist']).toMatchObject({
      state: 'locked',
      lockedReason: 'level',
      requiredLevel: 'premium',
    });
    expect(byKey['achievement.first_watchlist']).toMatchObject({ state: 'pending', pendingReason: 'todo' });
    expect(byKey['achievement.complete_profile']).toMatchObject({ state: 'pending', pendingReason: 'profileEmpty' });
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
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect([401, 403], `${method} ${url}`).toContain(response.statusCode);
    }
  });

  test('complete_profile: the list says what is missing, is available the moment name and avatar are saved, and pays 100 once', async () => {
    const { agent } = await signUpAgent(t.app, 'profile@example.com');
    const claim = () =>
      agent.request({
        method: 'POST',
        url: '/api/tasks/claim?lang=en',
        payload: { key: 'achievement.complete_profile' },
      });
    const profileTask = async () =>
      (await agent.request({ method: 'GET', url: '/api/tasks' }))
        .json<TasksResponse>()
        .tasks.find((task) => task.key === 'achievement.complete_profile');
    const save = (payload: object) => agent.request({ method: 'PATCH', url: '/api/me/profile', payload });

    const empty = await profileTask();
    await save({ name: 'Ada' });
    const nameOnly = await profileTask();
    const early = await claim();
    await save({ name: null, avatarUrl: 'https://example.com/a.png' });
    const avatarOnly = await profileTask();
    await save({ name: '  Ada Lovelace ', avatarUrl: 'https://example.com/a.png' });
    const complete = await profileTask();
    const ok = await claim();
    const again = await claim();
    const after = await profileTask();

    expect(empty).toMatchObject({ state: 'pending', pendingReason: 'profileEmpty' });
    expect(nameOnly).toMatchObject({ state: 'pending', pendingReason: 'profileNoAvatar' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'TASK_NOT_READY', message: "This task's condition is not met yet" });
    expect(avatarOnly).toMatchObject({ state: 'pending', pendingReason: 'profileNoName' });
    expect(complete).toMatchObject({ state: 'available', pendingReason: null, progress: { done: 1, target: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<CreditResponse>()).toMatchObject({ task: 'achievement.complete_profile', points: 100 });
    expect(again.statusCode).toBe(409);
    expect(after).toMatchObject({ state: 'completed' });
  });

  test('every task the list calls available is accepted by a claim (or check-in) right then', async () => {
    const { agent } = await signUpAgent(t.app, 'available-means-claimable@example.com');
    await agent.request({
      method: 'PATCH',
      url: '/api/me/profile',
      payload: { name: 'Ada', avatarUrl: 'https://example.com/a.png' },
    });
    const tasks = (await agent.request({ method: 'GET', url: '/api/tasks' })).json<TasksResponse>().tasks;
    const available = tasks.filter((task) => task.state === 'available').map((task) => task.key);
    const pending = tasks.filter((task) => task.state === 'pending').map((task) => task.key);

    expect(available.sort()).toEqual(['achievement.complete_profile', 'daily.check_in']);
    for (const key of available) {
      const url = key === 'daily.check_in' ? '/api/tasks/check-in' : '/api/tasks/claim';
      const response = await agent.request({ method: 'POST', url, payload: { key } });
      expect(response.statusCode, key).toBe(200);
    }
    for (const key of pending.filter((k) => k !== 'daily.share_project')) {
      const response = await agent.request({ method: 'POST', url: '/api/tasks/claim', payload: { key } });
      expect(response.statusCode, key).toBe(409);
    }
  });

  test('tasks that cannot be claimed directly, and bad input, are 4xx in the error shape, never 500', async () => {
    const { agent } = await signUpAgent(t.app, 'bad-input@example.com');
    const cases: [string, string, unknown][] = [
      ['POST', '/api/tasks/claim', { key: 'daily.add_watchlist' }],
      ['POST', '/api/tasks/claim', { key: 'achievement.first_export' }],
      ['POST', '/api/tasks/claim', { key: 'nope' }],
      ['POST', '/api/tasks/claim', { key: 12 }],
      ['POST', '/api/tasks/claim', { key: 'daily.check_in\u0000' }],
      ['POST', '/api/tasks/claim', {}],
      ['POST', '/api/tasks/claim', { key: 'x'.repeat(100_000) }],
      ['POST', '/api/tasks/share/start', { projectId: 'p'.repeat(500) }],
      ['POST', '/api/tasks/share/start', { projectId: 7 }],
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
