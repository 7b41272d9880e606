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
    expect(byKey['daily.view_projects']).toMatchObject({ state: 'available', progress: { done: 0, target: 5 } });
    expect(byKey['daily.view_history']).toMatchObject({
      state: 'locked',
      lockedReason: 'level',
      requiredLevel: 'premium',
    });
    expect(byKey['daily.add_watchlist']).toBeUndefined();
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
});
