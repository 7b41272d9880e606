import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../shared/time/duration.ts';
import { fetchMarketChart } from './coingecko/market-chart.client.ts';
import type { DailyPoint } from './daily.ts';
import { fetchProtocolTvl } from './defillama/protocol-tvl.client.ts';
import { fetchDailyCounts } from './gdelt/daily-counts.client.ts';
import { fetchCommitActivity } from './github/commit-activity.client.ts';
import type { HttpPolicy } from './http.ts';
import { type FakeResponse, type FakeServer, startFakeServer } from './testing/fake-server.ts';
import { fetchDailyViews } from './wikimedia/daily-views.client.ts';

// The five history clients of the backfill against one local fake server: each answers normally, retries 429 and
// 500 (then succeeds), gives up on a timeout, rejects a malformed body, and does not retry another 4xx.
const policy: HttpPolicy = { timeoutMs: 300, maxRetries: 2, retryBaseMs: 1, maxWaitMs: 200 };
const t0 = Date.UTC(2026, 10, 20); // 2026-11-20
const NOW = t0 + 2 * DAY_MS + 3_600_000;

type Client = {
  name: string;
  path: string;
  ok: unknown;
  malformed: unknown;
  call: (base: string) => Promise<DailyPoint[] | null>;
  expected: DailyPoint[];
};

const CLIENTS: Client[] = [
  {
    name: 'coingecko market_chart',
    path: '/coins/uniswap/market_chart',
    ok: {
      prices: [
        [t0, 5],
        [t0 + 3_600_000, 6],
        [t0 + DAY_MS, 7],
      ],
      market_caps: [
        [t0, 50],
        [t0 + DAY_MS, 70],
      ],
      total_volumes: [
        [t0, 1],
        [t0 + DAY_MS, null],
      ],
    },
    malformed: { prices: 'nope' },
    call: async (base) => {
      const chart = await fetchMarketChart({ baseUrl: base, keyType: 'demo', policy }, 'uniswap', 90);
      expect(chart.marketCaps.map((p) => p.value)).toEqual([50, 70]);
      expect(chart.volumes).toEqual([{ day: '2026-11-20', value: 1 }]); // null is no data, never 0
      return chart.prices;
    },
    expected: [
      { day: '2026-11-20', value: 6 },
      { day: '2026-11-21', value: 7 },
    ],
  },
  {
    name: 'defillama protocol tvl',
    path: '/protocol/uniswap',
    ok: {
      name: 'Uniswap',
      tvl: [
        { date: (t0 - 5 * DAY_MS) / 1000, totalLiquidityUSD: 1 },
        { date: t0 / 1000, totalLiquidityUSD: 9 },
      ],
    },
    malformed: { tvl: [{ date: 'x' }] },
    call: (base) => fetchProtocolTvl({ baseUrl: base, policy }, 'uniswap', t0 - DAY_MS),
    expected: [{ day: '2026-11-20', value: 9 }],
  },
  {
    name: 'github commit_activity',
    path: '/repos/uniswap/v4-core/stats/commit_activity',
    ok: [{ total: 3, week: (t0 - 4 * DAY_MS) / 1000, days: [0, 0, 0, 0, 1, 1, 1] }],
    malformed: [{ total: 'x' }],
    call: (base) => fetchCommitActivity({ baseUrl: base, policy }, 'uniswap/v4-core', t0 + DAY_MS),
    expected: [
      { day: '2026-11-16', value: 0 },
      { day: '2026-11-17', value: 0 },
      { day: '2026-11-18', value: 0 },
      { day: '2026-11-19', value: 0 },
      { day: '2026-11-20', value: 1 },
      { day: '2026-11-21', value: 1 },
      { day: '2026-11-22', value: 1 },
    ].filter((p) => p.day <= '2026-11-21'),
  },
  {
    name: 'wikipedia daily views',
    path: '/metrics/pageviews/per-article/en.wikipedia/all-access/user/Uniswap/daily/20261120/20261121',
    ok: {
      items: [
        { article: 'Uniswap', timestamp: '2026112000', views: 10 },
        { timestamp: '2026112100', views: 12 },
      ],
    },
    malformed: { items: [{ timestamp: 'x', views: -1 }] },
    call: (base) =>
      fetchDailyViews(
        { baseUrl: base, policy, userAgent: 'test' },
        'en',
        'Uniswap',
        new Date(t0),
        new Date(t0 + DAY_MS),
      ),
    expected: [
      { day: '2026-11-20', value: 10 },
      { day: '2026-11-21', value: 12 },
    ],
  },
  {
    name: 'gdelt daily counts',
    path: '/doc/doc',
    ok: {
      timeline: [
        {
          series: 'Article Count',
          data: [
            { date: '20261120T000000Z', value: 4, norm: 9 },
            { date: '20261121T000000Z', value: 2 },
          ],
        },
      ],
    },
    malformed: { timeline: [{ data: [{ date: '2026', value: 'x' }] }] },
    call: (base) => fetchDailyCounts({ baseUrl: base, policy }, '"Uniswap"', new Date(t0), new Date(NOW)),
    expected: [
      { day: '2026-11-20', value: 4 },
      { day: '2026-11-21', value: 2 },
    ],
  },
];

