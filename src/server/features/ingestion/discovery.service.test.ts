import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { projectScores, projects, syncRuns } from '../../db/schema/index.ts';
import {
  FAST_INGEST_ENV,
  type FakeResponse,
  type FakeServer,
  startFakeServer,
} from '../../sources/testing/fake-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { getCategoryMappingReport, runIngestionSource } from './ingestion.service.ts';
import type { IngestDeps } from './ingestion.types.ts';

const AAVE_V3 = {
  id: '1599',
  name: 'Aave V3',
  symbol: 'AAVE',
  url: 'https://aave.com',
  slug: 'aave-v3',
  category: 'Lending',
  chains: ['Ethereum', 'Base'],
  twitter: 'aave',
  logo: 'https://icons.llama.fi/aave-v3.png',
  gecko_id: null,
  listedAt: 1648776877,
  tvl: 16825633580.66,
  change_1d: -2.28,
  parentProtocol: 'parent#aave',
};
const AAVE_V2 = { ...AAVE_V3, id: '111', name: 'Aave V2', slug: 'aave-v2', tvl: 200000000 };
const UNISWAP_V3 = {
  id: '2198',
  name: 'Uniswap V3',
  symbol: 'UNI',
  url: 'https://app.uniswap.org/',
  slug: 'uniswap-v3',
  category: 'Dexes',
  chains: ['Ethereum'],
  twitter: '@Uniswap',
  gecko_id: 'uniswap',
  tvl: 3000000000,
  github: ['Uniswap'],
};
const BRIDGE = {
  id: '3',
  name: 'Some Bridge',
  symbol: '-',
  url: 'https://bridge.example',
  category: 'Bridge',
  chains: [],
  tvl: 5,
};
const ODD = {
  id: '4',
  name: 'Odd Thing',
  symbol: 'ODD',
  url: 'https://odd.example',
  category: 'Quantum Widgets',
  tvl: null,
};
const DEAD = { id: '5', name: 'Gone', url: 'https://gone.example', category: 'Dexes', deadUrl: true, tvl: 1 };

