import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CLI_ACTOR } from '../../audit/audit-log.service.ts';
import { runIngestCli } from '../../cli/ingest.ts';
import { loadConfig } from '../../config.ts';
import { createDb } from '../../db/client.ts';
import { projectRaises, projects, syncRuns } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { RAISES_BODY, TEST_LOGO_PNG } from '../../sources/testing/fundamentals-fixtures.ts';
import { createFreshDatabase } from '../../test/build-test-app.ts';
import { getProjectHeat, toSignalSource } from '../heat/heat.service.ts';
import { recomputeHeat } from '../heat/recompute.service.ts';
import { createSocialAccount } from '../social-accounts/social-accounts.service.ts';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const PROTOCOLS = [
  {
    id: '1599',
    name: 'Aave',
    symbol: 'AAVE',
    url: 'https://aave.com',
    slug: 'aave',
    category: 'Lending',
    chains: ['Ethereum'],
    twitter: 'aave',
    github: ['aave'],
    gecko_id: 'aave',
    listedAt: 1648776877,
    tvl: 16825633580,
  },
  {
    id: '2198',
    name: 'Uniswap',
    symbol: 'UNI',
    url: 'https://uniswap.org',
    slug: 'uniswap',
    category: 'Dexes',
    chains: ['Ethereum'],
    twitter: 'Uniswap',
    github: ['Uniswap'],
    gecko_id: 'uniswap',
    listedAt: 1600000000,
    tvl: 3000000000,
  },
];
const market = (id: string, cap: number) => ({
  id,
  symbol: id,
  name: id,
  current_price: cap / 1e7,
  market_cap: cap,
  total_volume: cap / 10,
  price_change_percentage_24h: 2.5,
  price_change_percentage_7d_in_currency: -1,
  last_updated: NOW.toISOString(),
});

function route({ path, headers }: FakeRequest): FakeResponse {
  if (path === '/llama/protocols') return { body: PROTOCOLS };
  if (path === '/llama/raises') return { body: RAISES_BODY };
  if (path === '/llama/v2/chains')
    return { body: [{ name: 'Ethereum', tvl: 6.1e10, gecko_id: 'ethereum', chainId: 1 }] };
  if (path === '/img/uniswap.png') return { headers: { 'content-type': 'image/png' }, bytes: TEST_LOGO_PNG };
  if (path === '/cg/coins/markets') {
    // Uniswap's coin image is on the fake host: the logos run downloads it once and serves it from our origin.
    const image = `http://${headers.host}/img/uniswap.png`;
    return { body: [market('aave', 2.7e9), { ...market('uniswap', 4.1e9), image }] };
  }
  if (path === '/cg/search/trending')
    return { body: { coins: [{ item: { id: 'aave', score: 0 } }], nfts: [], categories: [] } };
  if (path.startsWith('/cg/coins/')) {
    const id = path.split('/').pop();
    return {
      body: { id, links: { chat_url: [`https://discord.gg/${id}`], telegram_channel_identifier: `${id}chat` } },
    };
  }
  const org = path.match(/^\/gh\/orgs\/([^/]+)\/repos$/)?.[1];
  if (org)
    return {
      body: [
        {
          name: 'core',
          full_name: `${org}/core`,
          fork: false,
          archived: false,
          stargazers_count: 1500,
          forks_count: 400,
        },
      ],
    };
  if (path.endsWith('/stats/commit_activity')) return { body: [{ total: 120, week: 1, days: [0, 0, 0, 0, 0, 0, 0] }] };
  if (path.endsWith('/stats/code_frequency')) return { body: [[1, 500, -200]] };
  if (path.endsWith('/contributors')) return { body: [{ login: 'a' }, { login: 'b' }] };
  if (path.startsWith('/x/2/users/by/username/')) {
    return {
      body: {
        data: {
          id: '1',
          name: 'n',
          username: path.split('/').pop(),
          verified: true,
          public_metrics: { followers_count: 500000, following_count: 1, tweet_count: 1, listed_count: 1 },
        },
      },
    };
  }
  if (path === '/x/2/tweets/search/recent')
    return {
      body: {
        data: [
          {
            id: '1',
            text: 'gm',
            edit_history_tweet_ids: ['1'],
            public_metrics: { retweet_count: 20, reply_count: 5, like_count: 200, quote_count: 1 },
          },
        ],
        meta: { result_count: 1 },
      },
    };
  if (path === '/x/2/tweets/counts/recent') return { body: { data: [], meta: { total_tweet_count: 4200 } } };
  if (path.endsWith('/getChatMemberCount')) return { body: { ok: true, result: 48213 } };
  if (path.startsWith('/dc/invites/'))
    return { body: { code: 'x', approximate_member_count: 61234, approximate_presence_count: 1 } };
  if (path === '/gdelt/doc/doc')
    return {
      body: { timeline: [{ series: 'Article Count', data: [{ date: '20261120T000000Z', value: 42, norm: 1 }] }] },
    };
  if (path.startsWith('/wiki/metrics/pageviews/per-article/en.wikipedia/'))
    return { body: { items: [{ article: 'x', timestamp: '2026111400', views: 7000 }] } };
  if (path === '/reddit-auth/api/v1/access_token') return { body: { access_token: 't', expires_in: 3600 } };
  if (path === '/reddit/search') {
    const post = {
      id: 'p1',
      title: 't',
      subreddit: 's',
      author: 'a',
      score: 1,
      num_comments: 0,
      created_utc: NOW.getTime() / 1000,
    };
    return { body: { data: { after: null, children: [{ kind: 't3', data: post }] } } };
  }
  return { status: 404, body: {} };
}

