import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SectorDetailResponseSchema, SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { refreshSectorAggregates } from './sectors.service.ts';

describe('/api/sectors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'defi', name: 'DeFi', heatScore: 70, color: '#2563eb', scoredCount: 4 });
    await insertSector(t.db, { id: 'gamefi', name: 'GameFi', heatScore: 55, scoredCount: 1 });
    await insertSector(t.db, { id: 'zk', name: 'ZK', heatScore: 80 });
    for (const [id, heat, cap, tvl] of [
      ['a', 90, 1e9, 4e9],
      ['b', 60, 2e9, null],
      ['c', 75, null, 1e9],
      ['d', 40, 5e8, null],
    ] as const) {
      await insertProject(t.db, {
        id: `defi-${id}`,
        name: `DeFi ${id}`,
        category: 'DeFi',
        heatScore: heat,
        marketCap: cap,
        tvl,
        metricSources:
          tvl === null
            ? {}
            : {
                tvl: {
                  source: 'defillama',
                  asOf: id === 'a' ? '2026-11-28T03:00:00.000Z' : '2026-11-27T03:00:00.000Z',
                },
              },
      });
    }
    await insertProject(t.db, { id: 'game-1', name: 'Game 1', category: 'GameFi', heatScore: 50 });
    await refreshSectorAggregates(t.db);
  });
  afterAll(() => t.close());

  test('lists sectors by heat, with project count, market cap and top three projects', async () => {
    const res = await t.app.inject({ url: '/api/sectors' });

    const body = SectorListResponseSchema.parse(res.json());
    expect(body.items.map((s) => s.id)).toEqual(['zk', 'defi', 'gamefi']);
    const defi = body.items.find((s) => s.id === 'defi');
    expect(defi).toMatchObject({ projectCount: 4, totalMarketCap: 3.5e9, color: '#2563eb' });
    expect(defi?.topProjects.map((p) => p.id)).toEqual(['defi-a', 'defi-c', 'defi-b']);
    expect(body.items.find((s) => s.id === 'zk')).toMatchObject({
      projectCount: 0,
      topProjects: [],
      totalMarketCap: null,
    });
  });

  // A heat resting on one or two projects reads as firmly as one over a hundred unless it is marked.
  test('a sector whose heat rests on fewer than 3 scored projects is low-confidence; one without heat is not', async () => {
    const { items } = SectorListResponseSchema.parse((await t.app.inject({ url: '/api/sectors' })).json());
    const byId = Object.fromEntries(items.map((s) => [s.id, s]));

    expect(byId.defi).toMatchObject({ scoredCount: 4, lowConfidence: false });
    expect(byId.gamefi).toMatchObject({ scoredCount: 1, lowConfidence: true });
    expect(byId.zk).toMatchObject({ scoredCount: 0, lowConfidence: true });
    const detail = SectorDetailResponseSchema.parse((await t.app.inject({ url: '/api/sectors/gamefi' })).json());
    expect(detail.sector.lowConfidence).toBe(true);
  });

  test('sector TVL sums the members that hold one, with the oldest value’s provenance; none → null, never 0', async () => {
    const { items } = SectorListResponseSchema.parse((await t.app.inject({ url: '/api/sectors' })).json());
    const byId = Object.fromEntries(items.map((s) => [s.id, s]));

    expect(byId.defi).toMatchObject({
      totalTvl: 5e9,
      tvlProjectCount: 2,
      tvlSource: { source: 'defillama', asOf: '2026-11-27T03:00:00.000Z' },
    });
    expect(byId.gamefi).toMatchObject({ totalTvl: null, tvlProjectCount: 0, tvlSource: null });
    const detail = SectorDetailResponseSchema.parse((await t.app.inject({ url: '/api/sectors/defi' })).json());
    expect(detail.sector.totalTvl).toBe(5e9);
  });

  test('a sector detail lists its projects by heat, paged, matched case-insensitively', async () => {
    const res = await t.app.inject({ url: '/api/sectors/DEFI?limit=2&offset=1' });

    const body = SectorDetailResponseSchema.parse(res.json());
    expect(body.sector.name).toBe('DeFi');
    expect(body.projects.items.map((p) => p.id)).toEqual(['defi-c', 'defi-b']);
    expect(body.projects).toMatchObject({ total: 4, limit: 2, offset: 1 });
  });

  test('unknown sector → 404 SECTOR_NOT_FOUND; bad paging → 400', async () => {
    const missing = await t.app.inject({ url: '/api/sectors/nope', headers: { 'accept-language': 'en' } });
    const bad = await t.app.inject({ url: '/api/sectors/defi?limit=-5' });

    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'SECTOR_NOT_FOUND', message: 'Sector "nope" not found' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  // On PostgreSQL each call has its own connection: parallel recounts rewrite the same sector rows (a deadlock before
  // they took turns: 102 of 250 failed). Every call succeeds and the counts are the ones a single recount gives.
  test('50 recounts at once all succeed with the same counts', async () => {
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => refreshSectorAggregates(t.db)));

    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const body = SectorListResponseSchema.parse((await t.app.inject({ url: '/api/sectors' })).json());
    expect(body.items.find((s) => s.id === 'defi')?.projectCount).toBe(4);
  });
});
