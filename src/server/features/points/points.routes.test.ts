import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PointsResponse } from '../../../shared/api/points.schema.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints, debitPoints } from './points.service.ts';

describe('GET /api/me/points', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('a user sees their balance, level, points to the next level and their ledger newest first in zh and en', async () => {
    const { agent, me } = await signUpAgent(t.app, 'points-me@example.com');
    const userId = me.user!.id;
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    await creditPoints(t.db, { userId, amount: 1000, reason: 'admin.adjust', now: new Date(t0) });
    await creditPoints(t.db, { userId, amount: 50, reason: 'task.daily', now: new Date(t0 + 1000) });
    await debitPoints(t.db, { userId, amount: 60, reason: 'admin.adjust', now: new Date(t0 + 2000) });

    const zh = await agent.request({ method: 'GET', url: '/api/me/points' });
    const en = await agent.request({ method: 'GET', url: '/api/me/points?lang=en&limit=2' });
    const body = zh.json() as PointsResponse;

    expect(zh.statusCode).toBe(200);
    expect(zh.headers['cache-control']).toBe('private, no-store');
    expect(body.balance).toBe(990);
    expect(body.level).toBe('free'); // 990 < 1000: the debit took it back below premium
    expect(body.next).toEqual({ level: 'premium', pointsNeeded: 10 });
    expect(body.history.total).toBe(3);
    expect(body.history.items.map((i) => [i.change, i.reason, i.total])).toEqual([
      [-60, 'admin.adjust', 990],
      [50, 'task.daily', 1050],
      [1000, 'admin.adjust', 1000],
    ]);
    expect(body.history.items[1]).toMatchObject({ reasonLabel: '每日任务', createdAt: '2030-01-01T00:00:01.000Z' });
    const enBody = en.json() as PointsResponse;
    expect(enBody.history.items).toHaveLength(2);
    expect(enBody.history.items[1]?.reasonLabel).toBe('Daily task');
  });

  test('a running paid plan raises the level; an expired one falls back to the points level', async () => {
    const { agent, me } = await signUpAgent(t.app, 'points-paid@example.com');
    const userId = me.user!.id;
    await creditPoints(t.db, { userId, amount: 1200, reason: 'admin.adjust' });
    const setPlan = (expires: Date) =>
      t.db
        .update(userProfiles)
        .set({ membershipLevel: 'vip', membershipExpiresAt: expires })
        .where(eq(userProfiles.id, userId));

    await setPlan(new Date(Date.now() + 86_400_000));
    const running = (await agent.request({ method: 'GET', url: '/api/me/points' })).json() as PointsResponse;
    await setPlan(new Date(Date.now() - 1000));
    const expired = (await agent.request({ method: 'GET', url: '/api/me/points' })).json() as PointsResponse;

    expect(running.level).toBe('vip');
    expect(expired.level).toBe('premium');
    expect(expired.next).toEqual({ level: 'vip', pointsNeeded: 3800 });
  });

  test('a visitor gets 401 UNAUTHORIZED with the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me/points?lang=en' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
  });

  test("another user's ledger is never visible", async () => {
    const a = await signUpAgent(t.app, 'points-a@example.com');
    const b = await signUpAgent(t.app, 'points-b@example.com');
    await creditPoints(t.db, { userId: a.me.user!.id, amount: 70, reason: 'ad.watch' });

    const seenByB = (await b.agent.request({ method: 'GET', url: `/api/me/points?userId=${a.me.user!.id}` })).json();

    expect(seenByB.balance).toBe(0);
    expect(seenByB.history).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
  });

  let badQueryAgent: Agent | undefined;
  test.each([
    'limit=-1',
    'offset=-5',
    'limit=0',
    'limit=101',
    'limit=99999999999999999999',
    'offset=1e400',
    'limit=abc',
    'offset=1.5',
    'lang=fr',
  ])('a bad query (%s) is a 400 with the error shape', async (query) => {
    badQueryAgent ??= (await signUpAgent(t.app, 'points-bad@example.com')).agent;
    const response = await badQueryAgent.request({ method: 'GET', url: `/api/me/points?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });
});
