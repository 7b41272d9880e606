import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { XDebugResponseSchema } from '../../../shared/api/twitter-debug.schema.ts';
import { socialApiAccounts } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin, signUpAgent } from '../auth/auth.test-support.ts';

// POST /api/admin/twitter-debug against a local fake X server (shapes: /work/shared/data/api-shapes.md §4).

const URL_ = '/api/admin/twitter-debug';
const USER = {
  data: {
    id: '7',
    name: 'Aave',
    username: 'aave',
    verified: true,
    verified_type: 'business',
    public_metrics: { followers_count: 812345, following_count: 1, tweet_count: 2, listed_count: 3 },
  },
};
const SEARCH = {
  data: [
    { id: '1', text: 'a', public_metrics: { retweet_count: 1, reply_count: 2, like_count: 3, quote_count: 4 } },
    { id: '2', text: 'b', public_metrics: { retweet_count: 0, reply_count: 0, like_count: 10, quote_count: 0 } },
  ],
  meta: { result_count: 2 },
};
const COUNTS = {
  data: [
    { start: '2026-11-20T00:00:00.000Z', end: '2026-11-21T00:00:00.000Z', tweet_count: 40 },
    { start: '2026-11-21T00:00:00.000Z', end: '2026-11-22T00:00:00.000Z', tweet_count: 2 },
  ],
  meta: { total_tweet_count: 42 },
};