let fake: FakeServer;
let answers: FakeResponse[] = [];
let calls = 0;

beforeAll(async () => {
  fake = await startFakeServer(() => {
    const answer = answers[Math.min(calls, answers.length - 1)] ?? { status: 500 };
    calls++;
    return answer;
  });
});
afterAll(() => fake.close());

function script(...steps: FakeResponse[]) {
  answers = steps;
  calls = 0;
  fake.requests.length = 0;
}

describe.each(CLIENTS)('$name', (client) => {
  test('normal: one point per UTC day, oldest first, on the documented path', async () => {
    script({ body: client.ok });
    expect(await client.call(fake.url)).toEqual(client.expected);
    expect(fake.requests[0]?.path).toBe(client.path);
  });

  test('429 and 500 are retried with back-off, then the answer is read', async () => {
    script({ status: 429, body: {} }, { status: 500, body: {} }, { body: client.ok });
    expect(await client.call(fake.url)).toEqual(client.expected);
    expect(calls).toBe(3);
  });

  test('a timeout on every try fails as timeout', async () => {
    script({ delayMs: 500, body: client.ok });
    await expect(client.call(fake.url)).rejects.toMatchObject({ kind: 'timeout' });
  });

  test('a malformed body is a malformed SourceError, never zeros', async () => {
    script({ body: client.malformed });
    await expect(client.call(fake.url)).rejects.toMatchObject({ kind: 'malformed' });
    script({ raw: '<html>rate limited</html>' });
    await expect(client.call(fake.url)).rejects.toMatchObject({ kind: 'malformed' });
  });

  test('another 4xx is not retried', async () => {
    script({ status: 403, body: {} }, { body: client.ok });
    await expect(client.call(fake.url)).rejects.toMatchObject({ kind: 'http', status: 403 });
    expect(calls).toBe(1);
  });
});

describe('github commit_activity while GitHub computes', () => {
  const call = () => fetchCommitActivity({ baseUrl: fake.url, policy }, 'uniswap/v4-core', NOW);

  test('202 is asked again, then the stats are read', async () => {
    script({ status: 202, body: {} }, { body: [{ total: 1, week: t0 / 1000, days: [1, 0, 0, 0, 0, 0, 0] }] });
    expect((await call())[0]).toEqual({ day: '2026-11-20', value: 1 });
    expect(calls).toBe(2);
  });

  test('202 on every try fails after the bounded retries (never read as zero commits)', async () => {
    script({ status: 202, body: {} });
    await expect(call()).rejects.toMatchObject({ status: 202 });
    expect(calls).toBe(policy.maxRetries + 1);
  });
});
