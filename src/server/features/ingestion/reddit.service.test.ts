import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { projectScores, projects } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { recomputeHeat } from '../heat/recompute.service.ts';
import { loadEvaluationInputs } from '../methodology/evaluation-inputs.service.ts';
import { runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const HOUR_S = 3600;
const nowS = NOW.getTime() / 1000;

/** A listing page: `n` posts `from` hours ago onward (one an hour), authors cycling through `authors`. */
function page(n: number, from: number, after: string | null, authors = ['alice', 'bob', 'carol']) {
  return {
    kind: 'Listing',
    data: {
      after,
      dist: n,
      children: Array.from({ length: n }, (_, i) => ({
        kind: 't3',
        data: {
          id: `p${from + i}`,
          title: 'Uniswap v5 is live',
          subreddit: 'ethereum',
          author: authors[i % authors.length],
          score: 10,
          num_comments: 2,
          created_utc: nowS - (from + i) * HOUR_S,
          over_18: false,
        },
      })),
    },
  };
}

describe('Reddit mentions', () => {
  let t: TestApp;
  let fake: FakeServer;
  let override: ((r: FakeRequest) => FakeResponse | undefined) | undefined;
  let deps: IngestDeps;
  let clock = NOW;
  let tokens = 0;

  // Page 1: 100 posts (hours 0–99); page 2: 100 posts (hours 100–199, the last ones older than 7 days = 168 h).
  function normal(request: FakeRequest): FakeResponse {
    if (request.path === '/auth/api/v1/access_token') {
      tokens++;
      return { body: { access_token: `token-${tokens}`, token_type: 'bearer', expires_in: 86_400, scope: '*' } };
    }
    if (request.path === '/api/search') {
      if (request.query.get('q')?.includes('Zyxcoin')) return { body: page(0, 0, null) };
      return request.query.get('after') === 't3_p99'
        ? { body: page(100, 100, 't3_p199', ['dave', '[deleted]']) }
        : { body: page(100, 0, 't3_p99') };
    }
    return { status: 404, body: { message: 'Not Found', error: 404 } };
  }

  beforeAll(async () => {
    fake = await startFakeServer((r) => override?.(r) ?? normal(r));
    t = await buildTestApp({
      catalogue: false,
      env: {
        ...FAST_INGEST_ENV,
        REDDIT_AUTH_URL: `${fake.url}/auth`,
        REDDIT_BASE_URL: `${fake.url}/api`,
        REDDIT_CLIENT_ID: 'client-id',
        REDDIT_CLIENT_SECRET: 'client-secret',
      },
    });
    deps = { db: t.db, config: t.config, events: t.events, now: () => clock };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'uniswap', name: 'Uniswap', symbol: 'UNI' });
    override = undefined;
    clock = NOW;
    tokens = 0;
    fake.requests.length = 0;
  });

  const row = async (id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0];
  /** A project's stored Reddit days: [day, posts, distinct authors]. */
  const dailyRows = async (id: string) => {
    const rows = await queryRows<{ day: string; signal: string; value: number }>(
      t.db,
      sql`SELECT day::text AS day, signal, value FROM daily_signals
          WHERE project_id = ${id} AND signal IN ('redditPosts', 'redditAuthors') AND source = 'reddit' ORDER BY day`,
    );
    const days = [...new Set(rows.map((r) => r.day))];
    const value = (day: string, signal: string) => rows.find((r) => r.day === day && r.signal === signal)?.value;
    return days.map((day) => [day, value(day, 'redditPosts'), value(day, 'redditAuthors')]);
  };

  test('gets an app token, follows `after` until posts are older than 7 days, counts posts and distinct authors', async () => {
    const result = await runIngestionSource(deps, 'reddit', 'cli');

    expect(result).toMatchObject({ failed: false, errors: [] });
    const [token, first, second] = fake.requests;
    expect(token?.method).toBe('POST');
    expect(token?.headers.authorization).toBe(`Basic ${Buffer.from('client-id:client-secret').toString('base64')}`);
    expect(token?.body).toBe('grant_type=client_credentials');
    expect(first?.headers.authorization).toBe('Bearer token-1');
    expect(first?.headers['user-agent']).toMatch(/^server:heatrank:/);
    expect(Object.fromEntries(first?.query ?? [])).toMatchObject({
      q: '"Uniswap"',
      t: 'week',
      limit: '100',
      sort: 'new',
    });
    expect(second?.query.get('after')).toBe('t3_p99');
    expect(fake.requests).toHaveLength(3); // the second page reached posts older than 7 days: no third page
    const uniswap = await row('uniswap');
    expect(uniswap?.redditMentions).toBe(169); // hours 0–168
    expect(uniswap?.metricSources.redditMentions).toEqual({ source: 'reddit', asOf: NOW.toISOString() });
    expect(uniswap?.redditAuthors).toBe(4); // alice, bob, carol, dave ([deleted] is no author)
    expect(uniswap?.metricSources.redditAuthors).toEqual({ source: 'reddit', asOf: NOW.toISOString() });
  });

  test('the page cap bounds a very busy project (a lower bound, counted as capped)', async () => {
    override = (r) => (r.path === '/api/search' ? { body: page(100, 0, 't3_more') } : undefined);

    const result = await runIngestionSource(deps, 'reddit', 'cli');

    expect(result.counts).toMatchObject({ capped: 1, updated: 1 });
    expect(fake.requests.filter((r) => r.path === '/api/search')).toHaveLength(3);
    expect((await row('uniswap'))?.redditMentions).toBe(100); // the same 100 ids on every page count once
  });

  test('stores each complete UTC day of the window: its posts and distinct authors, never today or the cut first day', async () => {
    await runIngestionSource(deps, 'reddit', 'cli');

    // The window is 11-14 10:00 … 11-21 10:00: 11-15 to 11-20 are whole. A post an hour (hour h before 11-21 10:00):
    // 24 a day; authors alice, bob and carol for h 0–99, dave (and a deleted account) for h 100–199. 11-17 holds
    // h 83–106, so both groups: 4 authors.
    expect(await dailyRows('uniswap')).toEqual([
      ['2026-11-15', 24, 1],
      ['2026-11-16', 24, 1],
      ['2026-11-17', 24, 4],
      ['2026-11-18', 24, 3],
      ['2026-11-19', 24, 3],
      ['2026-11-20', 24, 3],
    ]);
    // The methodology's community outcome reads them.
    const inputs = await loadEvaluationInputs(t.db, { from: '2026-11-14', to: '2026-11-21' });
    const D = inputs.days.length;
    const p = inputs.projects.findIndex((x) => x.id === 'uniswap');
    const authors = Array.from(inputs.signals.redditAuthors.subarray(p * D, p * D + D));
    expect(authors.map((v) => (Number.isNaN(v) ? null : v))).toEqual([null, 1, 1, 4, 3, 3, 3, null]);
    expect(inputs.signals.redditPosts[p * D + 1]).toBe(24);
  });

  test('a later run measures the days again (the later count wins); a capped answer stores only the days it read whole', async () => {
    await runIngestionSource(deps, 'reddit', 'cli');
    override = (r) => (r.path === '/api/search' ? { body: page(100, 24, 't3_more') } : undefined);
    clock = new Date('2026-11-22T10:00:00.000Z');

    await runIngestionSource(deps, 'reddit', 'cli');

    // This answer holds posts h 24–123 (11-20 10:00 back to 11-16 07:00), all by alice, bob and carol, and was
    // capped: 11-16 is cut, so it keeps its first measure; 11-17 to 11-21 are whole in the new window and measured
    // again — 11-17 now has 3 authors (the later measure wins), 11-20 holds h 24–34 only, 11-21 none (a measured 0).
    expect(await dailyRows('uniswap')).toEqual([
      ['2026-11-15', 24, 1],
      ['2026-11-16', 24, 1],
      ['2026-11-17', 24, 3],
      ['2026-11-18', 24, 3],
      ['2026-11-19', 24, 3],
      ['2026-11-20', 11, 3],
      ['2026-11-21', 0, 0],
    ]);
  });

  test('"Near" alone never counts: an everyday name is searched with crypto context', async () => {
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'near', name: 'Near', symbol: 'NEAR' });

    await runIngestionSource(deps, 'reddit', 'cli');

    const queries = fake.requests.filter((r) => r.path === '/api/search').map((r) => r.query.get('q'));
    expect(queries[0]).toBe('"Near" (crypto OR cryptocurrency OR blockchain OR token)');
  });

  test('an answer without posts is a real 0 (posts and authors), and it counts as evidence', async () => {
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'zyx', name: 'Zyxcoin', marketCap: 1e9 });

    await runIngestionSource(deps, 'reddit', 'cli');
    await recomputeHeat(t.db, { now: NOW });

    expect(await row('zyx')).toMatchObject({ redditMentions: 0, redditAuthors: 0 });
    const [score] = await t.db.select().from(projectScores).where(eq(projectScores.projectId, 'zyx'));
    expect(score?.evidenceCount).toBe(2); // market cap + Reddit's 0: scored
    expect(score?.heatScore).not.toBeNull();
  });

  test('without client credentials the source is skipped and nothing is guessed', async () => {
    const result = await runIngestionSource(
      { ...deps, config: { ...t.config, REDDIT_CLIENT_ID: undefined } },
      'reddit',
      'cli',
    );

    expect(result.skipped).toMatch(/REDDIT_CLIENT_ID/);
    expect(fake.requests).toHaveLength(0);
    expect((await row('uniswap'))?.redditMentions).toBeNull();
  });

  test('refused credentials (401 on the token) fail the run before any project; the old values stay, stale', async () => {
    await runIngestionSource(deps, 'reddit', 'cli');
    override = (r) =>
      r.path === '/auth/api/v1/access_token'
        ? { status: 401, body: { message: 'Unauthorized', error: 401 } }
        : undefined;
    clock = new Date('2026-11-22T10:00:00.000Z');
    fake.requests.length = 0;

    const result = await runIngestionSource(
      { ...deps, config: { ...t.config, REDDIT_CLIENT_SECRET: 'other' } },
      'reddit',
      'cli',
    );

    expect(result.failed).toBe(true);
    expect(result.errors[0]).toMatch(/reddit: HTTP 401/);
    expect(fake.requests).toHaveLength(1); // a 4xx is never retried
    const uniswap = await row('uniswap');
    expect(uniswap?.redditMentions).toBe(169);
    expect(uniswap?.metricSources.redditMentions).toMatchObject({ stale: true });
  });

  test('a token revoked mid-run (401 on search) is renewed once', async () => {
    let searches = 0;
    override = (r) =>
      r.path === '/api/search' && searches++ === 0 ? { status: 401, body: { error: 401 } } : undefined;

    const result = await runIngestionSource(deps, 'reddit', 'cli');

    expect(result.failed).toBe(false);
    expect(tokens).toBe(2);
    expect((await row('uniswap'))?.redditMentions).toBe(169);
  });

  test('a 429 whose x-ratelimit-reset is short is waited out', async () => {
    let searches = 0;
    override = (r) =>
      r.path === '/api/search' && searches++ === 0
        ? { status: 429, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' }, body: { error: 429 } }
        : undefined;

    const result = await runIngestionSource(deps, 'reddit', 'cli');

    expect(result.failed).toBe(false);
    expect((await row('uniswap'))?.redditMentions).toBe(169);
  });

  test('a 500 is retried with back-off even though every answer carries x-ratelimit-reset', async () => {
    let searches = 0;
    override = (r) =>
      r.path === '/api/search' && searches++ === 0
        ? { status: 500, headers: { 'x-ratelimit-remaining': '99', 'x-ratelimit-reset': '600' }, body: {} }
        : undefined;

    const result = await runIngestionSource(deps, 'reddit', 'cli');

    expect(result.failed).toBe(false);
    expect((await row('uniswap'))?.redditMentions).toBe(169);
  });

  describe.each<{ name: string; answer: FakeResponse; error: RegExp }>([
    {
      name: '429 with a reset too far away',
      answer: { status: 429, headers: { 'x-ratelimit-reset': '600' }, body: { error: 429 } },
      error: /HTTP 429/,
    },
    { name: '500', answer: { status: 500, body: {} }, error: /HTTP 500/ },
    { name: 'timeout', answer: { delayMs: 1_500, body: {} }, error: /no answer/ },
    {
      name: 'malformed listing',
      answer: { body: { data: { children: [{ data: { id: 'x' } }] } } },
      error: /unexpected response shape/,
    },
  ])('search fails: $name', ({ answer, error }) => {
    test('keeps the last value and marks it stale; a rate limit stops the run', async () => {
      await insertProject(t.db, { id: 'zyx', name: 'Zyxcoin' });
      await runIngestionSource(deps, 'reddit', 'cli', { limit: 5 });
      override = (r) => (r.path === '/api/search' ? answer : undefined);
      clock = new Date('2026-11-22T10:00:00.000Z');

      const result = await runIngestionSource(deps, 'reddit', 'cli', { limit: 5 });

      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(error);
      const uniswap = await row('uniswap');
      expect(uniswap?.redditMentions).toBe(169);
      expect(uniswap?.metricSources.redditMentions).toMatchObject({ source: 'reddit', stale: true });
      if (answer.status === 429) expect(result.tally).toMatchObject({ failed: 1, skipped: 1 });
      else expect(result.tally).toMatchObject({ failed: 2, skipped: 0 });
    });
  });
});
