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
  });
  afterAll(() => t.close());

  test('lists chains and launch platforms with count, average heat and top three', async () => {
    const res = await t.app.inject({ url: '/api/platforms' });

    const { items } = PlatformListResponseSchema.parse(res.json());
    expect(items.map((p) => p.id)).toEqual(['ethereum', 'bnb-chain', 'launchpad-binance-launchpad', 'solana']);
    expect(items[0]).toMatchObject({ name: 'Ethereum', kind: 'chain', projectCount: 4, avgHeat: 67.5 });
    expect(items[0]?.topProjects.map((p) => p.id)).toEqual(['p1', 'p2', 'p4']);
    expect(items[2]).toMatchObject({ name: 'Binance Launchpad', kind: 'launchpad', projectCount: 2, avgHeat: 65 });
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
