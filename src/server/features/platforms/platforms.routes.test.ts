import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlatformDetailResponseSchema, PlatformListResponseSchema } from '../../../shared/api/platforms.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';

describe('/api/platforms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertProject(t.db, { id: 'p1', name: 'P1', chains: ['Ethereum', 'BNB Chain'], heatScore: 90 });
    await insertProject(t.db, {
      id: 'p2',
      name: 'P2',
      chains: ['Ethereum'],
      heatScore: 70,
      sourcePlatform: 'Binance Launchpad',
    });
    await insertProject(t.db, { id: 'p3', name: 'P3', chains: ['Ethereum'], heatScore: 50 });
    await insertProject(t.db, {
      id: 'p4',
      name: 'P4',
      chains: ['Ethereum', 'BNB Chain'],
      heatScore: 60,
      sourcePlatform: 'Binance Launchpad',
    });
    await insertProject(t.db, { id: 'p5', name: 'P5', chains: ['Solana'], heatScore: 99 });
    // The chains themselves: Arbitrum (Layer2) and Ethereum (Layer1); Loopring is a Layer2 that runs on Ethereum and
    // must not make Ethereum an L2.
    await insertProject(t.db, { id: 'ethereum', name: 'Ethereum', category: 'Layer1', chains: ['Ethereum'] });
    await insertProject(t.db, { id: 'loopring', name: 'Loopring', category: 'Layer2', chains: ['Ethereum'] });
    await insertProject(t.db, { id: 'arbitrum', name: 'Arbitrum', category: 'Layer2', chains: ['Arbitrum'] });
  });
  afterAll(() => t.close());

  test('lists chains and launch platforms with count, average heat and top three', async () => {
    const res = await t.app.inject({ url: '/api/platforms' });

    const { items } = PlatformListResponseSchema.parse(res.json());
    expect(items.map((p) => p.id)).toEqual([
      'ethereum',
      'bnb-chain',
      'launchpad-binance-launchpad',
      'solana',
      'arbitrum',
    ]);
    expect(items[0]).toMatchObject({ name: 'Ethereum', kind: 'chain', projectCount: 6, avgHeat: 67.5 });
    expect(items[0]?.topProjects.map((p) => p.id)).toEqual(['p1', 'p2', 'p4']); // the unscored chains are no leaders
    expect(items[2]).toMatchObject({ name: 'Binance Launchpad', kind: 'launchpad', projectCount: 2, avgHeat: 65 });
  });

  test('chains are labelled L1 / L2 from the project that is the chain; no chain TVL stored: "no data" (null), never 0', async () => {
    const { items } = PlatformListResponseSchema.parse((await t.app.inject({ url: '/api/platforms' })).json());
    const byId = Object.fromEntries(items.map((p) => [p.id, p]));

    expect(byId.ethereum).toMatchObject({ layer: 'L1', tvl: null, tvlSource: null });
    expect(byId.arbitrum).toMatchObject({ layer: 'L2', tvl: null });
    expect(byId.solana?.layer).toBeNull(); // no Solana project here: unknown, not guessed
    expect(byId['launchpad-binance-launchpad']?.layer).toBeNull();
  });

  test('searches by name, any case and part of it', async () => {
    const ids = async (url: string) =>
      PlatformListResponseSchema.parse((await t.app.inject({ url })).json()).items.map((p) => p.id);

    expect(await ids('/api/platforms?q=CHAIN')).toEqual(['bnb-chain']);
    expect(await ids('/api/platforms?q=%20arb%20')).toEqual(['arbitrum']);
    expect(await ids('/api/platforms?q=binance&kind=chain')).toEqual([]);
    expect(await ids(`/api/platforms?q=${encodeURIComponent('以太坊🚀')}`)).toEqual([]);
  });

  test('sorts by heat (no heat last) and by TVL (none stored: by project count; chain-tvl.service.test.ts sorts by stored figures)', async () => {
    const ids = async (url: string) =>
      PlatformListResponseSchema.parse((await t.app.inject({ url })).json()).items.map((p) => p.id);

    expect(await ids('/api/platforms?sort=heat')).toEqual([
      'solana',
      'bnb-chain',
      'ethereum',
      'launchpad-binance-launchpad',
      'arbitrum',
    ]);
    expect(await ids('/api/platforms?sort=tvl')).toEqual(await ids('/api/platforms'));
  });

  test('bad search or sort → 400 in the error shape', async () => {
    for (const url of [
      `/api/platforms?q=${'x'.repeat(10_000)}`,
      '/api/platforms?sort=random',
      '/api/platforms?q=a%00b',
      '/api/platforms?q=a&q=b',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toMatch(/VALIDATION_FAILED|INVALID_CHARACTERS/);
    }
  });

  test('filters by kind', async () => {
    const res = await t.app.inject({ url: '/api/platforms?kind=launchpad' });

    expect(PlatformListResponseSchema.parse(res.json()).items.map((p) => p.id)).toEqual([
      'launchpad-binance-launchpad',
    ]);
  });

  test('a platform detail pages its projects by heat', async () => {
    const res = await t.app.inject({ url: '/api/platforms/bnb-chain?limit=1' });

    const body = PlatformDetailResponseSchema.parse(res.json());
    expect(body.platform.name).toBe('BNB Chain');
    expect(body.projects.items.map((p) => p.id)).toEqual(['p1']);
    expect(body.projects.total).toBe(2);
  });

  test('unknown platform → 404; unknown kind → 400', async () => {
    const missing = await t.app.inject({ url: '/api/platforms/atlantis' });
    const bad = await t.app.inject({ url: '/api/platforms?kind=moon' });

    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'PLATFORM_NOT_FOUND', message: '未找到平台「atlantis」' });
    expect(bad.statusCode).toBe(400);
  });
});
