import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { CLI_ACTOR } from '../../audit/audit-log.service.ts';
import { projects, socialApiAccounts } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { createSocialAccount } from '../social-accounts/social-accounts.service.ts';
import { runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';

const now = new Date('2026-11-21T10:00:00.000Z');
const USER = {
  data: {
    id: '8671',
    name: 'Aave',
    username: 'aave',
    verified: true,
    public_metrics: { followers_count: 812345, following_count: 512, tweet_count: 10234, listed_count: 5120 },
  },
};
const tweet = (id: string, likes: number) => ({
  id,
  text: 'gm',
  edit_history_tweet_ids: [id],
  public_metrics: { retweet_count: 10, reply_count: 5, like_count: likes, quote_count: 5 },
});
const SEARCH = { data: [1, 2, 3, 4, 5, 6].map((i) => tweet(String(i), i * 10)), meta: { result_count: 6 } };
const COUNTS = {
  data: [{ start: '2026-11-14T10:00:00.000Z', end: '2026-11-15T00:00:00.000Z', tweet_count: 1432 }],
  meta: { total_tweet_count: 6953 },
};

describe('social sources', () => {
  let t: TestApp;
  let fake: FakeServer;
  let override: ((r: FakeRequest) => FakeResponse | undefined) | undefined;
  let deps: IngestDeps;

  function normal({ path }: FakeRequest): FakeResponse {
    if (path.startsWith('/x/2/users/by/username/')) return { body: USER };
    if (path === '/x/2/tweets/search/recent') return { body: SEARCH };
    if (path === '/x/2/tweets/counts/recent') return { body: COUNTS };
    if (path === '/tg/botBOT:TOKEN/getChatMemberCount') return { body: { ok: true, result: 48213 } };
    if (path === '/dc/invites/aave')
      return {
        body: {
          type: 0,
          code: 'aave',
          approximate_member_count: 61234,
          approximate_presence_count: 8123,
          expires_at: null,
        },
      };
    return { status: 404, body: { message: 'Unknown Invite', code: 10006 } };
  }

  beforeAll(async () => {
    fake = await startFakeServer((r) => override?.(r) ?? normal(r));
    t = await buildTestApp({
      catalogue: false,
      env: {
        ...FAST_INGEST_ENV,
        X_BASE_URL: `${fake.url}/x`,
        TELEGRAM_BASE_URL: `${fake.url}/tg`,
        TELEGRAM_BOT_TOKEN: 'BOT:TOKEN',
        DISCORD_BASE_URL: `${fake.url}/dc`,
      },
    });
    deps = { db: t.db, config: t.config, events: t.events, now: () => now };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    await t.db.delete(socialApiAccounts);
    await insertProject(t.db, {
      id: 'aave',
      twitterHandle: '@aave',
      telegramUrl: 'https://t.me/aavecommunity',
      discordUrl: 'https://discord.gg/aave',
    });
    override = undefined;
    fake.requests.length = 0;
  });

  const aave = async () => (await t.db.select().from(projects))[0]!;

  describe('X', () => {
    test('stores followers, 7-day mentions and engagement of the 5 latest tweets through the pool', async () => {
      await createSocialAccount(t.db, CLI_ACTOR, FAST_INGEST_ENV.SECRET_KEY, { label: 'A', bearerToken: 'token-a' });

      const result = await runIngestionSource(deps, 'x', 'cli');

      expect(result.failed).toBe(false);
      const row = await aave();
      // engagement: (10+5+5) per tweet + likes 10..50 → average of the first 5 = 20 + 30
      expect(row).toMatchObject({ followersTwitter: 812345, mentions7d: 6953, engagementAvg: 50 });
      expect(row.metricSources.followersTwitter).toEqual({ source: 'x', asOf: now.toISOString() });
      const search = fake.requests.find((r) => r.path.endsWith('/search/recent'));
      expect(search?.query.get('max_results')).toBe('10');
      expect(fake.requests[0]?.path).toBe('/x/2/users/by/username/aave'); // leading @ stripped
      const counts = fake.requests.find((r) => r.path.endsWith('/counts/recent'));
      expect(counts?.query.get('granularity')).toBe('day');
    });

    test("maps X's verified_type: an organisation check verifies the project, a blue check does not", async () => {
      await createSocialAccount(t.db, CLI_ACTOR, FAST_INGEST_ENV.SECRET_KEY, { label: 'A', bearerToken: 'token-a' });
      let verifiedType = 'business';
      override = ({ path }) =>
        path.startsWith('/x/2/users/by/username/')
          ? { body: { data: { ...USER.data, verified: true, verified_type: verifiedType } } }
          : undefined;

      await runIngestionSource(deps, 'x', 'cli');

      expect(fake.requests[0]?.query.get('user.fields')).toContain('verified_type');
      expect(await aave()).toMatchObject({
        isVerified: true,
        verification: { method: 'x', by: '@aave', at: now.toISOString(), note: 'business' },
      });

      verifiedType = 'blue'; // a paid subscription: no longer counts
      await t.db.update(projects).set({ metricSources: {} }); // due again
      const second = await runIngestionSource(deps, 'x', 'cli', { limit: 1 });

      expect(second.failed).toBe(false);
      expect(await aave()).toMatchObject({ isVerified: false, verification: null });
    });

    test('an unknown user (HTTP 200 with only errors) is a failure: values kept and marked stale', async () => {
      await createSocialAccount(t.db, CLI_ACTOR, FAST_INGEST_ENV.SECRET_KEY, { label: 'A', bearerToken: 'token-a' });
      await t.db.update(projects).set({
        followersTwitter: 1000,
        metricSources: { followersTwitter: { source: 'x', asOf: '2026-11-01T00:00:00.000Z' } },
      });
      override = ({ path }) =>
        path.startsWith('/x/2/users')
          ? {
              body: {
                errors: [
                  { value: 'aave', detail: 'Could not find user with username: [aave].', title: 'Not Found Error' },
                ],
              },
            }
          : undefined;

      const result = await runIngestionSource(deps, 'x', 'cli');

      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(/Could not find user/);
      const row = await aave();
      expect(row.followersTwitter).toBe(1000);
      expect(row.metricSources.followersTwitter).toEqual({
        source: 'x',
        asOf: '2026-11-01T00:00:00.000Z',
        stale: true,
      });
    });

    describe.each<{ name: string; answer: FakeResponse; error: RegExp }>([
      {
        name: '429 with x-rate-limit-reset an hour away',
        answer: {
          status: 429,
          headers: { 'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 3600) },
          body: { title: 'Too Many Requests' },
        },
        error: /all API accounts failed/,
      },
      { name: '500', answer: { status: 500, body: {} }, error: /Twitter API error: 500/ },
      { name: 'timeout', answer: { delayMs: 1_500, body: USER }, error: /Twitter API error: timeout/ },
      { name: 'malformed body', answer: { body: { data: { id: 5, public_metrics: 'many' } } }, error: /malformed/ },
      { name: 'invalid JSON', answer: { raw: '<html>over capacity</html>' }, error: /malformed/ },
    ])('the user lookup fails: $name', ({ answer, error }) => {
      test('the old value is kept (not invented), marked stale, and the error recorded', async () => {
        await createSocialAccount(t.db, CLI_ACTOR, FAST_INGEST_ENV.SECRET_KEY, { label: 'A', bearerToken: 'token-a' });
        await t.db.update(projects).set({
          followersTwitter: 1000,
          metricSources: { followersTwitter: { source: 'x', asOf: '2026-11-01T00:00:00.000Z' } },
        });
        override = ({ path }) => (path.startsWith('/x/2/users') ? answer : undefined);

        const result = await runIngestionSource(deps, 'x', 'cli');

        expect(result.failed).toBe(true);
        expect(result.errors.join(' ')).toMatch(error);
        const row = await aave();
        expect(row.followersTwitter).toBe(1000);
        expect(row.metricSources.followersTwitter).toMatchObject({ source: 'x', asOf: '2026-11-01T00:00:00.000Z' });
        expect(row.metricSources.followersTwitter?.stale).toBe(true);
      });
    });

    test('when the pool is exhausted the run stops instead of waiting again for every project', async () => {
      await createSocialAccount(t.db, CLI_ACTOR, FAST_INGEST_ENV.SECRET_KEY, { label: 'A', bearerToken: 'token-a' });
      await insertProject(t.db, { id: 'zz-1', twitterHandle: 'one' });
      await insertProject(t.db, { id: 'zz-2', twitterHandle: 'two' });
      override = () => ({ status: 429, body: { title: 'Too Many Requests' } });

      const result = await runIngestionSource(deps, 'x', 'cli', { limit: 3 });

      expect(result.failed).toBe(true);
      expect(result.counts).toMatchObject({ due: 3, failed: 1, stopped: 2 });
      expect(result.errors.join()).toMatch(/all API accounts failed/);
      expect(fake.requests).toHaveLength(1);
    });

    test('is skipped, not failed, without accounts', async () => {
      const result = await runIngestionSource(deps, 'x', 'cli');

      expect(result).toMatchObject({ failed: false, skipped: expect.stringMatching(/no X account/) });
      expect(fake.requests).toHaveLength(0);
    });

    test('a project refreshed within 7 days is not due', async () => {
      await createSocialAccount(t.db, CLI_ACTOR, FAST_INGEST_ENV.SECRET_KEY, { label: 'A', bearerToken: 'token-a' });
      await t.db
        .update(projects)
        .set({ metricSources: { followersTwitter: { source: 'x', asOf: '2026-11-18T00:00:00.000Z' } } });

      const result = await runIngestionSource(deps, 'x', 'cli');

      expect(result.counts.due).toBe(0);
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('Telegram', () => {
    test('stores the member count', async () => {
      const result = await runIngestionSource(deps, 'telegram', 'cli');

      expect(result.failed).toBe(false);
      expect((await aave()).followersTelegram).toBe(48213);
      expect(fake.requests[0]?.query.get('chat_id')).toBe('@aavecommunity');
    });

    test.each<{ name: string; answer: FakeResponse; error: RegExp }>([
      {
        name: '429 with retry_after beyond the cap',
        answer: {
          status: 429,
          body: {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 7',
            parameters: { retry_after: 7 },
          },
        },
        error: /HTTP 429/,
      },
      {
        name: '500',
        answer: { status: 500, body: { ok: false, error_code: 500, description: 'Internal' } },
        error: /HTTP 500/,
      },
      { name: 'timeout', answer: { delayMs: 1_500, body: { ok: true, result: 1 } }, error: /no answer/ },
      { name: 'malformed', answer: { body: { ok: true, result: 'many' } }, error: /unexpected response shape/ },
      {
        name: 'chat not found',
        answer: { status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } },
        error: /HTTP 400/,
      },
    ])('$name keeps the last value, marked stale, and never leaks the token', async ({ answer, error }) => {
      await runIngestionSource(deps, 'telegram', 'cli');
      await t.db
        .update(projects)
        .set({ metricSources: { followersTelegram: { source: 'telegram', asOf: '2026-11-01T00:00:00.000Z' } } });
      override = () => answer;

      const result = await runIngestionSource(deps, 'telegram', 'cli');

      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(error);
      expect(result.errors.join()).not.toContain('BOT:TOKEN');
      const row = await aave();
      expect(row.followersTelegram).toBe(48213);
      expect(row.metricSources.followersTelegram?.stale).toBe(true);
    });

    test('a 429 with a short retry_after is waited out', async () => {
      let first = true;
      override = () => {
        if (!first) return undefined;
        first = false;
        return {
          status: 429,
          body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 0 } },
        };
      };

      await runIngestionSource(deps, 'telegram', 'cli');

      expect((await aave()).followersTelegram).toBe(48213);
    });
  });

  describe('Discord', () => {
    test('stores the approximate member count', async () => {
      await runIngestionSource(deps, 'discord', 'cli');

      expect((await aave()).followersDiscord).toBe(61234);
      expect(fake.requests[0]?.query.get('with_counts')).toBe('true');
    });

    test.each<{ name: string; answer: FakeResponse; error: RegExp }>([
      {
        name: '429 with X-RateLimit-Reset-After beyond the cap',
        answer: {
          status: 429,
          headers: { 'x-ratelimit-reset-after': '30.5', 'retry-after': '31' },
          body: { message: 'You are being rate limited.', retry_after: 30.5, global: false },
        },
        error: /HTTP 429/,
      },
      {
        name: 'unknown invite',
        answer: { status: 404, body: { message: 'Unknown Invite', code: 10006 } },
        error: /HTTP 404/,
      },
      { name: '500', answer: { status: 502, body: {} }, error: /HTTP 502/ },
      { name: 'timeout', answer: { delayMs: 1_500, body: {} }, error: /no answer/ },
      { name: 'malformed', answer: { raw: 'not json' }, error: /invalid JSON/ },
    ])('$name keeps the last value, marked stale', async ({ answer, error }) => {
      await runIngestionSource(deps, 'discord', 'cli');
      await t.db
        .update(projects)
        .set({ metricSources: { followersDiscord: { source: 'discord', asOf: '2026-11-01T00:00:00.000Z' } } });
      override = () => answer;

      const result = await runIngestionSource(deps, 'discord', 'cli');

      expect(result.errors[0]).toMatch(error);
      const row = await aave();
      expect(row.followersDiscord).toBe(61234);
      expect(row.metricSources.followersDiscord).toEqual({
        source: 'discord',
        asOf: '2026-11-01T00:00:00.000Z',
        stale: true,
      });
    });
  });

  test('social refresh is spread across the week: each run takes 1/168 of the projects, most overdue first', async () => {
    for (let i = 0; i < 200; i++)
      await insertProject(t.db, { id: `p-${String(i).padStart(3, '0')}`, discordUrl: 'https://discord.gg/aave' });

    const result = await runIngestionSource(deps, 'discord', 'cli');

    expect(result.counts).toMatchObject({ candidates: 201, due: 2 });
  });
});