describe('POST /api/admin/twitter-debug', () => {
  let t: TestApp;
  let fake: FakeServer;
  let admin: Agent;
  let answer: (r: FakeRequest) => FakeResponse;

  beforeAll(async () => {
    fake = await startFakeServer((r) => answer(r));
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, X_BASE_URL: fake.url } });
    admin = await signUpAdmin(t.app, t.db, 'ops@example.com');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(socialApiAccounts);
    fake.requests.length = 0;
    answer = ({ path }) => {
      if (path.startsWith('/2/users/by/username/')) return { body: USER };
      if (path === '/2/tweets/search/recent') return { body: SEARCH };
      if (path === '/2/tweets/counts/recent') return { body: COUNTS };
      return { status: 404, body: {} };
    };
  });

  async function addAccount(label = 'main') {
    const res = await admin.request({
      method: 'POST',
      url: '/api/admin/social-accounts',
      payload: { label, bearerToken: `secret-bearer-${label}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  }
  const debug = (payload: object) => admin.request({ method: 'POST', url: `${URL_}?lang=en`, payload });

  test('user: the raw body, the profile ingestion maps, and the serving account (id + label, no secret)', async () => {
    const account = await addAccount();

    const res = await debug({ endpoint: 'user', username: '@aave' });

    expect(res.statusCode).toBe(200);
    const body = XDebugResponseSchema.parse(res.json());
    expect(body.account).toEqual({ id: account.id, label: 'main' });
    expect(body.raw).toEqual(USER);
    expect(body.mapped).toEqual({
      kind: 'profile',
      profile: { id: '7', username: 'aave', followers: 812345, verified: true, verifiedType: 'business' },
    });
    expect(body.request.path).toBe('/2/users/by/username/aave');
    expect(res.body).not.toContain('secret-bearer');
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer secret-bearer-main');
  });

  test('search and counts by handle send ingestion’s queries and map to engagement and 7-day mentions', async () => {
    await addAccount();

    const search = XDebugResponseSchema.parse((await debug({ endpoint: 'search', username: 'aave' })).json());
    const counts = XDebugResponseSchema.parse((await debug({ endpoint: 'counts', username: 'aave' })).json());
    const raw = XDebugResponseSchema.parse((await debug({ endpoint: 'search', query: '#defi lang:en' })).json());

    expect(search.mapped).toEqual({ kind: 'engagement', value: (10 + 10) / 2 });
    expect(search.request.query.query).toBe('from:aave -is:retweet');
    expect(counts.mapped).toEqual({ kind: 'mentions7d', value: 42 });
    expect(counts.request.query).toMatchObject({ query: '@aave -is:retweet', granularity: 'day' });
    expect(raw.request.query.query).toBe('#defi lang:en');
    expect(fake.requests.map((r) => r.query.get('query'))).toEqual([
      'from:aave -is:retweet',
      '@aave -is:retweet',
      '#defi lang:en',
    ]);
  });

  test('a 200 that only carries errors is shown raw, with the mapping’s refusal', async () => {
    await addAccount();
    const problem = { errors: [{ title: 'Not Found Error', detail: 'Could not find user with username: [nobody].' }] };
    answer = () => ({ body: problem });

    const body = XDebugResponseSchema.parse((await debug({ endpoint: 'user', username: 'nobody' })).json());

    expect(body.raw).toEqual(problem);
    expect(body.mapped).toBeNull();
    expect(body.mappingError).toContain('Could not find user');
  });

  test('no account: 409 X_NO_ACCOUNT in zh and en, and X is never called', async () => {
    const en = await debug({ endpoint: 'user', username: 'aave' });
    const zh = await admin.request({ method: 'POST', url: URL_, payload: { endpoint: 'user', username: 'aave' } });

    expect(en.statusCode).toBe(409);
    expect(en.json().error.code).toBe('X_NO_ACCOUNT');
    expect(en.json().error.message).toMatch(/No X API account/);
    expect(zh.json().error.message).toMatch(/没有可用的 X API 账号/);
    expect(fake.requests).toHaveLength(0);
  });

  test('a 429 disables the serving account for the window and answers 429 X_RATE_LIMITED naming it', async () => {
    const account = await addAccount('busy');
    const reset = Math.floor(Date.now() / 1000) + 600;
    answer = () => ({ status: 429, headers: { 'x-rate-limit-reset': String(reset) }, body: {} });

    const res = await debug({ endpoint: 'counts', username: 'aave' });
    const list = await admin.request({ method: 'GET', url: '/api/admin/social-accounts' });

    expect(res.statusCode).toBe(429);
    expect(res.json().error).toMatchObject({
      code: 'X_RATE_LIMITED',
      details: { account: { id: account.id, label: 'busy' } },
    });
    expect(res.json().error.message).toContain('busy');
    const row = list.json().items[0];
    expect(row).toMatchObject({ isActive: false, disabledReason: 'rate_limited' });
    expect(new Date(row.rateLimitedUntil).getTime()).toBe(reset * 1000);
  });

  test('an X error or an unreachable X is a 502 X_UPSTREAM_ERROR with X’s status', async () => {
    await addAccount();
    answer = () => ({ status: 503, body: { title: 'Service Unavailable' } });

    const res = await debug({ endpoint: 'search', username: 'aave' });

    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('X_UPSTREAM_ERROR');
    expect(res.json().error.message).toContain('503');
  });

  test('bad input is a 400; a non-admin gets 403', async () => {
    const { agent } = await signUpAgent(t.app, 'pleb@example.com');

    expect((await debug({ endpoint: 'user', query: 'from:aave' })).statusCode).toBe(400);
    expect((await debug({ endpoint: 'search', username: 'aave', query: 'x' })).statusCode).toBe(400);
    expect((await debug({ endpoint: 'user', username: 'not a handle!' })).statusCode).toBe(400);
    expect((await debug({ endpoint: 'likes', username: 'aave' })).statusCode).toBe(400);
    const user = await agent.request({ method: 'POST', url: URL_, payload: { endpoint: 'user', username: 'aave' } });
    expect(user.statusCode).toBe(403);
  });
});

describe('POST /api/admin/twitter-debug without SECRET_KEY', () => {
  test('answers 503 X_NOT_CONFIGURED', async () => {
    const t = await buildTestApp({ catalogue: false });
    const admin = await signUpAdmin(t.app, t.db, 'ops@example.com');

    const res = await admin.request({
      method: 'POST',
      url: `${URL_}?lang=en`,
      payload: { endpoint: 'user', username: 'a' },
    });
    await t.close();

    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('X_NOT_CONFIGURED');
  });
});
