import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { computeSearchInterestIndex } from '../../../shared/scoring/search-interest.ts';
import { projectSignals, projects } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { encodeWikiTitle } from '../../sources/wikimedia/wikimedia.client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';
import { toViewsWindow } from './search-interest.service.ts';

const PREFIX = '/metrics/pageviews/per-article';
const views = (article: string, ...daily: number[]) => ({
  items: daily.map((v, i) => ({
    project: 'en.wikipedia',
    article,
    granularity: 'daily',
    timestamp: `2026111${4 + i}00`,
    access: 'all-access',
    agent: 'user',
    views: v,
  })),
});

test('the window is the 7 full UTC days ending the day before yesterday', () => {
  const { start, end } = toViewsWindow(new Date('2026-11-21T10:00:00Z'));
  expect([start.toISOString(), end.toISOString()]).toEqual(['2026-11-13T00:00:00.000Z', '2026-11-19T00:00:00.000Z']);
  expect(encodeWikiTitle('Solana (blockchain platform)')).toBe('Solana_(blockchain_platform)');
  expect(encodeWikiTitle('AC/DC')).toBe('AC%2FDC');
});

describe('Wikipedia page views as search interest', () => {
  let t: TestApp;
  let fake: FakeServer;
  let override: ((r: FakeRequest) => FakeResponse | undefined) | undefined;
  let deps: IngestDeps;
  const now = new Date('2026-11-21T10:00:00.000Z');
  let clock = now;

  function normal({ path }: FakeRequest): FakeResponse {
    const [, lang, title] =
      path.match(
        /^\/metrics\/pageviews\/per-article\/(\w+)\.wikipedia\/all-access\/user\/([^/]+)\/daily\/\d{8}\/\d{8}$/,
      ) ?? [];
    if (lang === 'en' && title === 'Bitcoin') return { body: views('Bitcoin', 1000, 2000, 3000, 500) };
    if (lang === 'zh' && title === encodeURIComponent('比特币')) return { body: views('比特币', 500) };
    if (lang === 'en' && title === 'Solana_(blockchain_platform)')
      return { body: views('Solana', 100, 100, 100, 100, 100, 100, 100) };
    return {
      status: 404,
      body: {
        type: 'https://mediawiki.org/wiki/HyperSwitch/errors/not_found',
        title: 'Not found.',
        detail:
          'The date(s) you used are valid, but we either do not have data for those date(s), or the project you asked for is not loaded yet.',
      },
    };
  }

  beforeAll(async () => {
    fake = await startFakeServer((r) => override?.(r) ?? normal(r));
    t = await buildTestApp({
      catalogue: false,
      env: { ...FAST_INGEST_ENV, WIKIMEDIA_BASE_URL: fake.url, WIKIMEDIA_CONTACT: 'ops@example.org' },
    });
    deps = { db: t.db, config: t.config, events: t.events, now: () => clock };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    await insertProject(t.db, { id: 'bitcoin', name: 'Bitcoin', wikipediaTitles: { en: 'Bitcoin', zh: '比特币' } });
    await insertProject(t.db, { id: 'no-titles', name: 'Zyxcoin' });
    override = undefined;
    clock = now;
    fake.requests.length = 0;
  });

  const row = async (id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0];
  const signal = async (id: string) =>
    (
      await t.db
        .select()
        .from(projectSignals)
        .where(and(eq(projectSignals.projectId, id), eq(projectSignals.signal, 'wikiViews7d')))
    )[0];

  test('sums en and zh human views over 7 full days, stores the index and keeps the raw views', async () => {
    const result = await runIngestionSource(deps, 'wikipedia', 'cli');

    expect(result).toMatchObject({ failed: false, errors: [] });
    expect(result.counts).toMatchObject({ candidates: 1, updated: 1 }); // only projects with titles
    expect(fake.requests.map((r) => r.path)).toEqual([
      `${PREFIX}/en.wikipedia/all-access/user/Bitcoin/daily/20261113/20261119`,
      `${PREFIX}/zh.wikipedia/all-access/user/${encodeURIComponent('比特币')}/daily/20261113/20261119`,
    ]);
    expect(fake.requests[0]?.headers['user-agent']).toMatch(/^HeatRank\/[\d.]+ \(ops@example\.org\)/);
    const bitcoin = await row('bitcoin');
    expect(bitcoin?.googleTrends).toBe(computeSearchInterestIndex(7000));
    expect(bitcoin?.metricSources.googleTrends).toEqual({ source: 'wikipedia', asOf: now.toISOString() });
    expect(await signal('bitcoin')).toMatchObject({ value: 7000, source: 'wikipedia' });
    expect((await row('no-titles'))?.googleTrends).toBeNull();
  });

  test('a missing article (404) is no data for that project, not a failure of the source', async () => {
    await insertProject(t.db, { id: 'ghost', name: 'Ghost', wikipediaTitles: { en: 'No such article' } });
    await insertProject(t.db, {
      id: 'solana',
      name: 'Solana',
      wikipediaTitles: { en: 'Solana (blockchain platform)', zh: '不存在' },
    });

    const result = await runIngestionSource(deps, 'wikipedia', 'cli');

    expect(result.failed).toBe(false);
    expect(result.errors).toEqual([]);
    expect(result.counts).toMatchObject({ updated: 2, noData: 1 });
    expect(result.tally).toEqual({ requested: 3, succeeded: 3, failed: 0, skipped: 0 });
    expect((await row('ghost'))?.googleTrends).toBeNull();
    expect((await row('ghost'))?.metricSources.googleTrends).toBeUndefined();
    expect(await signal('solana')).toMatchObject({ value: 700 }); // en only: the zh article does not exist
  });

  describe.each<{ name: string; answer: FakeResponse; error: RegExp }>([
    { name: '429', answer: { status: 429, headers: { 'retry-after': '3600' }, body: {} }, error: /HTTP 429/ },
    { name: '500', answer: { status: 500, body: {} }, error: /HTTP 500/ },
    { name: 'timeout', answer: { delayMs: 1_500, body: {} }, error: /no answer/ },
    {
      name: 'malformed body',
      answer: { body: { items: [{ timestamp: '2026111400', views: 'lots' }] } },
      error: /unexpected response shape/,
    },
  ])('a call fails: $name', ({ answer, error }) => {
    test('keeps the last value and marks it stale (a partial en + zh sum is never stored)', async () => {
      await runIngestionSource(deps, 'wikipedia', 'cli');
      override = ({ path }) => (path.includes('/zh.wikipedia/') ? answer : undefined);
      clock = new Date('2026-11-22T10:00:00.000Z');

      const result = await runIngestionSource(deps, 'wikipedia', 'cli');

      expect(result.failed).toBe(true);
      expect(result.errors[0]).toMatch(error);
      const bitcoin = await row('bitcoin');
      expect(bitcoin?.googleTrends).toBe(computeSearchInterestIndex(7000));
      expect(bitcoin?.metricSources.googleTrends).toMatchObject({ source: 'wikipedia', stale: true });
    });
  });
});