let fake: FakeServer;
let dataDir: string | undefined;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  fake = await startFakeServer(route);
  const fresh = await createFreshDatabase();
  dropDatabase = fresh?.drop;
  dataDir = fresh ? undefined : mkdtempSync(join(tmpdir(), 'heatrank-ingest-'));
  env = {
    ...FAST_INGEST_ENV,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CATALOGUE_AUTOLOAD: 'false',
    ...(fresh ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir as string }),
    DEFILLAMA_BASE_URL: `${fake.url}/llama`,
    COINGECKO_BASE_URL: `${fake.url}/cg`,
    GITHUB_BASE_URL: `${fake.url}/gh`,
    X_BASE_URL: `${fake.url}/x`,
    TELEGRAM_BASE_URL: `${fake.url}/tg`,
    TELEGRAM_BOT_TOKEN: '123:abc',
    DISCORD_BASE_URL: `${fake.url}/dc`,
    GDELT_BASE_URL: `${fake.url}/gdelt`,
    WIKIMEDIA_BASE_URL: `${fake.url}/wiki`,
    REDDIT_AUTH_URL: `${fake.url}/reddit-auth`,
    REDDIT_BASE_URL: `${fake.url}/reddit`,
    REDDIT_CLIENT_ID: 'id',
    REDDIT_CLIENT_SECRET: 'secret',
  };
  const handle = await createDb(loadConfig(env), { role: 'test' });
  await createSocialAccount(handle.db, CLI_ACTOR, env.SECRET_KEY, { label: 'pool-a', bearerToken: 'token-a' });
  // Discovery creates aave and uniswap; the Wikipedia title is curated (the catalogue's job), set here up front.
  await handle.db.insert(projects).values({
    id: 'uniswap',
    name: 'Uniswap',
    category: 'DeFi',
    wikipediaTitles: { en: 'Uniswap' },
  });
  await handle.close();
});

afterAll(async () => {
  await fake.close();
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('ingest fills a fresh database from every source, and the recompute scores it with named sources', async () => {
  const cli = await runIngestCli(['--limit', '10'], env, { now: () => NOW });

  expect(cli.code).toBe(0);
  expect(cli.results.map((r) => [r.source, r.failed, r.skipped ?? null, r.errors])).toEqual([
    ['defillama', false, null, []],
    ['coingecko', false, null, []],
    ['github', false, null, []],
    ['x', false, null, []],
    ['telegram', false, null, []],
    ['discord', false, null, []],
    ['gdelt', false, null, []],
    ['wikipedia', false, null, []],
    ['reddit', false, null, []],
    ['chains', false, null, []],
    ['raises', false, null, []],
    ['logos', false, null, []],
  ]);
  expect(cli.out).toMatch(/^source\s+status/);

  const handle = await createDb(loadConfig(env), { role: 'test' });
  try {
    const runs = await handle.db.select().from(syncRuns);
    expect(runs.map((r) => `${r.job}:${r.status}`).sort()).toEqual(
      [
        'chains',
        'coingecko',
        'defillama',
        'discord',
        'gdelt',
        'github',
        'logos',
        'raises',
        'reddit',
        'telegram',
        'wikipedia',
        'x',
      ].map((s) => `ingest:${s}:success`),
    );
    const result = await recomputeHeat(handle.db, { now: NOW });
    expect(result.projects).toBe(2);

    const rows = await handle.db.select().from(projects).orderBy(projects.id);
    expect(rows.map((r) => r.id)).toEqual(['aave', 'uniswap']);
    expect(rows.map((r) => r.logoEtag === null)).toEqual([true, false]);
    const rounds = await handle.db.select().from(projectRaises).orderBy(projectRaises.raisedAt);
    expect(rounds.map((r) => [r.projectId, r.round])).toEqual([
      ['uniswap', 'Series A'],
      ['uniswap', 'Series B'],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        category: 'DeFi',
        followersTwitter: 500000,
        followersTelegram: 48213,
        followersDiscord: 61234,
        devStars: 1500,
        newsMentions: 42,
        redditMentions: 1,
        googleTrends: row.id === 'uniswap' ? 50 : null,
      });
      expect(row.metricSources.tvl?.source).toBe('defillama');
      // The heat route explains the stored score from the project's inputs; its breakdown names where each came from.
      const heat = await getProjectHeat(handle.db, row.id, NOW);
      expect(heat).toMatchObject({ computedAt: NOW.toISOString(), previewReason: null });
      expect(heat.score).not.toBe(50);
      const { breakdown } = heat;
      const withData = breakdown.filter((entry) => !entry.noData && entry.weight > 0);
      const named = new Set(
        withData.map((entry) => toSignalSource(entry.key, row.metricSources)).filter((s) => s !== null),
      );
      const attention = row.id === 'uniswap' ? ['gdelt', 'reddit', 'wikipedia'] : ['gdelt', 'reddit'];
      expect([...named].sort()).toEqual(['coingecko', 'discord', ...attention, 'github', 'telegram', 'x'].sort());
    }
  } finally {
    await handle.close();
  }
});
