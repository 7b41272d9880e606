import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CohortPercentilesResponseSchema } from '../../../shared/api/methodology.schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';

let t: TestApp;
const ids: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  // DeFi: followers 10, 20, 30, 30, 40; market caps 5 M, 50 M, 60 M, 70 M, 2 B. AI: one project with 1 M followers.
  const defi = [
    [10, 5e6],
    [20, 5e7],
    [30, 6e7],
    [30, 7e7],
    [40, 2e9],
  ] as const;
  for (const [followersTwitter, marketCap] of defi) {
    ids.push((await insertProject(t.db, { category: 'DeFi', followersTwitter, marketCap })).id);
  }
  ids.push((await insertProject(t.db, { category: 'AI', followersTwitter: 1_000_000, marketCap: 8e7 })).id);
});
afterAll(() => t.close());

const get = async (id: string) => {
  const res = await t.app.inject({ url: `/api/projects/${id}/cohort-percentiles` });
  expect(res.statusCode).toBe(200);
  return CohortPercentilesResponseSchema.parse(res.json());
};

describe('GET /api/projects/:id/cohort-percentiles', () => {
  test('mid-rank percentile within the sector and within the market-cap band, ties counting half', async () => {
    const body = await get(ids[2] as string);

    expect(body.sector).toEqual({ id: 'DeFi', projects: 5 });
    expect(body.marketCapBand).toEqual({ id: '10m-100m', lo: 1e7, hi: 1e8, projects: 4 });
    const followers = body.items.find((i) => i.key === 'twitterFollowers');
    // Sector: 2 below, 2 equal (itself and the other 30) of 5 → 60. Band (50 M, 60 M, 70 M + AI's 80 M): 1 below,
    // 2 equal of 4 → 50.
    expect(followers).toEqual({
      key: 'twitterFollowers',
      raw: 30,
      sector: { percentile: 60, n: 5 },
      marketCapBand: { percentile: 50, n: 4 },
    });
  });

  test('an input the project has no value for has no standing (no data, never a 0th percentile)', async () => {
    const body = await get(ids[0] as string);

    const stars = body.items.find((i) => i.key === 'stars');
    expect(stars).toEqual({ key: 'stars', raw: null, sector: null, marketCapBand: null });
    expect(body.items.map((i) => i.key)).toHaveLength(18);
  });

  test('an unknown project is a 404 PROJECT_NOT_FOUND', async () => {
    const res = await t.app.inject({ url: '/api/projects/no-such-project/cohort-percentiles' });

    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PROJECT_NOT_FOUND');
  });
});