describe('DefiLlama discovery (/protocols)', () => {
  let t: TestApp;
  let fake: FakeServer;
  let next: FakeResponse[] = [];
  let deps: IngestDeps;
  const now = new Date('2026-11-21T10:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeServer(() => next.shift() ?? { status: 500, body: {} });
    t = await buildTestApp({ catalogue: false, env: { ...FAST_INGEST_ENV, DEFILLAMA_BASE_URL: fake.url } });
    deps = { db: t.db, config: t.config, events: t.events, now: () => now };
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await t.db.delete(projects);
    next = [];
  });

  const load = () => t.db.select().from(projects).orderBy(projects.id);

  // Was "heat 50, status new": since migration 0011 a new project is not scored until a recompute finds enough
  // evidence (docs/heat-score.md, "Minimum evidence").
  test('discovers new projects unscored (no heat, no status), mapped sector and source category tag', async () => {
    next = [{ body: [AAVE_V3, UNISWAP_V3, BRIDGE, ODD, DEAD] }];

    const result = await runIngestionSource(deps, 'defillama', 'cli');

    expect(result.failed).toBe(false);
    const rows = await load();
    expect(rows.map((r) => r.id)).toEqual(['aave-v3', 'odd-thing', 'some-bridge', 'uniswap-v3']);
    const aave = rows.find((r) => r.id === 'aave-v3')!;
    expect(aave).toMatchObject({
      name: 'Aave V3',
      symbol: 'AAVE',
      category: 'DeFi',
      categories: ['DeFi'],
      tags: ['Lending'],
      defillamaId: '1599',
      websiteUrl: 'https://aave.com',
      twitterHandle: 'aave',
      tvl: 16825633580.66,
      chains: ['Ethereum', 'Base'],
      logoUrl: 'https://icons.llama.fi/aave-v3.png',
    });
    expect(aave.metricSources.tvl).toEqual({ source: 'defillama', asOf: now.toISOString() });
    const [scores] = await t.db.select().from(projectScores).where(eq(projectScores.projectId, 'aave-v3'));
    expect(scores).toMatchObject({ heatScore: null, status: null, category: 'DeFi', computedAt: null });
    expect(aave.listedAt?.toISOString()).toBe('2022-04-01T01:34:37.000Z');
    const uni = rows.find((r) => r.id === 'uniswap-v3')!;
    expect(uni).toMatchObject({
      twitterHandle: 'Uniswap',
      coingeckoId: 'uniswap',
      githubOrgs: ['Uniswap'],
      category: 'DeFi',
    });
    expect(rows.find((r) => r.id === 'some-bridge')).toMatchObject({
      category: 'Infrastructure',
      symbol: null,
      tvl: 5,
    });
    // unmapped category → configured sector; null TVL stays "no data"
    expect(rows.find((r) => r.id === 'odd-thing')).toMatchObject({
      category: 'DeFi',
      tags: ['Quantum Widgets'],
      tvl: null,
    });
    expect(rows.find((r) => r.id === 'odd-thing')?.metricSources).toEqual({});
    expect(result.counts).toMatchObject({
      protocols: 5,
      skippedDead: 1,
      inserted: 4,
      unmappedCategories: 1,
      unmappedProjects: 1,
    });
    expect((await getCategoryMappingReport(deps)).unmapped).toBe(1);
  });

  test('a second run duplicates nothing and updates TVL in place', async () => {
    next = [{ body: [AAVE_V3, UNISWAP_V3] }, { body: [{ ...AAVE_V3, tvl: 1 }, UNISWAP_V3] }];
    await runIngestionSource(deps, 'defillama', 'cli');

    const second = await runIngestionSource(deps, 'defillama', 'cli');

    expect(second.counts).toMatchObject({ inserted: 0, linked: 2 });
    const rows = await load();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === 'aave-v3')?.tvl).toBe(1);
  });

  test('links existing projects by CoinGecko id and by website domain without overwriting curated facts', async () => {
    await insertProject(t.db, {
      id: 'uniswap',
      name: 'Uniswap',
      category: 'DeFi',
      coingeckoId: 'uniswap',
      tags: ['dex'],
    });
    await insertProject(t.db, {
      id: 'aave',
      name: 'Aave',
      category: 'DeFi',
      websiteUrl: 'https://www.aave.com',
      twitterHandle: 'AaveAave',
    });
    next = [{ body: [AAVE_V3, AAVE_V2, UNISWAP_V3] }];

    const result = await runIngestionSource(deps, 'defillama', 'cli');

    const rows = await load();
    // Aave V3 (largest TVL) links the curated "aave"; its sibling V2 shares the domain but becomes its own project.
    expect(rows.map((r) => r.id)).toEqual(['aave', 'aave-v2', 'uniswap']);
    expect(rows.find((r) => r.id === 'aave')).toMatchObject({
      name: 'Aave',
      defillamaId: '1599',
      twitterHandle: 'AaveAave',
      tags: ['Lending'],
    });
    expect(rows.find((r) => r.id === 'uniswap')).toMatchObject({
      name: 'Uniswap',
      defillamaId: '2198',
      tags: ['dex', 'Dexes'],
    });
    expect(result.counts).toMatchObject({ inserted: 1, linked: 2 });
  });

  test('matches by project id (slug) when the project is not linked yet', async () => {
    await insertProject(t.db, { id: 'aave-v3', name: 'Aave Three', category: 'DeFi' });
    next = [{ body: [AAVE_V3] }];

    await runIngestionSource(deps, 'defillama', 'cli');

    expect(await load()).toEqual([expect.objectContaining({ id: 'aave-v3', name: 'Aave Three', defillamaId: '1599' })]);
  });

  // The held-out case: DefiLlama lists the same project again under a new id (an upper-cased duplicate name, same
  // slug and website). It must update the existing project, never create `okx-900002`.
  const OKX = { id: '900001', name: 'Okx', slug: 'okx', url: 'https://www.okx.com', category: 'CEX', tvl: 100 };
  const OKX_AGAIN = { id: '900002', name: 'OKX', url: 'https://okx.com/', category: 'CEX', tvl: 200 };

  test('a new id with the same slug and website updates the existing project (a later run)', async () => {
    next = [{ body: [OKX] }, { body: [OKX_AGAIN] }];
    await runIngestionSource(deps, 'defillama', 'cli');

    const second = await runIngestionSource(deps, 'defillama', 'cli');

    expect(second.counts).toMatchObject({ inserted: 0, linked: 1 });
    const rows = await load();
    expect(rows.map((r) => r.id)).toEqual(['okx']);
    expect(rows[0]).toMatchObject({ name: 'Okx', tvl: 200, defillamaId: '900002' });
  });

  test('a new id with the same slug and website in the same list is one project, not two', async () => {
    await insertProject(t.db, { id: 'okx', name: 'OKX', category: 'DeFi', websiteUrl: 'https://okx.com' });
    next = [{ body: [OKX, OKX_AGAIN] }];

    const result = await runIngestionSource(deps, 'defillama', 'cli');

    expect(result.counts).toMatchObject({ inserted: 0, linked: 1, duplicates: 1 });
    const rows = await load();
    expect(rows.map((r) => r.id)).toEqual(['okx']);
    expect(rows[0]).toMatchObject({ tvl: 200, defillamaId: '900002' });
  });

  test('a new id with the same slug and website in one list on a fresh database is one project', async () => {
    next = [{ body: [OKX, OKX_AGAIN] }];

    const result = await runIngestionSource(deps, 'defillama', 'cli');

    expect(result.counts).toMatchObject({ inserted: 1, duplicates: 1 });
    expect((await load()).map((r) => [r.id, r.tvl])).toEqual([['okx', 200]]);
  });

  test('the same slug with another website is still a separate project', async () => {
    next = [{ body: [OKX, { ...OKX_AGAIN, url: 'https://other.example' }] }];

    await runIngestionSource(deps, 'defillama', 'cli');

    expect((await load()).map((r) => r.id)).toEqual(['okx', 'okx-900001']);
  });

  describe('failures keep the last values and mark them stale', () => {
    const failures: { name: string; responses: FakeResponse[]; error: RegExp }[] = [
      { name: '500 on every attempt', responses: [{ status: 500, body: {} }], error: /HTTP 500/ },
      {
        name: '429 with a Retry-After beyond the wait cap',
        responses: [{ status: 429, headers: { 'retry-after': '3600' }, body: { message: 'rate limited' } }],
        error: /HTTP 429/,
      },
      { name: 'timeout', responses: [{ delayMs: 1_500, body: [] }], error: /no answer within 1000 ms/ },
      { name: 'invalid JSON', responses: [{ raw: '[{"id": "1599", "name": ' }], error: /invalid JSON/ },
      { name: 'not an array', responses: [{ body: { protocols: [] } }], error: /unexpected response shape/ },
    ];

    test.each(failures)('$name', async ({ responses, error }) => {
      next = [{ body: [AAVE_V3] }];
      await runIngestionSource(deps, 'defillama', 'cli');
      next = Array.from({ length: 5 }, () => ({ ...responses[0] }));

      const result = await runIngestionSource(deps, 'defillama', 'cli');

      expect(result.failed).toBe(true);
      expect(result.errors.join()).toMatch(error);
      const [aave] = await load();
      expect(aave?.tvl).toBe(16825633580.66);
      expect(aave?.metricSources.tvl).toEqual({ source: 'defillama', asOf: now.toISOString(), stale: true });
      const [run] = await t.db
        .select()
        .from(syncRuns)
        .where(eq(syncRuns.job, 'ingest:defillama'))
        .orderBy(sql`id desc`)
        .limit(1);
      expect(run).toMatchObject({ status: 'failed', trigger: 'cli' });
      expect(run?.errors[0]).toMatch(error);
    });
  });

  test('a 429 with a short Retry-After is waited out and retried', async () => {
    next = [{ status: 429, headers: { 'retry-after': '0' }, body: {} }, { body: [AAVE_V3] }];

    const result = await runIngestionSource(deps, 'defillama', 'cli');

    expect(result.failed).toBe(false);
    expect((await load()).map((r) => r.id)).toEqual(['aave-v3']);
  });

  test('a malformed element is skipped and counted, the rest is stored', async () => {
    next = [{ body: [AAVE_V3, { id: '9', tvl: 'lots' }] }];

    const result = await runIngestionSource(deps, 'defillama', 'cli');

    expect(result.counts).toMatchObject({ invalid: 1, inserted: 1 });
    expect((await load()).map((r) => r.id)).toEqual(['aave-v3']);
  });

  test('a fresh value clears the stale flag and publishes projects.updated', async () => {
    const seen: string[] = [];
    const unsubscribe = t.events.subscribe((event) => seen.push(event.type));
    next = [
      { body: [AAVE_V3] },
      { status: 500, body: {} },
      { status: 500, body: {} },
      { status: 500, body: {} },
      { body: [AAVE_V3] },
    ];
    await runIngestionSource(deps, 'defillama', 'cli');
    await runIngestionSource(deps, 'defillama', 'cli');

    await runIngestionSource(deps, 'defillama', 'cli');

    unsubscribe();
    const [aave] = await load();
    expect(aave?.metricSources.tvl).toEqual({ source: 'defillama', asOf: now.toISOString() });
    expect(seen).toContain('projects.updated');
  });
});
