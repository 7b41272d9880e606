import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CLI_ACTOR } from '../../audit/audit-log.service.ts';
import { socialApiAccounts, socialApiUsage } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { ALL_ACCOUNTS_FAILED } from '../../sources/x/x.errors.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  createSocialAccount,
  listSocialAccounts,
  listSocialUsage,
  pruneSocialUsage,
  setSocialAccountActive,
} from './social-accounts.service.ts';
import { createXAccountPool } from './x-account-pool.service.ts';

const KEY = FAST_INGEST_ENV.SECRET_KEY;
const USER = {
  data: {
    id: '1',
    name: 'Aave',
    username: 'aave',
    public_metrics: { followers_count: 812345, following_count: 1, tweet_count: 2, listed_count: 3 },
  },
};

describe('X account pool', () => {
  let t: TestApp;
  let fake: FakeServer;
  let answer: (r: FakeRequest, n: number) => FakeResponse;
  let clock: Date;
  let calls = 0;

  beforeAll(async () => {
    fake = await startFakeServer((r) => answer(r, calls++));
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(socialApiAccounts);
    calls = 0;
    fake.requests.length = 0;
    clock = new Date('2026-11-21T10:00:00.000Z');
    answer = () => ({ body: USER });
  });

  const pool = (waitMs = 100) =>
    createXAccountPool({
      db: t.db,
      secretKey: KEY,
      baseUrl: fake.url,
      timeoutMs: 2_000,
      backoffMs: 1,
      waitMs,
      now: () => clock,
    });
  const getUser = (p = pool()) =>
    p.get('/2/users/by/username/aave', new URLSearchParams({ 'user.fields': 'public_metrics' }));
  const usage = () => t.db.select().from(socialApiUsage).orderBy(socialApiUsage.accountId);
  const accounts = () => t.db.select().from(socialApiAccounts);
  const bearerOf = (r: FakeRequest) => r.headers.authorization?.replace('Bearer ', '');

  test('account A answers 429: A is disabled until x-rate-limit-reset and the call succeeds on B', async () => {
    const a = await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    const b = await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'B', bearerToken: 'token-b' });
    const reset = Math.floor(clock.getTime() / 1000) + 600;
    answer = (_r, n) =>
      n === 0
        ? {
            status: 429,
            headers: {
              'x-rate-limit-limit': '300',
              'x-rate-limit-remaining': '0',
              'x-rate-limit-reset': String(reset),
            },
            body: { title: 'Too Many Requests', status: 429, type: 'about:blank' },
          }
        : { body: USER };

    const body = await getUser();

    expect(body).toEqual(USER);
    const first = bearerOf(fake.requests[0]!);
    const second = bearerOf(fake.requests[1]!);
    expect(new Set([first, second])).toEqual(new Set(['token-a', 'token-b']));
    const limitedId = first === 'token-a' ? a.id : b.id;
    const okId = limitedId === a.id ? b.id : a.id;
    const rows = await accounts();
    expect(rows.find((r) => r.id === limitedId)).toMatchObject({
      isActive: false,
      disabledReason: 'rate_limited',
      rateLimitedUntil: new Date(reset * 1000),
    });
    expect(rows.find((r) => r.id === okId)).toMatchObject({ isActive: true, dailyUsage: 1 });
    expect(await usage()).toEqual(
      expect.arrayContaining([
        { date: '2026-11-21', accountId: limitedId, requests: 1, errors: 1, rateLimit: 1 },
        { date: '2026-11-21', accountId: okId, requests: 1, errors: 0, rateLimit: 0 },
      ]),
    );
  });

  test('a 429 without x-rate-limit-reset disables the account for the 15-minute window', async () => {
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'B', bearerToken: 'token-b' });
    answer = (_r, n) =>
      n === 0 ? { status: 429, body: { errors: [{ code: 88, message: 'Rate limit exceeded' }] } } : { body: USER };

    await getUser();

    const limited = (await accounts()).find((r) => r.disabledReason === 'rate_limited');
    expect(limited?.rateLimitedUntil?.toISOString()).toBe('2026-11-21T10:15:00.000Z');
  });

  test('all accounts exhausted: waits at most X_POOL_WAIT_MS, then fails with "all API accounts failed"', async () => {
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'B', bearerToken: 'token-b' });
    answer = () => ({ status: 429, body: { title: 'Too Many Requests' } });
    const started = Date.now();

    await expect(getUser(pool(150))).rejects.toThrow(ALL_ACCOUNTS_FAILED);

    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(fake.requests).toHaveLength(2); // one per account; nothing is sent while every account is limited
    const rows = await usage();
    expect(rows.map((r) => [r.requests, r.errors, r.rateLimit])).toEqual([
      [1, 1, 1],
      [1, 1, 1],
    ]);
  });

  test('an account whose window has passed is re-enabled and used again', async () => {
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    answer = (_r, n) => (n === 0 ? { status: 429, body: {} } : { body: USER });
    await expect(getUser()).rejects.toThrow(ALL_ACCOUNTS_FAILED);
    clock = new Date(clock.getTime() + 16 * 60_000);

    await expect(getUser()).resolves.toEqual(USER);

    expect((await accounts())[0]).toMatchObject({ isActive: true, disabledReason: null });
  });

  test('daily limit: the 301st request of the day fails, enabling resets usage, a new day starts at 0', async () => {
    const a = await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    expect((await accounts())[0]?.dailyLimit).toBe(300); // the default limit, not one set for the test
    const p = pool();
    // Requests 1–2 count up from 0; the counter then skips to 298 (as after 296 more requests: sending them all took
    // ~300 round trips for nothing the first two and the last two do not show); 299 and 300 still go out; 301 does not.
    for (let i = 0; i < 2; i++) await getUser(p);
    expect((await listSocialAccounts(t.db, clock))[0]?.dailyUsage).toBe(2);
    await t.db.update(socialApiAccounts).set({ dailyUsage: 298 });
    for (let i = 0; i < 2; i++) await getUser(p);

    await expect(getUser(p)).rejects.toThrow(ALL_ACCOUNTS_FAILED);

    expect(fake.requests).toHaveLength(4);
    expect(await usage()).toEqual([{ date: '2026-11-21', accountId: a.id, requests: 4, errors: 0, rateLimit: 0 }]);
    expect((await listSocialAccounts(t.db, clock))[0]?.dailyUsage).toBe(300);
    await setSocialAccountActive(t.db, CLI_ACTOR, a.id, true, clock);
    expect((await listSocialAccounts(t.db, clock))[0]?.dailyUsage).toBe(0);
    await expect(getUser(p)).resolves.toEqual(USER);
    await t.db.update(socialApiAccounts).set({ dailyUsage: 300 });
    clock = new Date('2026-11-22T00:00:01.000Z');
    expect((await listSocialAccounts(t.db, clock))[0]?.dailyUsage).toBe(0);
    await expect(getUser(p)).resolves.toEqual(USER);
  });

  test('a manually disabled account is never used', async () => {
    const a = await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    await setSocialAccountActive(t.db, CLI_ACTOR, a.id, false, clock);

    await expect(getUser()).rejects.toThrow(ALL_ACCOUNTS_FAILED);

    expect(fake.requests).toHaveLength(0);
    expect((await accounts())[0]).toMatchObject({ isActive: false, disabledReason: 'manual' });
  });

  test('other 4xx fail at once with the spec message and count an error', async () => {
    const a = await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    answer = () => ({ status: 403, body: { title: 'Forbidden' } });

    await expect(getUser()).rejects.toThrow('Twitter API error: 403 Forbidden');

    expect(fake.requests).toHaveLength(1);
    expect(await usage()).toEqual([{ date: '2026-11-21', accountId: a.id, requests: 1, errors: 1, rateLimit: 0 }]);
  });

  test('5xx is retried 3 times with back-off, then fails with the status', async () => {
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'A', bearerToken: 'token-a' });
    answer = () => ({ status: 503, body: {} });

    await expect(getUser()).rejects.toThrow('Twitter API error: 503 Service Unavailable');

    expect(fake.requests).toHaveLength(4);
  });

  test('client credentials: fetches an app token with Basic auth, then uses it', async () => {
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'CC', apiKey: 'key a', apiSecret: 'secret/b' });
    answer = (r) =>
      r.path === '/oauth2/token' ? { body: { token_type: 'bearer', access_token: 'app-token' } } : { body: USER };

    await getUser();

    const [token, call] = fake.requests;
    expect(token?.method).toBe('POST');
    expect(token?.body).toBe('grant_type=client_credentials');
    expect(token?.headers.authorization).toBe(`Basic ${Buffer.from('key%20a:secret%2Fb').toString('base64')}`);
    expect(call?.headers.authorization).toBe('Bearer app-token');
  });

  test('token failure: "Twitter OAuth failed: {status}"', async () => {
    await createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'CC', apiKey: 'k', apiSecret: 's' });
    answer = () => ({ status: 401, body: { errors: [{ code: 99 }] } });

    await expect(getUser()).rejects.toThrow('Twitter OAuth failed: 401');
  });

  test('secrets are encrypted at rest and never listed; usage is kept 30 days', async () => {
    await createSocialAccount(t.db, CLI_ACTOR, KEY, {
      label: 'A',
      bearerToken: 'token-a',
      apiKey: 'key',
      apiSecret: 'secret',
    });
    const [stored] = await accounts();
    const listed = await listSocialAccounts(t.db, clock);

    expect(stored?.bearerTokenEnc).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain('token-a');
    expect(JSON.stringify(listed)).not.toMatch(/token-a|v1\.|secret"|Enc/);
    expect(listed[0]).toMatchObject({ label: 'A', hasBearerToken: true, hasApiKey: true });

    const id = stored!.id;
    await t.db.insert(socialApiUsage).values([
      { date: '2026-10-01', accountId: id, requests: 5 },
      { date: '2026-11-20', accountId: id, requests: 7 },
    ]);
    expect(await pruneSocialUsage(t.db, clock)).toBe(1);
    expect((await listSocialUsage(t.db, clock)).map((r) => r.date)).toEqual(['2026-11-20']);
    expect(await t.db.select().from(socialApiUsage).where(eq(socialApiUsage.date, '2026-10-01'))).toEqual([]);
  });

  test('creating an account without SECRET_KEY or credentials is refused', async () => {
    await expect(createSocialAccount(t.db, CLI_ACTOR, undefined, { label: 'x', bearerToken: 't' })).rejects.toThrow(
      'BAD_REQUEST',
    );
    await expect(createSocialAccount(t.db, CLI_ACTOR, KEY, { label: 'x' })).rejects.toThrow('BAD_REQUEST');
  });
});
