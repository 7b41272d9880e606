import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorBodySchema } from '../../../shared/api/common.schema.ts';
import { ProjectListResponseSchema, ProjectSchema } from '../../../shared/api/projects.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';

describe('GET /api/projects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    await insertSector(t.db, { id: 'layer1', name: 'Layer1' });
    await insertProject(t.db, {
      id: 'uniswap',
      name: 'Uniswap',
      symbol: 'UNI',
      heatScore: 81,
      marketCap: 4e9,
      volume24h: 2e8,
      priceChange24h: 3.5,
      priceChange7d: 12.25,
      price: 7.5,
      followersTwitter: 1_100_000,
      chains: ['Ethereum', 'Base'],
      isVerified: true,
      listedAt: new Date('2020-09-17'),
    });
    await insertProject(t.db, {
      id: 'aave',
      name: 'Aave',
      symbol: 'AAVE',
      heatScore: 77,
      marketCap: 3e9,
      volume24h: 1e8,
      priceChange24h: -2,
      price: 160,
      followersTwitter: 700_000,
      isVerified: true,
      listedAt: new Date('2020-10-02'),
    });
    await insertProject(t.db, {
      id: 'bitcoin',
      name: 'Bitcoin',
      symbol: 'BTC',
      category: 'Layer1',
      chains: ['Bitcoin'],
      heatScore: 95,
      marketCap: 1.2e12,
      volume24h: 3e10,
      priceChange24h: 1,
      price: 98_000,
      followersTwitter: 6_000_000,
      isVerified: true,
      status: 'trending',
      listedAt: new Date('2009-01-03'),
    });
    await insertProject(t.db, {
      id: 'tiny-dex',
      name: 'Tiny Dex',
      symbol: null,
      heatScore: 77,
      marketCap: null,
      status: 'new',
    });
  });
  afterAll(() => t.close());

  const list = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/projects${query}`, headers });
    return { res, body: res.statusCode === 200 ? ProjectListResponseSchema.parse(res.json()) : undefined };
  };

  test('a list row carries the 7-day price change (the /tool momentum column)', async () => {
    const { body } = await list('?q=uni');

    expect(body?.items[0]?.priceChange7d).toBe(12.25);
  });

  test('defaults to heat descending with ties broken by id, and pages', async () => {
    const { body } = await list('');

    expect(body?.items.map((p) => p.id)).toEqual(['bitcoin', 'uniswap', 'aave', 'tiny-dex']);
    expect(body).toMatchObject({ total: 4, limit: 20, offset: 0 });
  });

  test.each([
    { query: '?sort=market_cap', ids: ['bitcoin', 'uniswap', 'aave', 'tiny-dex'] },
    { query: '?sort=market_cap&order=asc', ids: ['aave', 'uniswap', 'bitcoin', 'tiny-dex'] },
    { query: '?sort=change_24h', ids: ['uniswap', 'bitcoin', 'aave', 'tiny-dex'] },
    { query: '?sort=volume', ids: ['bitcoin', 'uniswap', 'aave', 'tiny-dex'] },
    { query: '?sort=listed', ids: ['aave', 'uniswap', 'bitcoin', 'tiny-dex'] },
    { query: '?sort=name', ids: ['aave', 'bitcoin', 'tiny-dex', 'uniswap'] },
    { query: '?sort=price', ids: ['bitcoin', 'aave', 'uniswap', 'tiny-dex'] },
    { query: '?sort=price&order=asc', ids: ['uniswap', 'aave', 'bitcoin', 'tiny-dex'] },
    { query: '?sort=followers', ids: ['bitcoin', 'uniswap', 'aave', 'tiny-dex'] },
    { query: '?sort=followers&order=asc', ids: ['aave', 'uniswap', 'bitcoin', 'tiny-dex'] },
  ])('sorts $query with missing values last', async ({ query, ids }) => {
    const { body } = await list(query);

    expect(body?.items.map((p) => p.id)).toEqual(ids);
  });

  test.each([
    { query: '?category=DeFi', ids: ['uniswap', 'aave', 'tiny-dex'] },
    { query: '?category=layer1', ids: ['bitcoin'] },
    { query: '?chain=Base', ids: ['uniswap'] },
    { query: '?status=new', ids: ['tiny-dex'] },
    { query: '?verified=false', ids: ['tiny-dex'] },
    { query: '?q=uni', ids: ['uniswap'] },
    { query: '?q=btc', ids: ['bitcoin'] },
    { query: '?q=%25', ids: [] },
    { query: '?category=Nope', ids: [] },
  ])('filters $query', async ({ query, ids }) => {
    const { body } = await list(query);

    expect(body?.items.map((p) => p.id)).toEqual(ids);
    expect(body?.total).toBe(ids.length);
  });

  test('limit and offset page through the same order', async () => {
    const { body } = await list('?limit=2&offset=1');

    expect(body?.items.map((p) => p.id)).toEqual(['uniswap', 'aave']);
    expect(body).toMatchObject({ total: 4, limit: 2, offset: 1 });
  });

  test.each([
    { query: '?limit=abc', field: 'limit' },
    { query: '?limit=0', field: 'limit' },
    { query: '?limit=101', field: 'limit' },
    { query: '?sort=;drop', field: 'sort' },
    { query: '?offset=-1', field: 'offset' },
    { query: '?order=sideways', field: 'order' },
    { query: '?status=dead', field: 'status' },
    { query: '?verified=maybe', field: 'verified' },
    { query: `?q=${'x'.repeat(10_240)}`, field: 'q' },
    { query: '?category=%3Bdrop%20table', field: 'category' },
  ])('rejects $field with 400 VALIDATION_FAILED in zh by default', async ({ query, field }) => {
    const { res } = await list(query);

    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toMatch(/^请求参数无效/);
    expect(body.error.message).toContain(field);
  });

  test('error messages follow Accept-Language and ?lang=', async () => {
    const en = await list('?limit=abc', { 'accept-language': 'en-US,en;q=0.9' });
    const zh = await list('?limit=abc&lang=zh', { 'accept-language': 'en' });

    expect(en.res.json().error.message).toMatch(/^Invalid request: limit/);
    expect(zh.res.json().error.message).toMatch(/^请求参数无效/);
  });

  test('answers with an ETag and 304 when it matches', async () => {
    const first = await t.app.inject({ url: '/api/projects?limit=3' });
    const again = await t.app.inject({
      url: '/api/projects?limit=3',
      headers: { 'if-none-match': String(first.headers.etag) },
    });

    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('max-age');
    expect(again.statusCode).toBe(304);
  });

  test('a cached list is dropped when projects change', async () => {
    await list('?q=fresh');
    await insertProject(t.db, { id: 'fresh-one', name: 'Fresh One', heatScore: 10 });
    await t.events.publish({ type: 'projects.updated', ids: ['fresh-one'] });

    const { body } = await list('?q=fresh');

    expect(body?.items.map((p) => p.id)).toEqual(['fresh-one']);
  });
});

describe('GET /api/projects/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    await insertProject(t.db, {
      id: 'uniswap',
      name: 'Uniswap',
      twitterHandle: 'Uniswap',
      githubOrgs: ['Uniswap'],
      marketCap: 4e9,
      metricSources: { marketCap: { source: 'catalogue-sample', asOf: '2025-06-30T00:00:00.000Z', sample: true } },
    });
  });
  afterAll(() => t.close());

  test('returns the full project with links, sector and metric provenance', async () => {
    const res = await t.app.inject({ url: '/api/projects/uniswap' });

    expect(res.statusCode).toBe(200);
    const project = ProjectSchema.parse(res.json());
    expect(project.links).toMatchObject({ twitter: 'https://x.com/Uniswap', github: 'https://github.com/Uniswap' });
    expect(project.sectorId).toBe('defi');
    expect(project.metricSources.marketCap).toEqual({
      source: 'catalogue-sample',
      asOf: '2025-06-30T00:00:00.000Z',
      sample: true,
    });
    expect(project.marketSource?.sample).toBe(true);
  });

  test('404 with the error body in the request language', async () => {
    const zh = await t.app.inject({ url: '/api/projects/nope' });
    const en = await t.app.inject({ url: '/api/projects/nope', headers: { 'accept-language': 'en' } });

    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ error: { code: 'PROJECT_NOT_FOUND', message: '未找到项目「nope」' } });
    expect(en.json().error.message).toBe('Project "nope" not found');
  });
});
