import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ProjectHeatResponseSchema } from '../../../shared/api/heat.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';

// The score breakdown ranks each raw input within the project's sector and its market-cap band, from the stored
// projects, with ties sharing a mid-rank percentile and a cohort too small to rank in saying so.

describe('cohort percentiles in GET /api/projects/:id/heat', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    await insertSector(t.db, { id: 'layer1', name: 'Layer1' });
    await insertSector(t.db, { id: 'defi', name: 'DeFi' });
    // Ten Layer1 projects with 1k…10k followers; market caps 2e9 (large band) for the first six, 2e8 (mid) after.
    for (let i = 1; i <= 10; i++) {
      await insertProject(t.db, {
        id: `l1-${i}`,
        name: `L1 ${i}`,
        category: 'Layer1',
        followersTwitter: i * 1_000,
        marketCap: i <= 6 ? 2e9 : 2e8,
        volume24h: i === 10 ? null : 1e6,
      });
    }
    // Two DeFi projects in the large band with more followers than any Layer1, and one tie with l1-3.
    await insertProject(t.db, { id: 'd-1', name: 'D1', category: 'DeFi', followersTwitter: 50_000, marketCap: 3e9 });
    await insertProject(t.db, { id: 'd-2', name: 'D2', category: 'DeFi', followersTwitter: 3_000, marketCap: 3e9 });
    await insertProject(t.db, { id: 'lonely', name: 'Lonely', category: 'DeFi', devStars: 10 });
  });
  afterAll(() => t.close());

  const heat = async (id: string) =>
    ProjectHeatResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/projects/${id}/heat` })).json())
      .cohorts;

  test('ranks an input within the sector and within the market-cap band', async () => {
    const top = await heat('l1-6');
    expect(top.sector).toBe('Layer1');
    expect(top.capBand).toEqual({ band: 'large', from: 1e9, to: 1e10 });
    // Sector: 5 of 10 below 6k, itself equal → (5 + 0.5) / 10.
    expect(top.inputs.twitterFollowers?.sector).toEqual({ percentile: 55, peers: 10 });
    // Large band: l1-1…l1-6, d-1, d-2 (8 peers); below 6k: l1-1…5 and d-2 (3k) = 6 → (6 + 0.5) / 8.
    expect(top.inputs.twitterFollowers?.capBand).toEqual({ percentile: 81.25, peers: 8 });
  });

  test('ties share one percentile; inputs without data are absent', async () => {
    const tie = await heat('l1-3');
    // Band: below 3k are l1-1, l1-2 (2); equal are l1-3 and d-2 (2) → (2 + 1) / 8.
    expect(tie.inputs.twitterFollowers?.capBand?.percentile).toBe(37.5);
    const noVolume = await heat('l1-10');
    expect(noVolume.inputs.volume24hUsd).toBeUndefined();
    expect(noVolume.inputs.twitterFollowers?.sector.percentile).toBe(95);
    // l1-10's band is mid (l1-7…l1-10: 4 projects, fewer than the 5 a percentile needs).
    expect(noVolume.capBand?.band).toBe('mid');
    expect(noVolume.inputs.twitterFollowers?.capBand).toEqual({ percentile: null, peers: 4 });
  });

  test('a project without a market cap has no band, and a lone input no sector percentile', async () => {
    const lonely = await heat('lonely');
    expect(lonely.capBand).toBeNull();
    expect(lonely.inputs.stars).toEqual({ sector: { percentile: null, peers: 1 }, capBand: null });
  });

  test('an unknown project is 404, not a percentile of nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/nope/heat' });
    expect(res.statusCode).toBe(404);
  });
});
