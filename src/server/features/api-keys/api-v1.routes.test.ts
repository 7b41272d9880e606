import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HistoryResponseSchema } from '../../../shared/api/heat.schema.ts';
import { PlatformListResponseSchema } from '../../../shared/api/platforms.schema.ts';
import { ProjectListResponseSchema, ProjectSchema } from '../../../shared/api/projects.schema.ts';
import { SearchResponseSchema } from '../../../shared/api/search.schema.ts';
import { SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import { hourWindow } from '../../../shared/time/day-window.ts';
import { apiKeys, quotaUsage } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import type { Agent } from '../auth/auth.test-support.ts';
import { bearer, createKey, seedApiCalls, setPaidPlan, signUpVip } from './api-keys.test-support.ts';

describe('/api/v1 with a bearer API key', () => {
  let t: TestApp;
  let vip: { agent: Agent; userId: string };
  let key: string;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    await insertProject(t.db, { id: 'uniswap', name: 'Uniswap', symbol: 'UNI', heatScore: 80, chains: ['Ethereum'] });
    await insertProject(t.db, { id: 'aave', name: 'Aave', symbol: 'AAVE', heatScore: 60, chains: ['Ethereum'] });
    vip = await signUpVip(t.app, t.db, 'v1-vip@example.com');
    key = (await createKey(vip.agent)).key;
  });
  afterAll(() => t.close());

  const call = (url: string, headers: Record<string, string> = bearer(key)) =>
    t.app.inject({ method: 'GET', url, headers });
  const used = async (userId: string) => {
    const rows = await t.db
      .select()
      .from(quotaUsage)
      .where(eq(quotaUsage.subject, `user:${userId}`));
    return rows.find((r) => r.windowStart.getTime() === hourWindow(new Date()).start.getTime())?.used ?? 0;
  };

  test('every endpoint answers its schema, with the rate-limit headers and no cookie', async () => {
    const cases = [
      ['/api/v1/projects?sort=heat&limit=1', ProjectListResponseSchema],
      ['/api/v1/projects/uniswap', ProjectSchema],
      ['/api/v1/projects/uniswap/history?range=30d', HistoryResponseSchema],
      ['/api/v1/sectors', SectorListResponseSchema],
      ['/api/v1/platforms', PlatformListResponseSchema],
      ['/api/v1/platforms?kind=chain', PlatformListResponseSchema],
      ['/api/v1/search?q=uniswap', SearchResponseSchema],
    ] as const;
    for (const [url, schema] of cases) {
      const res = await call(url);

      expect(res.statusCode, url).toBe(200);
      schema.parse(res.json());
      expect(res.headers['ratelimit-limit']).toBe('1000');
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(3600);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const list = ProjectListResponseSchema.parse((await call('/api/v1/projects?sort=heat&limit=1')).json());
    expect(list).toMatchObject({ total: 2, limit: 1, items: [{ id: 'uniswap' }] });
    expect(SearchResponseSchema.parse((await call('/api/v1/search?q=uniswap')).json()).items[0]?.id).toBe('uniswap');
  });

  test('RateLimit-Remaining counts down, one per call, across endpoints', async () => {
    const a = await call('/api/v1/sectors');
    const b = await call('/api/v1/projects');

    expect(Number(b.headers['ratelimit-remaining'])).toBe(Number(a.headers['ratelimit-remaining']) - 1);
    expect(Number(b.headers['ratelimit-remaining'])).toBe(1000 - (await used(vip.userId)));
  });

  test('an unknown project is a 404 (and the call still counts)', async () => {
    const before = await used(vip.userId);

    const res = await call('/api/v1/projects/no-such-project');

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PROJECT_NOT_FOUND');
    expect(await used(vip.userId)).toBe(before + 1);
  });

  test('errors read in English unless the client asks for Chinese (?lang=zh or Accept-Language: zh…)', async () => {
    const noLanguage = await call('/api/v1/projects/nope');
    const noKey = await call('/api/v1/sectors', {});
    const unknownRoute = await call('/api/v1/nothing-here');
    const askedZh = await call('/api/v1/projects/nope?lang=zh');
    const headerZh = await call('/api/v1/sectors', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    const headerEnFirst = await call('/api/v1/sectors', { 'accept-language': 'en-GB,zh;q=0.5' });
    const otherLanguage = await call('/api/v1/sectors', { 'accept-language': 'fr-FR' });
    // The web app's own API keeps the product's default (Chinese) for a request that names no language.
    const webApi = await t.app.inject({ method: 'GET', url: '/api/projects/nope' });

    expect(noLanguage.statusCode).toBe(404);
    expect(noLanguage.json().error.message).toBe('Project "nope" not found');
    expect(noKey.json().error).toMatchObject({
      code: 'API_KEY_REQUIRED',
      message: expect.stringMatching(/^An API key/),
    });
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json().error.message).toMatch(/^[\x20-\x7e]+$/);
    expect(askedZh.json().error.message).toBe('未找到项目「nope」');
    expect(headerZh.json().error.message).toMatch(/^需要 API 密钥/);
    expect(headerEnFirst.json().error.message).toMatch(/^An API key/);
    expect(otherLanguage.json().error.message).toMatch(/^An API key/);
    expect(webApi.json().error.message).toBe('未找到项目「nope」');
  });

  test('no key, a malformed, an unknown or a revoked key → 401 with WWW-Authenticate, nothing counted', async () => {
    const revoked = await createKey(vip.agent, 'revoked');
    await vip.agent.request({ method: 'POST', url: `/api/me/api-keys/${revoked.id}/revoke` });
    const before = await used(vip.userId);
    const forged = `${key.slice(0, 20)}${'A'.repeat(key.length - 20)}`; // right prefix, wrong secret

    const answers = await Promise.all([
      call('/api/v1/projects', {}),
      call('/api/v1/projects', { authorization: 'Basic abc' }),
      call('/api/v1/projects', bearer('hr_live_short')),
      call('/api/v1/projects', bearer(forged)),
      call('/api/v1/projects', bearer(revoked.key)),
    ]);

    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.map((r) => r.json().error.code)).toEqual([
      'API_KEY_REQUIRED',
      'API_KEY_REQUIRED',
      'API_KEY_INVALID',
      'API_KEY_INVALID',
      'API_KEY_INVALID',
    ]);
    expect(answers[4]?.headers['www-authenticate']).toBe('Bearer realm="HeatRank API"');
    expect(answers[4]?.json().error.message).toBe('This API key is invalid or has been revoked');
    expect(await used(vip.userId)).toBe(before);
  });

  test('a key in the URL is refused (400, saying it goes in the Authorization header), even beside a good header', async () => {
    const before = await used(vip.userId);

    const answers = await Promise.all([
      call(`/api/v1/projects?api_key=${key}`, {}),
      call(`/api/v1/projects?limit=5&API_KEY=${key}`),
      call(`/api/v1/search?q=uni&access_token=${key}&lang=zh`),
    ]);

    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect(answers.map((r) => r.json().error.code)).toEqual([
      'API_KEY_IN_QUERY',
      'API_KEY_IN_QUERY',
      'API_KEY_IN_QUERY',
    ]);
    expect(answers[0]?.json().error.message).toContain('Authorization: Bearer <key>');
    expect(answers[2]?.json().error.message).toContain('API 密钥不能放在网址中');
    expect(await used(vip.userId)).toBe(before);
    // A normal call with the same key still works: the refusal is about where it was sent.
    expect((await call('/api/v1/projects?limit=1')).statusCode).toBe(200);
  });

  test('a session cookie does not authenticate /api/v1: the signed-in vip without a bearer gets 401', async () => {
    const res = await vip.agent.request({ method: 'GET', url: '/api/v1/projects' });

    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('API_KEY_REQUIRED');
  });

  test('a key whose owner is no longer vip (plan ended) → 403 with the upgrade message, in the asked language', async () => {
    const lapsed = await signUpVip(t.app, t.db, 'v1-lapsed@example.com');
    const lapsedKey = (await createKey(lapsed.agent)).key;
    expect((await call('/api/v1/sectors', bearer(lapsedKey))).statusCode).toBe(200);
    await setPaidPlan(t.db, lapsed.userId, 'vip', -1000);

    const res = await call('/api/v1/sectors?lang=en', bearer(lapsedKey));

    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'FEATURE_LOCKED_VIP',
      message: 'Upgrade to VIP to unlock this feature',
    });
  });

  test('last_used_at is written on first use and then at most once a minute', async () => {
    const fresh = await createKey(vip.agent, 'touch');
    const lastUsed = async () =>
      (await t.db.select().from(apiKeys).where(eq(apiKeys.id, fresh.id)))[0]?.lastUsedAt ?? null;
    expect(await lastUsed()).toBeNull();

    await call('/api/v1/sectors', bearer(fresh.key));
    const first = await lastUsed();
    await call('/api/v1/sectors', bearer(fresh.key));

    expect(first).not.toBeNull();
    expect((await lastUsed())?.getTime()).toBe(first?.getTime());
    await t.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, fresh.id));
    await call('/api/v1/sectors', bearer(fresh.key));
    expect(Date.now() - ((await lastUsed())?.getTime() ?? 0)).toBeLessThan(10_000);
  });

  test("the 1,001st call of the hour → 429 with the spec's message, Retry-After and RateLimit-Remaining 0", async () => {
    const user = await signUpVip(t.app, t.db, 'v1-limit@example.com');
    const userKey = (await createKey(user.agent)).key;
    await seedApiCalls(t.db, user.userId, 999);

    const thousandth = await call('/api/v1/sectors', bearer(userKey));
    const over = await call('/api/v1/sectors?lang=en', bearer(userKey));

    expect(thousandth.statusCode).toBe(200);
    expect(thousandth.headers['ratelimit-remaining']).toBe('0');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'API_LIMIT_REACHED',
      message: 'Hourly API limit reached (1000 calls)',
    });
    expect(over.headers['ratelimit-limit']).toBe('1000');
    expect(over.headers['ratelimit-remaining']).toBe('0');
    const reset = Number(over.headers['ratelimit-reset']);
    const expected = Math.ceil((hourWindow(new Date()).end.getTime() - Date.now()) / 1000);
    expect(Math.abs(reset - expected)).toBeLessThanOrEqual(2);
    expect(over.headers['retry-after']).toBe(over.headers['ratelimit-reset']);
    expect((await call('/api/v1/sectors?lang=zh', bearer(userKey))).json().error.message).toBe(
      '已达到每小时 API 调用次数上限（1000 次）',
    );
    expect(await used(user.userId)).toBe(1000);
  });

  test('50 parallel calls with 25 left: exactly 25 succeed (the counter is one guarded statement)', async () => {
    const user = await signUpVip(t.app, t.db, 'v1-race@example.com');
    const [a, b] = [(await createKey(user.agent, 'a')).key, (await createKey(user.agent, 'b')).key];
    await seedApiCalls(t.db, user.userId, 975);

    // Two keys of the same user share the one hourly quota.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call('/api/v1/sectors', bearer(i % 2 ? a : b))),
    );

    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(25);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    expect(await used(user.userId)).toBe(1000);
    const remaining = answers.filter((r) => r.statusCode === 200).map((r) => Number(r.headers['ratelimit-remaining']));
    expect(new Set(remaining).size).toBe(25);
  });
});
