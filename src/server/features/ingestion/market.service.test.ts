import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ProjectDirectoryResponseSchema, ProjectSchema } from '../../../shared/api/projects.schema.ts';
import { projectSignals, projects } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { runIngestionSource, sourceRunStatus } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';

function market(id: string, price: number | null, overrides: Record<string, unknown> = {}) {
  return {
    id,
    symbol: id.slice(0, 3),
    name: id,
    image: 'https://x/img.png',
    current_price: price,
    market_cap: price === null ? null : price * 1e6,
    market_cap_rank: 1,
    total_volume: 5000,
    high_24h: null,
    low_24h: null,
    price_change_24h: 1,
    price_change_percentage_24h: 1.74,
    price_change_percentage_7d_in_currency: -4.9,
    last_updated: '2026-11-21T09:55:03.112Z',
    roi: null,
    ...overrides,
  };
}
const TRENDING = {
  coins: [
    {
      item: {
        id: 'pendle',
        coin_id: 15069,
        name: 'Pendle',
        symbol: 'PENDLE',
        score: 0,
        data: { price: 4.71, total_volume: '$151,000,000' },
      },
    },
  ],
  nfts: [],
  categories: [],
};

describe('CoinGecko market data (/coins/markets, /search/trending)', () => {
  let t: TestApp;
  let fake: FakeServer;
  let marketAnswers: ((ids: string[]) => FakeResponse)[] = [];
  let trendingAnswer: FakeResponse = { body: TRENDING };
  let coinAnswer: (id: string) => FakeResponse = () => ({ status: 404, body: { error: 'coin not found' } });
  let deps: IngestDeps;
  const now = new Date('2026-11-21T10:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeServer(({ path, query }) => {
      if (path === '/search/trending') return trendingAnswer;
      if (path !== '/coins/markets') return coinAnswer(path.split('/').pop() ?? '');
      const ids = (query.get('ids') ?? '').split(',');
      const answer = marketAnswers.shift() ?? (() => ({ status: 500, body: {} }));
      return answer(ids);
    });
    t = await buildTestApp({
      catalogue: false,
      env: { ...FAST_INGEST_ENV, COINGECKO_BASE_URL: fake.url, COINGECKO_API_KEY: 'demo-key' },
    });
    deps = { db: t.db, config: t.config, events: t.events, now: () => now };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    fake.requests.length = 0;
    marketAnswers = [];
    trendingAnswer = { body: TRENDING };
    coinAnswer = () => ({ status: 404, body: { error: 'coin not found' } });
    for (const [i, id] of ['aave', 'pendle', 'uniswap', 'lido-dao', 'curve-dao-token'].entries()) {
      await insertProject(t.db, { id, coingeckoId: id, marketCap: 1000 - i });
    }
  });

  const byId = async () => Object.fromEntries((await t.db.select().from(projects)).map((p) => [p.id, p]));
  const answerAll = (ids: string[]) => ({ body: ids.map((id, i) => market(id, 10 + i)) });

  test('fetches pages of ids with the demo key and stores values with source and time', async () => {
    marketAnswers = [answerAll, answerAll, answerAll];

    const result = await runIngestionSource(deps, 'coingecko', 'cli', { pageSize: 2 });

    expect(result.failed).toBe(false);
    expect(result.counts).toMatchObject({ coins: 5, pages: 3, pagesFailed: 0, updated: 5, trending: 1 });
    // Every call answered; the coin pages are unknown (404): nothing to look up, not a failure.
    expect(sourceRunStatus(result)).toBe('success');
    expect(result.counts.linksNotFound).toBe(5);
    expect(result.tally).toEqual({ requested: 3 + 1 + 5, succeeded: 9, failed: 0, skipped: 0 });
    const marketCalls = fake.requests.filter((r) => r.path === '/coins/markets');
    expect(marketCalls.map((r) => r.query.get('ids'))).toEqual(['aave,pendle', 'uniswap,lido-dao', 'curve-dao-token']);
    expect(marketCalls[0]?.headers['x-cg-demo-api-key']).toBe('demo-key');
    expect(marketCalls[0]?.query.get('vs_currency')).toBe('usd');
    const rows = await byId();
    expect(rows.aave).toMatchObject({
      price: 10,
      marketCap: 10e6,
      volume24h: 5000,
      priceChange24h: 1.74,
      priceChange7d: -4.9,
    });
    expect(rows.aave?.metricSources.price).toEqual({ source: 'coingecko', asOf: now.toISOString() });
    const signals = await t.db.select().from(projectSignals);
    expect(signals).toEqual([
      expect.objectContaining({ projectId: 'pendle', signal: 'trendingRank', value: 0, source: 'coingecko' }),
    ]);
  });

  test('the trending rank read from /search/trending is shown: "#1" with its as-of on the project and in the directory', async () => {
    marketAnswers = [answerAll, answerAll, answerAll];
    await runIngestionSource(deps, 'coingecko', 'cli', { pageSize: 2 });

    const pendle = await t.app.inject({ method: 'GET', url: '/api/projects/pendle' });
    const aave = await t.app.inject({ method: 'GET', url: '/api/projects/aave' });
    const directory = await t.app.inject({ method: 'GET', url: '/api/projects?limit=20' });

    const trending = { rank: 1, source: 'coingecko', asOf: now.toISOString() };
    expect(ProjectSchema.parse(pendle.json()).trending).toEqual(trending);
    expect(ProjectSchema.parse(aave.json()).trending).toBeNull();
    expect(ProjectDirectoryResponseSchema.parse(directory.json()).trending).toEqual({ pendle: trending });
  });

  test("the coin's image becomes the logo's source address only where none is known", async () => {
    await t.db.update(projects).set({ logoUrl: 'https://icons.llama.fi/aave.png' }).where(eq(projects.id, 'aave'));
    marketAnswers = [answerAll];

    await runIngestionSource(deps, 'coingecko', 'cli');

    const rows = await byId();
    expect(rows.aave?.logoUrl).toBe('https://icons.llama.fi/aave.png');
    expect(rows.pendle?.logoUrl).toBe('https://x/img.png');
  });

  test('a failing page marks only its projects stale and keeps their values; other pages are stored', async () => {
    marketAnswers = [answerAll, answerAll, answerAll];
    await runIngestionSource(deps, 'coingecko', 'cli', { pageSize: 2 });
    const answer = (ids: string[]) =>
      ids.includes('uniswap') ? { status: 500, body: { error: 'boom' } } : { body: ids.map((id) => market(id, 99)) };
    marketAnswers = Array.from({ length: 6 }, () => answer);

    const result = await runIngestionSource(deps, 'coingecko', 'cli', { pageSize: 2 });

    expect(result.failed).toBe(false);
    expect(result.counts.pagesFailed).toBe(1);
    expect(result.errors[0]).toMatch(/page \d: coingecko: HTTP 500/);
    const rows = await byId();
    const failedIds = Object.values(rows).filter((row) => row.price !== 99);
    expect(failedIds.map((row) => row.id)).toContain('uniswap');
    expect(result.counts.updated).toBe(5 - failedIds.length); // uniswap and any page-mate kept their values
    for (const row of failedIds) {
      expect(row.price).toBeGreaterThanOrEqual(10);
      expect(row.metricSources.price).toEqual({ source: 'coingecko', asOf: now.toISOString(), stale: true });
    }
  });

  test('null numbers from the source leave the stored value and its provenance untouched', async () => {
    marketAnswers = [answerAll];
    await runIngestionSource(deps, 'coingecko', 'cli');
    marketAnswers = [(ids) => ({ body: ids.map((id) => market(id, null, { total_volume: 777 })) })];

    await runIngestionSource(deps, 'coingecko', 'cli');

    const rows = await byId();
    expect(rows.aave).toMatchObject({ price: 10, marketCap: 10e6, volume24h: 777 });
  });

  describe.each<{ name: string; answer: FakeResponse; error: RegExp }>([
    {
      name: '429 with retry-after beyond the cap',
      answer: { status: 429, headers: { 'retry-after': '120' }, body: { status: { error_code: 429 } } },
      error: /HTTP 429/,
    },
    { name: '500', answer: { status: 500, body: {} }, error: /HTTP 500/ },
    { name: 'timeout', answer: { delayMs: 1_500, body: [] }, error: /no answer/ },
    { name: 'invalid JSON', answer: { raw: '<html>cloudflare</html>' }, error: /invalid JSON/ },
    { name: 'wrong shape', answer: { body: [{ id: 5 }] }, error: /unexpected response shape/ },
  ])('whole-source failure: $name', ({ answer, error }) => {
    test('fails the run, keeps every value, marks them stale, and keeps the trending signal', async () => {
      marketAnswers = [answerAll];
      await runIngestionSource(deps, 'coingecko', 'cli');
      marketAnswers = Array.from({ length: 5 }, () => () => answer);
      trendingAnswer = answer;

      const result = await runIngestionSource(deps, 'coingecko', 'cli');

      expect(result.failed).toBe(true);
      expect(result.errors.join()).toMatch(error);
      const rows = await byId();
      for (const row of Object.values(rows)) {
        expect(row.price).not.toBeNull();
        expect(row.metricSources.price?.stale).toBe(true);
      }
      expect(await t.db.select().from(projectSignals)).toHaveLength(1);
    });
  });

  test('a 429 with retry-after 0 is retried and succeeds', async () => {
    marketAnswers = [() => ({ status: 429, headers: { 'retry-after': '0' }, body: {} }), answerAll];

    const result = await runIngestionSource(deps, 'coingecko', 'cli');

    expect(result.failed).toBe(false);
    expect((await byId()).aave?.price).toBe(10);
  });

  test('fills missing Telegram and Discord links from /coins/{id} once per project, never overwriting', async () => {
    await t.db.update(projects).set({ discordUrl: 'https://discord.gg/curated' });
    coinAnswer = (id) => ({
      body: {
        id,
        links: {
          homepage: ['https://aave.com'],
          chat_url: ['https://discord.gg/CvKUrqM', 'https://forum.example'],
          telegram_channel_identifier: id === 'aave' ? 'aavecommunity' : '',
        },
      },
    });
    marketAnswers = [answerAll];

    const result = await runIngestionSource(deps, 'coingecko', 'cli');
    await runIngestionSource(deps, 'coingecko', 'cli');

    expect(result.counts.linksFound).toBe(5);
    const rows = await byId();
    expect(rows.aave).toMatchObject({
      telegramUrl: 'https://t.me/aavecommunity',
      discordUrl: 'https://discord.gg/curated',
    });
    expect(rows.pendle?.telegramUrl).toBeNull();
    expect(fake.requests.filter((r) => r.path.startsWith('/coins/') && r.path !== '/coins/markets')).toHaveLength(5);
    expect(fake.requests.find((r) => r.path === '/coins/aave')?.query.get('tickers')).toBe('false');
  });

  test('a failure flags only values the failing source wrote; a catalogue sample stays as it was', async () => {
    const sample = { source: 'catalogue-sample', asOf: '2026-10-01T00:00:00.000Z', sample: true };
    await t.db.update(projects).set({ marketCap: 123, metricSources: { marketCap: sample } });
    marketAnswers = Array.from({ length: 5 }, () => () => ({ status: 500, body: {} }));
    trendingAnswer = { status: 500, body: {} };

    await runIngestionSource(deps, 'coingecko', 'cli');

    for (const row of Object.values(await byId())) {
      expect(row.marketCap).toBe(123);
      expect(row.metricSources).toEqual({ marketCap: sample });
    }
  });
});
