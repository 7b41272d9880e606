import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECTORS } from '../../../shared/sectors.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { readCatalogue } from './catalogue.data.ts';
import { loadCatalogue, loadCatalogueIfEmpty } from './catalogue.service.ts';

describe('the built-in catalogue file', () => {
  const catalogue = readCatalogue();

  test('holds at least 150 real projects across the spec sectors plus Layer1, ten or more each', () => {
    const perSector = new Map<string, number>();
    for (const p of catalogue.projects) perSector.set(p.category, (perSector.get(p.category) ?? 0) + 1);

    expect(catalogue.projects.length).toBeGreaterThanOrEqual(150);
    expect(catalogue.sectors.map((s) => s.name)).toEqual(SECTORS);
    for (const sector of SECTORS) expect(perSector.get(sector) ?? 0).toBeGreaterThanOrEqual(10);
  });

  test("includes the spec's examples and its fallback three", () => {
    const ids = new Set(catalogue.projects.map((p) => p.id));
    // oracle, modular chain, GPU rendering, NFT marketplace, naming service, aggregator, social protocol, social trading
    const examples = [
      'bitcoin',
      'ethereum',
      'uniswap',
      'chainlink',
      'celestia',
      'render',
      'opensea',
      'ens',
      '1inch',
      'lens-protocol',
      'friend-tech',
    ];

    expect(examples.filter((id) => !ids.has(id))).toEqual([]);
  });

  test('every project has both languages and sample metrics carry their as-of date', () => {
    for (const p of catalogue.projects) {
      expect([p.introEn, p.introZh, p.descriptionEn, p.descriptionZh].every((s) => s.trim().length > 0)).toBe(true);
    }
    expect(
      catalogue.projects.filter((p) => p.sample).every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.sample?.asOf ?? '')),
    ).toBe(true);
  });
});

describe('loading the catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('first load on an empty database inserts every project and sector and counts sector members', async () => {
    const result = await loadCatalogueIfEmpty(t.db);

    const [counts] = await queryRows<{ projects: number; sectors: number; members: number }>(
      t.db,
      sql`SELECT (SELECT count(*)::int FROM projects) AS projects, (SELECT count(*)::int FROM sectors) AS sectors,
                 (SELECT sum(project_count)::int FROM sectors) AS members`,
    );
    expect(result.loaded).toBe(true);
    expect(counts).toEqual({ projects: result.projects, sectors: 11, members: result.projects });
  });

  test('sample metrics are labelled as sample data with their source and date', async () => {
    const [row] = await queryRows<{ sources: Record<string, { source: string; sample: boolean }> }>(
      t.db,
      sql`SELECT metric_sources AS sources FROM projects WHERE id = 'ethereum'`,
    );

    expect(row?.sources.marketCap).toMatchObject({ source: 'catalogue-sample', sample: true });
  });

  test('curated Wikipedia titles and news queries are loaded for the attention sources', async () => {
    const rows = await queryRows<{ id: string; news_query: string | null; wikipedia_titles: unknown }>(
      t.db,
      sql`SELECT id, news_query, wikipedia_titles FROM projects WHERE id IN ('bitcoin', 'near', 'uniswap') ORDER BY id`,
    );

    expect(rows).toEqual([
      { id: 'bitcoin', news_query: null, wikipedia_titles: { en: 'Bitcoin', zh: '比特币' } },
      { id: 'near', news_query: expect.stringContaining('"NEAR Protocol"'), wikipedia_titles: null },
      { id: 'uniswap', news_query: null, wikipedia_titles: { en: 'Uniswap' } },
    ]);
  });

  test("the spec's optional labels reach the project detail; absent ones are null", async () => {
    const uniswap = (await t.app.inject({ method: 'GET', url: '/api/projects/uniswap' })).json();
    const bitcoin = (await t.app.inject({ method: 'GET', url: '/api/projects/bitcoin' })).json();

    expect(uniswap.links.whitepaper).toBe('https://uniswap.org/whitepaper-v3.pdf');
    expect(uniswap.fundamentals).toMatchObject({
      team: { en: expect.stringContaining('Hayden Adams'), zh: expect.stringContaining('Hayden Adams') },
      tokenomics: { en: expect.stringContaining('1 billion'), zh: expect.stringContaining('10 亿') },
      roadmap: null,
      partnerships: [],
    });
    expect(bitcoin.fundamentals).toEqual({ team: null, roadmap: null, tokenomics: null, partnerships: [] });
  });

  test('a reload keeps labels an admin set where the catalogue has none', async () => {
    const edited = { roadmap: { en: 'Edited by an admin' }, partnerships: ['Someone'] };
    await t.db.execute(sql`UPDATE projects SET fundamentals = ${JSON.stringify(edited)}::jsonb WHERE id = 'bitcoin'`);

    await loadCatalogue(t.db);

    const [row] = await queryRows<{ f: unknown }>(
      t.db,
      sql`SELECT fundamentals AS f FROM projects WHERE id = 'bitcoin'`,
    );
    expect(row?.f).toEqual(edited);
  });

  test('a second start changes nothing: no load, and an explicit reload rewrites no row', async () => {
    const before = await queryRows<{ v: string }>(
      t.db,
      sql`SELECT string_agg(id || ':' || xmin::text, ',' ORDER BY id) AS v FROM projects`,
    );

    const second = await loadCatalogueIfEmpty(t.db);
    await loadCatalogue(t.db);

    const after = await queryRows<{ v: string }>(
      t.db,
      sql`SELECT string_agg(id || ':' || xmin::text, ',' ORDER BY id) AS v FROM projects`,
    );
    expect(second.loaded).toBe(false);
    expect(after).toEqual(before);
  });
});
