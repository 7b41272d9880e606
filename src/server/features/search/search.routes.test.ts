import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PointsResponse } from '../../../shared/api/points.schema.ts';
import type { SearchResponse } from '../../../shared/api/search.schema.ts';
import type { TasksResponse } from '../../../shared/api/tasks.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, createAgent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';

const search = (agent: Agent, query = 'q=uni&lang=en') => agent.request({ method: 'GET', url: `/api/search?${query}` });

/** Runs `n` searches one after another and returns the status codes. */
async function searchTimes(agent: Agent, n: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await search(agent)).statusCode);
  return codes;
}

describe('GET /api/search counts against the daily search quota', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  test('a free user gets 10 searches a day; the 11th is a 429 with the spec message in zh and in en', async () => {
    const { agent } = await signUpAgent(t.app, 'search-free@example.com');
    const first = await search(agent, 'q=uni');
    const body = first.json() as SearchResponse;
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(body.items.map((i) => i.id)).toContain('uniswap');
    expect(body.quota).toMatchObject({ used: 1, limit: 10 });

    expect(await searchTimes(agent, 9)).toEqual(Array(9).fill(200));
    const zh = await agent.request({
      method: 'GET',
      url: '/api/search?q=uni',
      headers: { 'accept-language': 'zh-CN' },
    });
    const en = await search(agent, 'q=uni&lang=en');

    expect(zh.statusCode).toBe(429);
    expect(zh.json().error).toMatchObject({ code: 'SEARCH_LIMIT_REACHED', message: '已达到每日搜索次数上限（10 次）' });
    expect(en.statusCode).toBe(429);
    expect(en.json().error).toMatchObject({
      code: 'SEARCH_LIMIT_REACHED',
      message: 'Daily search limit reached (10 searches)',
      details: { quota: 'dailySearches', limit: 10 },
    });
  });

  test('premium (≥ 1000 points) gets 100, vip (≥ 5000) is unlimited but still counted', async () => {
    const premium = await signUpAgent(t.app, 'search-premium@example.com');
    await creditPoints(t.db, { userId: premium.me.user!.id, amount: 1000, reason: 'admin.adjust' });
    expect(await searchTimes(premium.agent, 100)).toEqual(Array(100).fill(200));
    expect((await search(premium.agent)).json().error.message).toBe('Daily search limit reached (100 searches)');

    const vip = await signUpAgent(t.app, 'search-vip@example.com');
    await creditPoints(t.db, { userId: vip.me.user!.id, amount: 5000, reason: 'admin.adjust' });
    expect(new Set(await searchTimes(vip.agent, 105))).toEqual(new Set([200]));
    const usage = await vip.agent.request({ method: 'GET', url: '/api/me/usage' });
    expect(usage.json().quotas[0]).toMatchObject({ quota: 'dailySearches', used: 105, limit: -1 });
    // 207 searches one after another: on a busy machine with PostgreSQL they outlast the default 30 s.
  }, 90_000);

  test('visitors are counted by IP with the free limit; another IP has its own count', async () => {
    const fromIp = (ip: string) => t.app.inject({ method: 'GET', url: '/api/search?q=eth&lang=en', remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await fromIp('203.0.113.7')).statusCode);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
    expect((await fromIp('203.0.113.8')).statusCode).toBe(200);
    const usage = await t.app.inject({ method: 'GET', url: '/api/me/usage', remoteAddress: '203.0.113.7' });
    expect(usage.json()).toMatchObject({ signedIn: false, level: 'free', next: null });
    expect(usage.json().quotas[0]).toMatchObject({ quota: 'dailySearches', used: 10, limit: 10 });
  });

  test('browsing does not count: the directory name filter and an empty q (400) leave the counter alone', async () => {
    const { agent } = await signUpAgent(t.app, 'search-browse@example.com');
    for (let i = 0; i < 12; i++) await agent.request({ method: 'GET', url: `/api/projects?q=uni${i}` });
    const empty = await search(agent, 'q=%20%20&lang=en');
    const missing = await search(agent, 'lang=en');
    expect(empty.statusCode).toBe(400);
    expect(missing.statusCode).toBe(400);
    const usage = (await agent.request({ method: 'GET', url: '/api/me/usage' })).json();
    expect(usage.quotas[0]).toMatchObject({ used: 0, limit: 10 });
  });

  test('filters are premium custom filters: free → 403 naming the tier, visitor → 401 sign in; neither counts', async () => {
    const { agent } = await signUpAgent(t.app, 'search-filter@example.com');
    const free = await search(agent, 'q=uni&category=DeFi&lang=en');
    const visitor = await t.app.inject({ method: 'GET', url: '/api/search?q=uni&chain=ethereum&lang=en' });
    expect(free.statusCode).toBe(403);
    expect(free.json().error).toMatchObject({
      code: 'FEATURE_LOCKED',
      message: 'Upgrade to Premium or VIP to unlock this feature',
      details: { feature: 'custom_filters', requiredLevel: 'premium' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('SIGN_IN_REQUIRED');
    expect((await agent.request({ method: 'GET', url: '/api/me/usage' })).json().quotas[0].used).toBe(0);
  });

  test('a signed-in search completes the "run a search" daily task once (+50), a visitor\'s credits nobody', async () => {
    const { agent } = await signUpAgent(t.app, 'search-task@example.com');
    await t.app.inject({ method: 'GET', url: '/api/search?q=uni', remoteAddress: '203.0.113.77' }); // a visitor: no one
    const taskState = async () =>
      ((await agent.request({ method: 'GET', url: '/api/tasks' })).json() as TasksResponse).tasks.find(
        (task) => task.key === 'daily.run_search',
      )?.state;

    expect(await taskState()).toBe('pending'); // not done yet: nothing to claim (available means claimable now)
    await search(agent, 'q=uni');
    await search(agent, 'q=eth');
    const points = (await agent.request({ method: 'GET', url: '/api/me/points' })).json() as PointsResponse;

    expect(await taskState()).toBe('completed');
    expect(points.balance).toBe(50);
    expect(points.history.items.map((i) => i.reason)).toEqual(['task.daily']);
  });

  test('bad input is a 4xx in the error shape, never a 500', async () => {
    const { agent } = await signUpAgent(t.app, 'search-bad@example.com');
    for (const query of [
      `q=${'x'.repeat(101)}`,
      'q=uni&limit=-1',
      'q=uni&limit=1e9',
      'q=uni&offset=abc',
      'q=uni&offset=99999999999',
      'q=uni&status=nope',
      'q=uni&category=%3Cscript%3E',
      'q=a%00b',
      'q[]=a&q[]=b',
    ]) {
      const response = await search(agent, query);
      expect(response.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, query).toBeLessThan(500);
      expect(response.json().error.code, query).toEqual(expect.any(String));
    }
  });

  test('50 parallel searches by a free user: exactly 10 succeed', async () => {
    const { agent } = await signUpAgent(t.app, 'search-parallel@example.com');
    await agent.csrf();
    const codes = (await Promise.all(Array.from({ length: 50 }, () => search(agent)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(40);
  });

  test('near the limit, 50 parallel searches give exactly the remaining allowance (signed in and by IP)', async () => {
    const { agent } = await signUpAgent(t.app, 'search-remaining@example.com');
    await agent.csrf();
    expect(await searchTimes(agent, 7)).toEqual(Array(7).fill(200));
    const codes = (await Promise.all(Array.from({ length: 50 }, (_, i) => search(agent, `q=eth${i % 5}`)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(47);
    expect((await agent.request({ method: 'GET', url: '/api/me/usage' })).json().quotas[0].used).toBe(10);

    const fromIp = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/search?q=${q}`, remoteAddress: '198.51.100.31' });
    for (let i = 0; i < 9; i++) expect((await fromIp('uni')).statusCode).toBe(200);
    const visitor = (await Promise.all(Array.from({ length: 50 }, () => fromIp('sol')))).map((r) => r.statusCode);
    expect(visitor.filter((c) => c === 200)).toHaveLength(1);
    expect(visitor.filter((c) => c === 429)).toHaveLength(49);
  });

  test('the free name lookups stay free at the limit: suggestions and the directory filter still answer', async () => {
    const ip = '198.51.100.32';
    const as = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await as('/api/search?q=uni')).statusCode).toBe(200);
    const refused = await as('/api/search?q=uni');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'SEARCH_LIMIT_REACHED',
      details: { quota: 'dailySearches', limit: 10, resetsAt: expect.any(String) },
    });
    const suggest = await as(`/api/search/suggest?q=${encodeURIComponent('以太')}`);
    expect(suggest.statusCode).toBe(200);
    expect(suggest.json().items[0].id).toBe('ethereum');
    const directory = await as(`/api/projects?q=${encodeURIComponent('以太坊')}`);
    expect(directory.statusCode).toBe(200);
    expect(directory.json().items.map((i: { id: string }) => i.id)).toEqual(['ethereum']);
    // The facets of a search are not a search of their own: not counted, not refused.
    expect((await as('/api/search/facets?q=uni')).statusCode).toBe(200);
  });
});

describe('quota counters survive a server restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'heatrank-quota-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('9 searches before the restart leave 1 after it', async () => {
    const before = await buildTestApp({ catalogue: false, env: { DATA_DIR: dataDir } });
    const { agent } = await signUpAgent(before.app, 'search-restart@example.com');
    expect(await searchTimes(agent, 9)).toEqual(Array(9).fill(200));
    const cookies = new Map(agent.cookies);
    await before.closeKeepingDatabase();

    const after = await buildTestApp({ catalogue: false, databaseOf: before });
    try {
      // A browser keeps its cookies across the restart: a new agent on the rebuilt app with the same jar.
      const rebuilt = createAgent(after.app);
      for (const [k, v] of cookies) rebuilt.cookies.set(k, v);
      expect(await searchTimes(rebuilt, 2)).toEqual([200, 429]);
    } finally {
      await after.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  test('50 parallel searches split across both instances: exactly 10 succeed', async () => {
    const one = await buildTestApp({ catalogue: false });
    const two = await buildTestApp({ catalogue: false, databaseOf: one });
    try {
      const { agent } = await signUpAgent(one.app, 'search-two-instances@example.com');
      const other = createAgent(two.app);
      for (const [k, v] of agent.cookies) other.cookies.set(k, v);
      const codes = (await Promise.all(Array.from({ length: 50 }, (_, i) => search(i % 2 === 0 ? agent : other)))).map(
        (r) => r.statusCode,
      );
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 429)).toHaveLength(40);
    } finally {
      await two.closeKeepingDatabase();
      await one.close();
    }
  });
});
