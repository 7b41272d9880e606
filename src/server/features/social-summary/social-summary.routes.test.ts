import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { SocialSummarySchema } from '../../../shared/api/social.schema.ts';
import { CLI_ACTOR } from '../../audit/audit-log.service.ts';
import { projects, socialApiAccounts, xRecentPosts } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { fakeXAave, X_MARKUP_TEXT } from '../../sources/testing/x-fixtures.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import type { IngestDeps } from '../ingestion/ingestion.service.ts';
import { runIngestionSource } from '../ingestion/ingestion.service.ts';
import { createSocialAccount, setSocialAccountActive } from '../social-accounts/social-accounts.service.ts';

const now = new Date('2026-11-21T10:00:00.000Z');

async function getSummary(t: TestApp, id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/social` });
  expect(res.statusCode).toBe(200);
  return SocialSummarySchema.parse(res.json());
}

describe('GET /api/projects/:id/social', () => {
  let t: TestApp;
  let fake: FakeServer;
  let override: ((r: FakeRequest) => FakeResponse | undefined) | undefined;
  let deps: IngestDeps;

  const normal = fakeXAave('/x');

  const addAccount = () =>
    createSocialAccount(t.db, CLI_ACTOR, FAST_INGEST_ENV.SECRET_KEY, { label: 'A', bearerToken: 'token-a' });

  beforeAll(async () => {
    fake = await startFakeServer((r) => override?.(r) ?? normal(r));
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, X_BASE_URL: `${fake.url}/x` } });
    deps = { db: t.db, config: t.config, events: t.events, now: () => now };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    await t.db.delete(socialApiAccounts);
    await insertProject(t.db, { id: 'aave', name: 'Aave', twitterHandle: '@aave', socialScore: 62 });
    override = undefined;
    fake.requests.length = 0;
  });

  test('stores the most engaged recent posts from the ingestion’s own search and serves the summary with as-of', async () => {
    await addAccount();

    const result = await runIngestionSource(deps, 'x', 'cli');
    const body = await getSummary(t, 'aave');

    expect(result.failed).toBe(false);
    // No extra X call: profile, counts and the one recent search per project.
    expect(fake.requests.map((r) => r.path).sort()).toEqual([
      '/x/2/tweets/counts/recent',
      '/x/2/tweets/search/recent',
      '/x/2/users/by/username/aave',
    ]);
    const asOf = { source: 'x', asOf: now.toISOString() };
    expect(body).toMatchObject({
      projectId: 'aave',
      projectName: 'Aave',
      source: 'x',
      configured: true,
      socialScore: { value: 62 },
      officialAccount: { username: 'Aave', url: 'https://x.com/Aave', followers: 812345, followersSource: asOf },
      mentions: { count: 6953, windowDays: 7, countSource: asOf },
      lastUpdated: now.toISOString(),
    });
    expect(body.recentPosts?.postsSource).toEqual(asOf);
    expect(body.recentPosts?.items.map((p) => p.text)).toEqual([
      'post 4',
      'post 1',
      X_MARKUP_TEXT, // stored verbatim; the page renders it as text
      'post 2',
      'post 7',
    ]);
    expect(body.recentPosts?.items[0]).toEqual({
      id: '1830000000000000004',
      text: 'post 4',
      postedAt: '2026-11-14T14:03:11.000Z',
      likes: 980,
      reposts: 3,
      replies: 2,
      quotes: 1,
      url: 'https://x.com/Aave/status/1830000000000000004',
    });
  });

  test('a failed read keeps the stored posts and figures with their as-of and marks them stale', async () => {
    await addAccount();
    await runIngestionSource(deps, 'x', 'cli');
    // As if that read was three weeks ago: due again.
    const earlier = { source: 'x', asOf: '2026-11-01T00:00:00.000Z' };
    await t.db.update(projects).set({ metricSources: { followersTwitter: earlier, mentions7d: earlier } });
    await t.db.update(xRecentPosts).set({ fetchedAt: new Date('2026-11-01T00:00:00.000Z') });
    override = ({ path }) => (path === '/x/2/tweets/search/recent' ? { status: 500, body: {} } : undefined);

    const result = await runIngestionSource(deps, 'x', 'cli');
    const body = await getSummary(t, 'aave');

    expect(result.failed).toBe(true);
    expect(body.recentPosts?.items).toHaveLength(5);
    expect(body.recentPosts?.postsSource).toEqual({ ...earlier, stale: true });
    expect(body.officialAccount?.followers).toBe(812345);
    expect(body.officialAccount?.followersSource).toEqual({ ...earlier, stale: true });
    expect(body.mentions).toMatchObject({ count: 6953, countSource: { ...earlier, stale: true } });
    expect(body.lastUpdated).toBe('2026-11-01T00:00:00.000Z');

    override = undefined; // the next good read clears the mark
    await t.db.update(projects).set({ metricSources: {} });
    await runIngestionSource(deps, 'x', 'cli');
    expect((await getSummary(t, 'aave')).recentPosts?.postsSource).toEqual({ source: 'x', asOf: now.toISOString() });
  });

  test('read with no posts is an empty list, not "never read"', async () => {
    await addAccount();
    override = ({ path }) =>
      path === '/x/2/tweets/search/recent' ? { body: { meta: { result_count: 0 } } } : undefined;

    await runIngestionSource(deps, 'x', 'cli');
    const body = await getSummary(t, 'aave');

    expect(body.recentPosts).toEqual({ items: [], postsSource: { source: 'x', asOf: now.toISOString() } });
  });

  test('X configured but never read: every figure null, no number made up', async () => {
    await addAccount();

    const body = await getSummary(t, 'aave');

    expect(body).toMatchObject({
      configured: true,
      officialAccount: { username: 'aave', url: 'https://x.com/aave', followers: null, followersSource: null },
      mentions: { count: null, windowDays: 7, countSource: null },
      recentPosts: null,
      lastUpdated: null,
    });
    expect(fake.requests).toHaveLength(0); // the summary only reads what is stored
  });

  test('no usable account in the pool (none, or switched off by hand) is "not configured"', async () => {
    const none = await getSummary(t, 'aave');
    const account = await addAccount();
    await setSocialAccountActive(t.db, CLI_ACTOR, account.id, false, now);
    const off = await getSummary(t, 'aave');

    expect(none.configured).toBe(false);
    expect(off.configured).toBe(false);
  });

  test('a project without an X handle has no official account', async () => {
    await insertProject(t.db, { id: 'quiet', twitterHandle: null });

    const body = await getSummary(t, 'quiet');

    expect(body.officialAccount).toBeNull();
    expect(body.recentPosts).toBeNull();
  });

  test('404 PROJECT_NOT_FOUND for an unknown project, 400 for an over-long id', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/projects/nope/social' });
    const long = await t.app.inject({ method: 'GET', url: `/api/projects/${'a'.repeat(129)}/social` });

    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('PROJECT_NOT_FOUND');
    expect(long.statusCode).toBe(400);
  });
});

describe('GET /api/projects/:id/social without SECRET_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('says X is not configured and keeps earlier stored figures with their as-of', async () => {
    await insertProject(t.db, {
      id: 'aave',
      twitterHandle: '@aave',
      followersTwitter: 1000,
      metricSources: { followersTwitter: { source: 'x', asOf: '2026-10-01T00:00:00.000Z' } },
    });

    const body = await getSummary(t, 'aave');

    expect(body.configured).toBe(false);
    expect(body.officialAccount).toMatchObject({
      followers: 1000,
      followersSource: { source: 'x', asOf: '2026-10-01T00:00:00.000Z' },
    });
    expect(body.mentions.count).toBeNull();
    expect(body.recentPosts).toBeNull();
    expect(body.lastUpdated).toBe('2026-10-01T00:00:00.000Z');
  });
});
