import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { projects } from '../../db/schema/index.ts';
import { listArticles, toGdeltDateTime } from '../../sources/gdelt/gdelt.client.ts';
import { toHttpPolicy } from '../../sources/http.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';

const timeline = (...values: number[]) => ({
  query_details: { title: 'q', date_resolution: '15m' },
  timeline: [
    {
      series: 'Article Count',
      data: values.map((value, i) => ({ date: `2026111${i}T000000Z`, value, norm: 123_456 })),
    },
  ],
});

describe('GDELT news mentions', () => {
  let t: TestApp;
  let fake: FakeServer;
  let override: ((r: FakeRequest) => FakeResponse | undefined) | undefined;
  let deps: IngestDeps;
  const now = new Date('2026-11-21T10:00:00.000Z');
  const nextDay = new Date('2026-11-22T10:00:00.000Z');
  let clock = now;

  // "Near" alone matches every "near the city" article; only the query with crypto context gives the real count.
  function normal({ path, query }: FakeRequest): FakeResponse {
    if (path !== '/api/v2/doc/doc') return { status: 404, raw: 'not found' };
    const q = query.get('query') ?? '';
    if (query.get('mode') === 'artlist')
      return {
        body: {
          articles: [
            {
              url: 'https://news.example/a',
              title: 'Uniswap v5',
              seendate: '20261120T101500Z',
              domain: 'news.example',
              language: 'English',
              socialimage: '',
            },
          ],
        },
      };
    if (q === '"Uniswap"') return { body: timeline(3, 4, 5) };
    if (q === '"Near"') return { body: timeline(900, 800) };
    if (q.startsWith('"Near" (')) return { body: timeline(2, 5) };
    return { body: {} }; // GDELT's answer to a query without matches
  }

  beforeAll(async () => {
    fake = await startFakeServer((r) => override?.(r) ?? normal(r));
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, GDELT_BASE_URL: `${fake.url}/api/v2` } });
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
    clock = now;
    fake.requests.length = 0;
  });

  const row = async (id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0];

  test('sums the 7-day article timeline and stores it with its source and time', async () => {
    const result = await runIngestionSource(deps, 'gdelt', 'cli');

    expect(result).toMatchObject({ failed: false, errors: [] });
    expect(result.tally).toEqual({ requested: 1, succeeded: 1, failed: 0, skipped: 0 });
    const request = fake.requests[0];
    expect(request?.query.get('mode')).toBe('timelinevolraw');
    expect(request?.query.get('format')).toBe('json');
    expect(request?.query.get('startdatetime')).toBe('20261114100000');
    expect(request?.query.get('enddatetime')).toBe('20261121100000');
    const uniswap = await row('uniswap');
    expect(uniswap?.newsMentions).toBe(12);
    expect(uniswap?.metricSources.newsMentions).toEqual({ source: 'gdelt', asOf: now.toISOString() });
  });

  test('"Near" alone never counts: the query carries crypto context, and the curated query wins', async () => {
    await insertProject(t.db, { id: 'near', name: 'Near', symbol: 'NEAR' });
    await insertProject(t.db, {
      id: 'near-curated',
      name: 'Near',
      symbol: 'NEAR',
      newsQuery: '("NEAR Protocol" OR "NEAR token")',
    });

    await runIngestionSource(deps, 'gdelt', 'cli', { limit: 10 });

    const queries = fake.requests.map((r) => r.query.get('query'));
    expect(queries).not.toContain('"Near"');
    expect(queries).toContain('"Near" (crypto OR cryptocurrency OR blockchain OR token)');
    expect(queries).toContain('("NEAR Protocol" OR "NEAR token")');
    expect((await row('near'))?.newsMentions).toBe(7);
    // GDELT's `{}`: no article, a real zero: data with its source (docs/heat-score.md: a successful 0 is evidence).
    expect(await row('near-curated')).toMatchObject({
      newsMentions: 0,
      metricSources: { newsMentions: { source: 'gdelt', asOf: now.toISOString() } },
    });
  });

  test('each run takes the most overdue slice (1/96 of the projects), oldest first; fresh ones are not due', async () => {
    for (let i = 0; i < 100; i++)
      await insertProject(t.db, { id: `p-${String(i).padStart(3, '0')}`, name: `Project Zyx${i}` });

    const first = await runIngestionSource(deps, 'gdelt', 'cli');
    const second = await runIngestionSource(deps, 'gdelt', 'cli');

    expect(first.counts).toMatchObject({ candidates: 101, due: 2 }); // ceil(101 / 96)
    expect(first.updatedIds).toEqual(['p-000', 'p-001']);
    expect(second.updatedIds).toEqual(['p-002', 'p-003']);
    clock = new Date(now.getTime() + 19 * 3_600_000);
    const later = await runIngestionSource(deps, 'gdelt', 'cli', { limit: 200 });
    expect(later.updatedIds).not.toContain('p-000');
    expect(later.counts.due).toBe(97);
  });

  test('a 429 with a short Retry-After is waited out', async () => {
    let calls = 0;
    override = () =>
      calls++ === 0 ? { status: 429, headers: { 'retry-after': '0' }, raw: 'Please limit requests' } : undefined;

    const result = await runIngestionSource(deps, 'gdelt', 'cli');

    expect(result.failed).toBe(false);
    expect((await row('uniswap'))?.newsMentions).toBe(12);
  });

  test("a 429 without Retry-After waits GDELT's interval; one longer than we wait stops the run at once", async () => {
    override = () => ({ status: 429, raw: 'Please limit requests to one every 5 seconds' });
    const slow = { ...deps, config: { ...t.config, GDELT_PAUSE_MS: 10_000 } }; // above INGEST_MAX_WAIT_MS (200)

    const result = await runIngestionSource(slow, 'gdelt', 'cli');

    expect(result.errors[0]).toMatch(/HTTP 429/);
    expect(fake.requests).toHaveLength(1); // not retried: the wait is longer than we give
  });

  describe.each<{ name: string; answer: FakeResponse; error: RegExp }>([
    {
      name: '429 (retries exhausted)',
      answer: { status: 429, raw: 'Please limit requests to one every 5 seconds' },
      error: /HTTP 429/,
    },
    { name: '500', answer: { status: 500, raw: 'error' }, error: /HTTP 500/ },
    { name: 'timeout', answer: { delayMs: 1_500, body: {} }, error: /no answer/ },
    {
      name: 'a text page instead of JSON (a rejected query)',
      answer: { raw: 'The specified phrase is too short.' },
      error: /invalid JSON/,
    },
    {
      name: 'malformed timeline',
      answer: { body: { timeline: [{ data: [{ date: 'x', value: 'many' }] }] } },
      error: /unexpected response shape/,
    },
  ])('the call fails: $name', ({ answer, error }) => {
    test('keeps the last value, marks it stale, and a 429 stops the run', async () => {
      await insertProject(t.db, { id: 'zzz', name: 'Zzzcoin' });
      await runIngestionSource(deps, 'gdelt', 'cli', { limit: 10 });
      override = () => answer;
      clock = nextDay;

      const result = await runIngestionSource(deps, 'gdelt', 'cli', { limit: 10 });

      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(error);
      const uniswap = await row('uniswap');
      expect(uniswap?.newsMentions).toBe(12);
      expect(uniswap?.metricSources.newsMentions).toMatchObject({
        source: 'gdelt',
        stale: true,
        asOf: now.toISOString(),
      });
      // A rate limit ends the run at once: the other project stays due for the next run.
      if (answer.status === 429) expect(result.tally).toMatchObject({ failed: 1, skipped: 1 });
      else expect(result.tally).toMatchObject({ failed: 2, skipped: 0 });
    });
  });

  test('the article list (mode=artlist) is typed and accepts extra fields', async () => {
    const articles = await listArticles(
      { baseUrl: `${fake.url}/api/v2`, policy: toHttpPolicy(t.config) },
      '"Uniswap"',
      5,
    );

    expect(articles).toEqual([expect.objectContaining({ url: 'https://news.example/a', domain: 'news.example' })]);
    expect(fake.requests[0]?.query.get('maxrecords')).toBe('5');
    expect(toGdeltDateTime(new Date('2025-11-01T00:00:00Z'))).toBe('20251101000000');
  });
});
