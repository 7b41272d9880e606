import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AdStartResponse, CreditResponse, TasksResponse } from '../../../shared/api/tasks.schema.ts';
import { adViews, houseAds, sessions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { AD_TOKEN_TTL_MS, startAd } from './ads.service.ts';
import { creditableAdToken } from './tasks.test-support.ts';

describe('ads: single-use tokens held for AD_MIN_VIEW_SECONDS on the server', () => {
  let t: TestApp;
  let n = 0;
  const newUser = async () => {
    const { agent, me } = await signUpAgent(t.app, `ads-${++n}@example.com`);
    return { agent, userId: me.user!.id };
  };
  /** The open view's token, issued 20 s ago: already creditable, without sleeping. */
  const pastToken = (userId: string) =>
    creditableAdToken(t.db, userId, {
      timeZone: t.config.DAY_TIME_ZONE,
      minViewSeconds: t.config.AD_MIN_VIEW_SECONDS,
    });
  const start = (agent: Agent) => agent.request({ method: 'POST', url: '/api/tasks/ads/start?lang=en' });
  const claim = (agent: Agent, token: unknown) =>
    agent.request({ method: 'POST', url: '/api/tasks/ads/claim?lang=en', payload: { token } });

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('start → too early (409 with seconds left) → after the wait credits 10 once → replay 409', async () => {
    const { agent, userId } = await newUser();
    const started = await start(agent);
    const body = started.json<AdStartResponse>();
    const early = await claim(agent, body.token);
    const token = await pastToken(userId);
    const ok = await claim(agent, token);
    const replay = await claim(agent, token);

    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('private, no-store');
    expect(body.minViewSeconds).toBe(15);
    expect(Date.parse(body.creditableAt) - Date.parse(body.serverNow)).toBe(15_000);
    expect(body.startedAt).toBe(body.serverNow);
    expect(token).toBe(body.token); // the open view, not a new one
    expect(body.ad).toMatchObject({ title: expect.any(String), linkUrl: expect.stringMatching(/^\//) });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'AD_TOO_EARLY', details: { secondsLeft: expect.any(Number) } });
    expect(early.json().error.details.secondsLeft).toBeGreaterThan(10);
    expect(ok.json<CreditResponse>()).toEqual({ task: 'ad.watch', points: 10, bonus: 0, balance: 10 });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe('TASK_TOKEN_USED');
  });

  test("another user's token and an unknown token get the same 400, and credit nothing", async () => {
    const a = await newUser();
    const b = await newUser();
    const token = await pastToken(a.userId);

    const foreign = await claim(b.agent, token);
    const unknown = await claim(b.agent, 'x'.repeat(43));
    const own = await claim(a.agent, token);

    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json().error.code).toBe('TASK_TOKEN_INVALID');
    expect(own.statusCode).toBe(200); // the foreign attempt did not spend it
    const bTasks = (await b.agent.request({ method: 'GET', url: '/api/tasks' })).json<TasksResponse>();
    expect(bTasks.caps.ads.used).toBe(0);
  });

  test('a second start returns the open view (same token, same start); only its claim opens the next', async () => {
    const { agent } = await newUser();
    const first = (await start(agent)).json<AdStartResponse>();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = (await start(agent)).json<AdStartResponse>();
    const tenInARow = await Promise.all(Array.from({ length: 10 }, () => start(agent)));

    expect(second.token).toBe(first.token);
    expect(second.startedAt).toBe(first.startedAt);
    expect(second.creditableAt).toBe(first.creditableAt);
    expect(second.ad.id).toBe(first.ad.id);
    expect(Date.parse(second.serverNow)).toBeGreaterThan(Date.parse(first.serverNow));
    expect(new Set(tenInARow.map((r) => r.json<AdStartResponse>().token))).toEqual(new Set([first.token]));
    const claims = await Promise.all(tenInARow.map((r) => claim(agent, r.json<AdStartResponse>().token)));
    expect(claims.map((r) => r.statusCode)).toEqual(Array(10).fill(409)); // too early, all of them
    const me = await agent.request({ method: 'GET', url: '/api/me/points' });
    expect(me.json().balance).toBe(0);
  });

  test('an open view past its time to live is replaced by a new one on the next start', async () => {
    const { agent, userId } = await newUser();
    const first = (await start(agent)).json<AdStartResponse>();
    await t.db
      .update(adViews)
      .set({ issuedAt: new Date(Date.now() - AD_TOKEN_TTL_MS - 1000) })
      .where(eq(adViews.id, first.token));

    const next = (await start(agent)).json<AdStartResponse>();

    expect(next.token).not.toBe(first.token);
    expect(await t.db.select().from(adViews).where(eq(adViews.userId, userId))).toHaveLength(1);
  });

  test('the 11th ad of a day credits nothing: claim and start answer 429 DAILY_AD_LIMIT', async () => {
    const { agent, userId } = await newUser();
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await claim(agent, await pastToken(userId))).statusCode);
    // The cap holds in the crediting transaction itself: an eleventh creditable view, put in place directly, is refused.
    const [ad] = await t.db.select({ id: houseAds.id }).from(houseAds).limit(1);
    const eleventh = 'eleventh-view-token';
    await t.db.insert(adViews).values({ id: eleventh, userId, adId: ad!.id, issuedAt: new Date(Date.now() - 20_000) });
    const refused = await claim(agent, eleventh);
    const started = await start(agent);
    const tasks = (await agent.request({ method: 'GET', url: '/api/tasks' })).json<TasksResponse>();

    expect(codes).toEqual(Array(10).fill(200));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'DAILY_AD_LIMIT', message: expect.stringContaining('10') });
    expect(started.statusCode).toBe(429);
    expect(tasks.caps.ads.used).toBe(10);
    const me = await agent.request({ method: 'GET', url: '/api/me/points' });
    expect(me.json().balance).toBe(100);
  });

  test('a token not claimed within an hour is dead (no stockpiling for later days)', async () => {
    const { agent, userId } = await newUser();
    const clock = { timeZone: t.config.DAY_TIME_ZONE, minViewSeconds: t.config.AD_MIN_VIEW_SECONDS };
    const old = await startAd(t.db, userId, 'free', 'en', {
      ...clock,
      now: new Date(Date.now() - AD_TOKEN_TTL_MS - 1000),
    });

    const response = await claim(agent, old.token);

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('TASK_TOKEN_INVALID');
  });

  test('ads rotate: the ad this user saw least recently comes next', async () => {
    const { agent, userId } = await newUser();
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await start(agent)).json<AdStartResponse>().ad.id);
      expect((await claim(agent, await pastToken(userId))).statusCode).toBe(200);
    }
    expect(new Set(ids.slice(0, 2)).size).toBe(2);
    expect(ids[2]).toBe(ids[0]);
  });

  test('premium and above are ad-free (test mode applies): start is refused with 409 ADS_NOT_SHOWN', async () => {
    const { agent, userId } = await newUser();
    await t.db.update(sessions).set({ testLevel: 'premium' }).where(eq(sessions.userId, userId));

    const started = await start(agent);
    const tasks = (await agent.request({ method: 'GET', url: '/api/tasks' })).json<TasksResponse>();

    expect(started.statusCode).toBe(409);
    expect(started.json().error.code).toBe('ADS_NOT_SHOWN');
    expect(tasks.ads.shown).toBe(false);
  });

  // It switches every house ad off, and back on at the end.
  test('with every house ad switched off: 503 NO_ADS_AVAILABLE in the error shape, and no view is stored', async () => {
    const { agent, userId } = await newUser();
    const active = await t.db.select({ id: houseAds.id }).from(houseAds).where(eq(houseAds.active, true));
    await t.db.update(houseAds).set({ active: false });
    try {
      const started = await start(agent);
      expect(started.statusCode).toBe(503);
      expect(started.json().error).toMatchObject({ code: 'NO_ADS_AVAILABLE', message: expect.any(String) });
      expect(await t.db.select().from(adViews).where(eq(adViews.userId, userId))).toEqual([]);
    } finally {
      for (const { id } of active) await t.db.update(houseAds).set({ active: true }).where(eq(houseAds.id, id));
    }
  });

  test('bad tokens are 400, never 500', async () => {
    const { agent } = await newUser();
    for (const token of [123, '', 'a'.repeat(5000), null, ['x'], 'bad\u0000token']) {
      const response = await claim(agent, token);
      expect(response.statusCode, JSON.stringify(token)).toBe(400);
      expect(response.json().error.code).toEqual(expect.any(String));
    }
  });
});
