import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MeResponse } from '../../../shared/api/auth.schema.ts';
import type { UsageResponse } from '../../../shared/api/usage.schema.ts';
import { userProfiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, signUpAdmin, signUpAgent, TEST_PASSWORD } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

const setTestMode = (agent: Agent, level: unknown) =>
  agent.request({ method: 'PUT', url: '/api/me/test-mode?lang=en', payload: { level } });
const usage = async (agent: Agent) =>
  (await agent.request({ method: 'GET', url: '/api/me/usage' })).json() as UsageResponse;
const me = async (agent: Agent) => (await agent.request({ method: 'GET', url: '/api/me' })).json() as MeResponse;
const limits = (body: UsageResponse) => body.quotas.map((q) => q.limit);

describe('test mode: PUT /api/me/test-mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('an admin previews vip in this session only: limits change, another session and stored data do not', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'tm-admin@example.com');
    const other = createAgent(t.app);
    const signIn = await other.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'tm-admin@example.com', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(limits(await usage(admin))).toEqual([10, 0, 0, 0]);

    const on = await setTestMode(admin, 'vip');
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ testLevel: 'vip', actualLevel: 'free' });

    const previewed = await usage(admin);
    expect(previewed).toMatchObject({ level: 'vip', actualLevel: 'free', testLevel: 'vip' });
    expect(limits(previewed)).toEqual([-1, -1, 1000, 20]);
    expect((await me(admin)).membership).toEqual({ level: 'vip', actualLevel: 'free', testLevel: 'vip', plan: null });
    // The previewed level applies to the checks too: a vip may search past 10 and use custom filters.
    const filtered = await admin.request({ method: 'GET', url: '/api/search?q=uni&category=DeFi' });
    expect(filtered.statusCode).toBe(200);

    expect(await usage(other)).toMatchObject({ level: 'free', testLevel: null });
    expect((await me(other)).membership).toEqual({ level: 'free', actualLevel: 'free', testLevel: null, plan: null });
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.email, 'tm-admin@example.com'));
    // Stored level and plan untouched; the only points are the search's own daily task (+50), earned as anyone would.
    expect(profile).toMatchObject({ membershipLevel: 'free', points: 50, membershipExpiresAt: null });

    const off = await setTestMode(admin, null);
    expect(off.json()).toEqual({ testLevel: null, actualLevel: 'free' });
    expect(await usage(admin)).toMatchObject({ level: 'free', testLevel: null });
  });

  test('an admin can preview a LOWER level than the stored one (a premium admin sees the free limits)', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'tm-admin-premium@example.com');
    const { user } = await me(admin);
    await creditPoints(t.db, { userId: user.id, amount: 1500, reason: 'admin.adjust' });
    await setTestMode(admin, 'free');
    expect(await usage(admin)).toMatchObject({ level: 'free', actualLevel: 'premium', points: 1500 });
    const filtered = await admin.request({ method: 'GET', url: '/api/search?q=uni&category=DeFi&lang=en' });
    expect(filtered.json().error.code).toBe('FEATURE_LOCKED');
  });

  test('a non-admin gets 403 ADMIN_REQUIRED and nothing changes; a visitor gets 401', async () => {
    const { agent } = await signUpAgent(t.app, 'tm-user@example.com');
    const refused = await setTestMode(agent, 'vip');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'ADMIN_REQUIRED', message: 'admin permission required' });
    expect(await usage(agent)).toMatchObject({ level: 'free', testLevel: null });
    const visitor = await t.app.inject({ method: 'PUT', url: '/api/me/test-mode', payload: { level: 'vip' } });
    expect(visitor.statusCode).toBeGreaterThanOrEqual(401);
    expect(visitor.statusCode).toBeLessThan(404);
  });

  test('bad input is a 4xx in the error shape, never a 500', async () => {
    const admin = await signUpAdmin(t.app, t.db, 'tm-bad@example.com');
    for (const payload of [{ level: 'gold' }, {}, { level: 5 }, { level: ['vip'] }, { level: 'v\u0000ip' }, 'vip']) {
      const response = await admin.request({
        method: 'PUT',
        url: '/api/me/test-mode?lang=en',
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(response.json().error.code).toEqual(expect.any(String));
    }
    const noCsrf = await admin.request({
      method: 'PUT',
      url: '/api/me/test-mode',
      payload: { level: 'vip' },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await usage(admin)).toMatchObject({ testLevel: null });
  });
});

describe('test mode in development', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false, env: { NODE_ENV: 'development' } });
  });
  afterAll(() => t.close());

  test('anyone signed in may preview a level', async () => {
    const { agent } = await signUpAgent(t.app, 'tm-dev@example.com');
    expect((await setTestMode(agent, 'premium')).statusCode).toBe(200);
    expect(limits(await usage(agent))).toEqual([100, 10, 0, 5]);
  });
});

describe('GET /api/me/usage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('a signed-in user sees level, points, the next level, the plan expiry, the zone and four quotas', async () => {
    const { agent, me: signedUp } = await signUpAgent(t.app, 'usage-me@example.com');
    const expires = new Date(Date.now() + 10 * 86_400_000);
    await creditPoints(t.db, { userId: signedUp.user!.id, amount: 1200, reason: 'admin.adjust' });
    await t.db
      .update(userProfiles)
      .set({ membershipLevel: 'vip', membershipExpiresAt: expires })
      .where(eq(userProfiles.id, signedUp.user!.id));
    const response = await agent.request({ method: 'GET', url: '/api/me/usage' });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json() as UsageResponse;
    expect(body).toMatchObject({
      signedIn: true,
      level: 'vip',
      actualLevel: 'vip',
      testLevel: null,
      membershipExpiresAt: expires.toISOString(),
      points: 1200,
      next: { level: 'vip', pointsNeeded: 3800 },
      zoneLabel: 'UTC+8',
    });
    expect(body.quotas.map((q) => [q.quota, q.window, q.used, q.limit])).toEqual([
      ['dailySearches', 'day', 0, -1],
      ['dailyExports', 'day', 0, -1],
      ['hourlyApiCalls', 'hour', 0, 1000],
      ['concurrentAlerts', 'concurrent', 0, 20],
    ]);
    expect(Date.parse(body.quotas[0]!.resetsAt!)).toBeGreaterThan(Date.now());
  });

  test("a user never sees another user's usage", async () => {
    const a = await signUpAgent(t.app, 'usage-a@example.com');
    const b = await signUpAgent(t.app, 'usage-b@example.com');
    await a.agent.request({ method: 'GET', url: '/api/search?q=uni' });
    const seenByB = await b.agent.request({ method: 'GET', url: `/api/me/usage?userId=${a.me.user!.id}` });
    expect(seenByB.json().quotas[0].used).toBe(0);
    expect((await usage(a.agent)).quotas[0]?.used).toBe(1);
  });
});
