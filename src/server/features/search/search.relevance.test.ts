import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SearchFacetsResponse, SearchResponse, SuggestResponse } from '../../../shared/api/search.schema.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { filterWhere, prepareText, textMatch } from './search.queries.ts';

// Relevance, filters, facets and suggestions over the real catalogue (src/server/features/catalogue/data/).
describe('search relevance, filters, facets and suggestions', () => {
  let t: TestApp;
  let vip: Agent;
  let free: Agent;
  const get = (agent: Agent, query: string) => agent.request({ method: 'GET', url: `/api/search?${query}` });
  const ok = async (query: string) => {
    const res = await get(vip, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResponse;
  };
  const facetsOf = async (query: string) => {
    const res = await vip.request({ method: 'GET', url: `/api/search/facets?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SearchFacetsResponse).facets;
  };
  const ids = (body: SearchResponse) => body.items.map((i) => i.id);
  const used = async (agent: Agent) =>
    (await agent.request({ method: 'GET', url: '/api/me/usage' })).json().quotas[0].used;

  beforeAll(async () => {
    t = await buildTestApp();
    const v = await signUpAgent(t.app, 'relevance-vip@example.com');
    await creditPoints(t.db, { userId: v.me.user!.id, amount: 5000, reason: 'admin.adjust' });
    vip = v.agent;
    free = (await signUpAgent(t.app, 'relevance-free@example.com')).agent;
  });
  afterAll(() => t.close());

  test('an exact symbol comes first: UNI → Uniswap, ETH → Ethereum', async () => {
    const uni = await ok('q=UNI');
    expect(uni.items[0]?.id).toBe('uniswap');
    expect(uni.sort).toBe('relevance');
    expect((await ok('q=eth')).items[0]?.id).toBe('ethereum');
  });

  test('a sector word ranks that sector first, by heat: defi → DeFi protocols, not unscored L2s', async () => {
    for (const word of ['defi', 'DeFi', encodeURIComponent('去中心化金融')]) {
      const body = await ok(`q=${word}&limit=20`);
      expect(body.items.length, word).toBe(20);
      expect(
        body.items.map((i) => i.category),
        word,
      ).toEqual(Array(20).fill('DeFi'));
      const heats = body.items.map((i) => i.heatScore ?? Number.NEGATIVE_INFINITY);
      expect(heats, word).toEqual([...heats].sort((a, b) => b - a));
    }
    // Every DeFi project is a match of the sector word, even one whose texts never say "defi".
    const sector = await ok('category=defi&limit=1');
    expect((await ok('q=defi&limit=1')).total).toBeGreaterThanOrEqual(sector.total);
  });

  test('an exact or prefix name beats a substring, which beats a text-only match: uni, swap', async () => {
    const uni = ids(await ok('q=uni&limit=50'));
    expect(uni[0]).toBe('uniswap');
    expect(uni.indexOf('unichain')).toBeLessThan(uni.findIndex((id) => !/^uni/.test(id)));
    const swap = ids(await ok('q=swap&limit=50'));
    expect(swap.indexOf('uniswap')).toBeGreaterThanOrEqual(0);
    expect(swap).toContain('curve');
    expect(swap.indexOf('uniswap')).toBeLessThan(swap.indexOf('curve'));
    // The names that contain "swap" come before every project that only mentions swaps in its texts.
    const named = ['uniswap', 'sushiswap', 'pancakeswap'].map((id) => swap.indexOf(id));
    expect(Math.max(...named)).toBe(2);
  });

  test('Chinese names and aliases: 以太坊, the prefix 以太, 比特币, 波场, and English aliases rank their project first', async () => {
    for (const [q, id] of [
      ['以太坊', 'ethereum'],
      ['以太', 'ethereum'],
      ['比特币', 'bitcoin'],
      ['波场', 'tron'],
      ['瑞波币', 'xrp'],
      ['Ripple', 'xrp'],
      ['MakerDAO', 'sky'],
      ['ETH', 'ethereum'],
    ] as const) {
      expect((await ok(`q=${encodeURIComponent(q)}`)).items[0]?.id, q).toBe(id);
    }
  });

  test('typos are tolerated by trigram similarity: etherium → Ethereum, solanna → Solana', async () => {
    expect((await ok('q=etherium')).items[0]?.id).toBe('ethereum');
    expect((await ok('q=solanna')).items[0]?.id).toBe('solana');
  });

  test('Chinese: 以太坊 → Ethereum first; words from Chinese descriptions find their projects', async () => {
    expect((await ok(`q=${encodeURIComponent('以太坊')}`)).items[0]?.id).toBe('ethereum');
    expect(ids(await ok(`q=${encodeURIComponent('闪电贷')}`))).toContain('aave'); // "它首创了闪电贷"
    expect(ids(await ok(`q=${encodeURIComponent('去中心化交易')}&limit=50`))).toContain('uniswap');
  });

  test('English words from tags, intros and descriptions match through the search document', async () => {
    expect(ids(await ok('q=flash%20loans'))).toContain('aave');
    expect(ids(await ok('q=amm&limit=50'))).toContain('uniswap');
  });

  test('filters combine with AND, and each result satisfies every one', async () => {
    const body = await ok('category=defi&chain=Ethereum&heatMin=0&heatMax=100&marketCapMin=1&limit=100');
    expect(body.total).toBeGreaterThan(0);
    expect(body.sort).toBe('heat');
    for (const item of body.items) {
      expect(item.category).toBe('DeFi');
      expect(item.chains).toContain('Ethereum');
      expect(item.marketCap).toBeGreaterThanOrEqual(1);
    }
    // The AND of two filters is exactly the sector's projects that are on the chain.
    const sector = await ok('category=defi&limit=100');
    expect(sector.total).toBeLessThanOrEqual(100);
    const both = new Set(sector.items.filter((i) => i.chains.includes('Ethereum')).map((i) => i.id));
    const anded = await ok('category=defi&chain=Ethereum&limit=100');
    expect(new Set(ids(anded))).toEqual(both);
    expect(anded.total).toBe(both.size);
    const text = await ok('q=swap&category=defi&limit=100');
    expect(text.items.every((i) => i.category === 'DeFi')).toBe(true);
    expect(ids(text)).toContain('uniswap');
    expect((await ok('verified=true&limit=100')).items.every((i) => i.verified)).toBe(true);
    const since = await ok('listedSince=2023-01-01&sort=newest&limit=100');
    expect(since.items.every((i) => i.listedAt !== null && i.listedAt >= '2023-01-01')).toBe(true);
  });

  test('facets add up to the total, and each facet keeps its alternatives under its own filter', async () => {
    const all = await ok('q=protocol&limit=1');
    const allFacets = await facetsOf('q=protocol');
    const sum = (f: { count: number }[]) => f.reduce((s, x) => s + x.count, 0);
    expect(all.total).toBeGreaterThan(1);
    expect(sum(allFacets.category)).toBe(all.total);
    expect(sum(allFacets.status)).toBe(all.total);
    expect(sum(allFacets.chain)).toBeGreaterThanOrEqual(all.total > 0 ? 1 : 0);
    const defi = await ok('q=protocol&category=DeFi&limit=1');
    const defiFacets = await facetsOf('q=protocol&category=DeFi');
    expect(defiFacets.category).toEqual(allFacets.category); // its own filter left out
    expect(defiFacets.category.find((f) => f.value === 'DeFi')?.count).toBe(defi.total);
    expect(sum(defiFacets.status)).toBe(defi.total);
    // Filters only, and a typo (the fuzzy match, as the search falls back to): the same totals as the search's.
    for (const query of [
      'category=DeFi&chain=Ethereum&heatMin=10',
      'q=etherium',
      'q=swap&category=DeFi&marketCapMin=1',
    ]) {
      const body = (await (
        await vip.request({ method: 'GET', url: `/api/search/facets?${query}` })
      ).json()) as SearchFacetsResponse;
      expect(body.total, query).toBe((await ok(query)).total);
      expect(sum(body.facets.status), query).toBe(body.total);
    }
  });

  test('facets are never counted, and their filters are premium like the search', async () => {
    const before = await used(vip);
    await facetsOf('q=uni&category=DeFi');
    expect(await used(vip)).toBe(before);
    expect((await free.request({ method: 'GET', url: '/api/search/facets?heatMin=10' })).json().error.code).toBe(
      'FEATURE_LOCKED',
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/search/facets?q=uni' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/search/facets?limit=5' })).statusCode).toBe(400);
  });

  test('a filters-only search is allowed and counted; neither q nor a filter is a 400 that counts nothing', async () => {
    const before = await used(vip);
    await ok('status=trending');
    expect(await used(vip)).toBe(before + 1);
    expect((await get(vip, 'limit=5')).statusCode).toBe(400);
    expect(await used(vip)).toBe(before + 1);
  });

  test('every filter but the text is premium: free → 403, visitor → 401, and neither counts', async () => {
    for (const query of ['heatMin=10', 'verified=true', 'listedSince=2024-01-01', 'q=uni&volumeMax=5']) {
      expect((await get(free, query)).json().error.code).toBe('FEATURE_LOCKED');
      expect((await t.app.inject({ method: 'GET', url: `/api/search?${query}` })).statusCode).toBe(401);
    }
    expect(await used(free)).toBe(0);
  });

  test('bad input is a 400 in the error shape, never a 500, and counts nothing', async () => {
    const before = await used(vip);
    for (const query of [
      'heatMin=50&heatMax=10',
      'heatMin=abc',
      'marketCapMin=1e400',
      'volumeMax=-1e300',
      'listedSince=2026-02-30',
      'listedSince=yesterday',
      'q=uni&sort=nope',
      'verified=maybe',
      'q=uni&change24hMin=NaN',
    ]) {
      const res = await get(vip, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBeTypeOf('string');
    }
    expect(await used(vip)).toBe(before);
    for (const query of ['', 'q=', `q=${'x'.repeat(101)}`, 'q=a%00b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search/suggest?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  test('suggest: at most 8, ranked like the search, free for visitors, cacheable and never counted', async () => {
    const before = await used(vip);
    const res = await vip.request({ method: 'GET', url: '/api/search/suggest?q=uni' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const body = res.json() as SuggestResponse;
    expect(body.items.length).toBeLessThanOrEqual(8);
    expect(body.items[0]).toMatchObject({ id: 'uniswap', symbol: 'UNI' });
    expect(Object.keys(body.items[0]!).sort()).toEqual(['heatScore', 'id', 'logoUrl', 'name', 'symbol']);
    const many = (await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=a' })).json() as SuggestResponse;
    expect(many.items).toHaveLength(8);
    const typo = (await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=etherium' })).json();
    expect(typo.items[0].id).toBe('ethereum');
    expect(await used(vip)).toBe(before);
  });

  test('suggest finds Chinese names and aliases by prefix: 以太 → Ethereum first, rip → XRP, 波 → Tron and Polkadot', async () => {
    const suggestIds = async (q: string) =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` })
        ).json() as SuggestResponse
      ).items.map((i) => i.id);
    expect((await suggestIds('以太'))[0]).toBe('ethereum');
    expect((await suggestIds('以太坊'))[0]).toBe('ethereum');
    expect((await suggestIds('比特'))[0]).toBe('bitcoin');
    expect(await suggestIds('rip')).toContain('xrp');
    expect(await suggestIds('波')).toEqual(expect.arrayContaining(['tron', 'polkadot']));
    // Names still come first for a Latin prefix, and the list stays at most 8.
    expect((await suggestIds('uni'))[0]).toBe('uniswap');
    expect((await suggestIds('b')).length).toBe(8);
    expect(await suggestIds('ether')).toEqual(expect.arrayContaining(['ethereum', 'ether-fi']));
  });

  test('the directory filter is a free name lookup: names, symbols and aliases in either language, never texts', async () => {
    const before = await used(vip);
    const directory = async (q: string) => {
      const res = await vip.request({ method: 'GET', url: `/api/projects?q=${encodeURIComponent(q)}&limit=100` });
      expect(res.statusCode, q).toBe(200);
      return (res.json() as SearchResponse).items.map((i) => i.id);
    };
    expect(await directory('以太坊')).toEqual(['ethereum']);
    expect(await directory('以太')).toEqual(['ethereum']);
    expect(await directory('ＥＴＨ')).toContain('ethereum');
    expect(await directory('eth')).toContain('ethereum');
    expect(await directory('uniswap')).toEqual(['uniswap']);
    expect(await directory('UNI')).toContain('uniswap');
    expect(await directory('ripple')).toEqual(['xrp']);
    expect(await directory('makerdao')).toEqual(['sky']);
    expect(await directory('狗狗币')).toEqual(['dogecoin']);
    // Words only in descriptions are the counted search's, not the free name lookup's.
    expect(await directory('闪电贷')).toEqual([]);
    expect(await directory('flash loans')).toEqual([]);
    expect(await used(vip)).toBe(before);
  });

  test('bad input in every search box endpoint is a 400 in the error shape or an empty result, never a 500', async () => {
    const inputs = [
      'a\u0000b',
      'x'.repeat(10_000),
      "&|!():*'",
      "uni & !swap | (eth):* 'x'",
      "'; DROP TABLE projects; --",
      '%_\\',
      '🚀🦄',
      '以太坊🚀',
      '<script>alert(1)</script>',
    ];
    const endpoints = ['/api/search?q=', '/api/search/facets?q=', '/api/search/suggest?q=', '/api/projects?q='];
    for (const endpoint of endpoints) {
      for (const input of inputs) {
        const res = await vip.request({ method: 'GET', url: `${endpoint}${encodeURIComponent(input)}` });
        const label = `${endpoint}${input.slice(0, 20)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode === 200) {
          expect(Array.isArray(res.json().items ?? res.json().facets?.category), label).toBe(true);
        } else {
          expect(res.statusCode, label).toBe(400);
          expect(res.json().error.code, label).toEqual(expect.any(String));
        }
      }
    }
    // Nothing the operators could do: they are plain characters, so they match nothing.
    expect((await ok(`q=${encodeURIComponent("&|!():*'")}`)).total).toBe(0);
  });

  test('the text match and filters can use the search indexes (the planner is told to avoid a scan)', async () => {
    const plan = async (where: ReturnType<typeof textMatch>) => {
      let text = '';
      await t.db.transaction(async (tx) => {
        // A catalogue of a few hundred rows is cheapest to scan; scans off, the planner shows which indexes fit.
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx as never,
          sql`EXPLAIN SELECT id FROM projects WHERE ${where}`,
        );
        text = rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      return text;
    };
    const latin = await plan(textMatch(prepareText('etherium')));
    expect(latin).toContain('projects_search_document_idx');
    expect(latin).toContain('projects_name_trgm_idx');
    expect(latin).toContain('projects_symbol_trgm_idx');
    expect(await plan(textMatch(prepareText('以太坊')))).toContain('projects_zh_text_trgm_idx');
    const filtered = filterWhere({ chain: 'Ethereum' });
    expect(await plan(filtered!)).toContain('projects_chains_idx');
  });
});
