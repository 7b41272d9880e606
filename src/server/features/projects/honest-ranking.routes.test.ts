import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PlatformListResponseSchema } from '../../../shared/api/platforms.schema.ts';
import { type ProjectListItem, ProjectListResponseSchema } from '../../../shared/api/projects.schema.ts';
import { SectorDetailResponseSchema, SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import { StatsResponseSchema } from '../../../shared/api/system.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import { recomputeHeat } from '../heat/recompute.service.ts';

// "rank what we know": a project below the minimum evidence rule has no heat score and never outranks a
// scored one — in project lists (both orders, filtered or not), sector aggregates, "top" widgets and counts. Scores
// here come from a real recompute of real inputs, not from fixtures.

const T0 = new Date('2026-11-01T12:00:00.000Z');
let t: TestApp;

/** The weakest possible scored project: tiny numbers everywhere, old (age factor 0.8), so its heat is far below 50. */
const weak = { marketCap: 1.1e6, volume24h: 1e3, priceChange24h: -19, listedAt: new Date('2015-01-01') };

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
  await insertSector(t.db, { id: 'defi', name: 'DeFi' });
  await insertSector(t.db, { id: 'socialfi', name: 'SocialFi' });
  await insertSector(t.db, { id: 'ghost', name: 'Ghost' });
  // DeFi: two scored projects with modest heat, one unscored.
  await insertProject(t.db, { id: 'uniswap', category: 'DeFi', chains: ['Ethereum'], ...weak, marketCap: 6e9 });
  await insertProject(t.db, { id: 'weak-dex', category: 'DeFi', chains: ['Ethereum'], ...weak });
  await insertProject(t.db, { id: 'no-data-dex', category: 'DeFi', chains: ['Ethereum'] });
  // SocialFi: one scored project and eleven without data (the "SocialFi leads on 50.0 defaults + size bonus" case).
  await insertProject(t.db, { id: 'friend', category: 'SocialFi', chains: ['Base'], ...weak });
  for (let i = 0; i < 11; i++) {
    await insertProject(t.db, { id: `social-empty-${String(i).padStart(2, '0')}`, category: 'SocialFi' });
  }
  // One signal only: still not scored.
  await insertProject(t.db, { id: 'cap-only', category: 'SocialFi', chains: ['Base'], marketCap: 9e11 });
  // Ghost: members, none scored.
  await insertProject(t.db, { id: 'ghost-1', category: 'Ghost', chains: ['Solana'] });
  await recomputeHeat(t.db, { now: T0 });
  t.cache.invalidate();
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/projects${query}` });
  expect(res.statusCode).toBe(200);
  return ProjectListResponseSchema.parse(res.json());
};
const SCORED = ['uniswap', 'weak-dex', 'friend'];
/** Every scored project comes before every other one, and the others have no heat score. */
const expectScoredFirst = (items: ProjectListItem[]) => {
  const isScored = items.map((p) => SCORED.includes(p.id));
  const lastScored = isScored.lastIndexOf(true);
  const firstUnscored = isScored.indexOf(false);
  if (lastScored !== -1 && firstUnscored !== -1) expect(lastScored).toBeLessThan(firstUnscored);
  expect(items.filter((p) => !SCORED.includes(p.id)).every((p) => p.heatScore === null)).toBe(true);
};

describe('the recompute scores only projects with enough evidence', () => {
  test('scored projects have a heat below 50 here, so a neutral 50 would have outranked them', async () => {
    const body = await list('?limit=100&scored=true');

    expect(body.items.map((p) => p.id).sort()).toEqual([...SCORED].sort());
    expect(body.total).toBe(3);
    for (const p of body.items) {
      expect(p.heatScore).toBeLessThan(50);
      expect(p.status).toBe('active');
      expect(p.evidenceCount).toBeGreaterThanOrEqual(2);
    }
  });

  test('scored=false lists the rest: heat and status null, with their evidence count', async () => {
    const body = await list('?limit=100&scored=false');

    expect(body.total).toBe(14);
    expect(body.items.every((p) => p.heatScore === null && p.status === null)).toBe(true);
    expect(body.items.find((p) => p.id === 'cap-only')?.evidenceCount).toBe(1);
    expect(body.items.find((p) => p.id === 'no-data-dex')?.evidenceCount).toBe(0);
  });
});

describe('GET /api/projects never ranks an unscored project above a scored one', () => {
  test.each([
    { query: '?limit=100' },
    { query: '?limit=100&order=desc' },
    { query: '?limit=100&order=asc' },
    { query: '?limit=100&sort=heat&order=asc&category=DeFi' },
    { query: '?limit=100&sort=heat&order=desc&category=defi' },
    { query: '?limit=100&order=asc&category=SocialFi' },
    { query: '?limit=100&order=asc&chain=Base' },
  ])('$query', async ({ query }) => {
    const body = await list(query);

    expectScoredFirst(body.items);
    const scored = body.items.filter((p) => p.heatScore !== null).map((p) => p.heatScore as number);
    const asc = query.includes('order=asc');
    expect(scored).toEqual([...scored].sort((a, b) => (asc ? a - b : b - a)));
  });

  test('heat descending: the three scored projects, then the unscored ones by id', async () => {
    const body = await list('?limit=100');

    expect(body.items[0]?.id).toBe('uniswap');
    expect(body.items.slice(0, 3).every((p) => p.heatScore !== null)).toBe(true);
    const rest = body.items.slice(3).map((p) => p.id);
    expect(rest).toEqual([...rest].sort()); // all null: ties broken by id
    expect(rest).toHaveLength(14);
  });

  test('heat ascending, paged across the boundary: the last scored project, then unscored', async () => {
    const page = await list('?order=asc&limit=2&offset=2');

    expect(page.items[0]?.id).toBe('uniswap'); // the hottest is last among the scored in ascending order
    expect(page.items[1]?.heatScore).toBeNull();
  });

  test('the home "top" widgets ask for scored=true: no unscored project, whatever the page size', async () => {
    const top = await list('?sort=heat&order=desc&limit=20&scored=true');

    expect(top.items.map((p) => p.id)).toEqual(['uniswap', ...top.items.slice(1).map((p) => p.id)]);
    expect(top.items.every((p) => p.heatScore !== null)).toBe(true);
    expect(top.items).toHaveLength(3);
  });

  test('scored is validated', async () => {
    const res = await t.app.inject({ url: '/api/projects?scored=maybe' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('sector aggregates count scored members only', () => {
  test('/api/sectors: a sector of no-data members does not lead; one with none scored has no heat and comes last', async () => {
    const body = SectorListResponseSchema.parse((await t.app.inject({ url: '/api/sectors' })).json());

    const byId = Object.fromEntries(body.items.map((s) => [s.id, s]));
    expect(body.items.map((s) => s.id)).toEqual(['defi', 'socialfi', 'ghost']);
    // SocialFi: 13 members, 1 scored → no size bonus, heat from friend alone; its no-data members add nothing.
    expect(byId.socialfi).toMatchObject({ projectCount: 13, scoredCount: 1 });
    expect(byId.socialfi?.heatScore).toBeLessThan(50);
    expect(byId.socialfi?.topProjects.map((p) => p.id)).toEqual(['friend']);
    expect(byId.defi).toMatchObject({ projectCount: 3, scoredCount: 2 });
    expect(byId.defi?.topProjects.map((p) => p.id)).toEqual(['uniswap', 'weak-dex']);
    expect(byId.ghost).toMatchObject({ heatScore: null, scoredCount: 0, topProjects: [], concentration: null });
  });

  test('/api/sectors/:id lists its scored projects by heat, then its unscored ones', async () => {
    const res = await t.app.inject({ url: '/api/sectors/socialfi?limit=100' });

    const body = SectorDetailResponseSchema.parse(res.json());
    expect(body.projects.items[0]?.id).toBe('friend');
    expectScoredFirst(body.projects.items);
  });

  test('/api/platforms: averages and top 3 over scored projects; a platform with none scored has avgHeat null', async () => {
    const body = PlatformListResponseSchema.parse((await t.app.inject({ url: '/api/platforms' })).json());

    const base = body.items.find((p) => p.name === 'Base');
    const solana = body.items.find((p) => p.name === 'Solana');
    expect(base?.topProjects.map((p) => p.id)).toEqual(['friend']);
    expect(base?.avgHeat).toBeLessThan(50);
    expect(solana).toMatchObject({ avgHeat: null, topProjects: [] });
  });
});

describe('trending counts and public stats count scored projects only', () => {
  test('a gain makes a scored project trending; an unscored project never is, and never counts', async () => {
    await t.db.execute(sql`UPDATE projects SET market_cap = 5e11, volume_24h = 1e10 WHERE id = 'uniswap'`);
    // Unscored projects gain nothing either, even when a single signal jumps.
    await t.db.execute(sql`UPDATE projects SET market_cap = 1e12 WHERE id = 'cap-only'`);
    const result = await recomputeHeat(t.db, { now: new Date(T0.getTime() + DAY_MS) });
    t.cache.invalidate();

    expect(result).toMatchObject({ scored: 3, unscored: 14 });
    expect(result.statuses.trending).toBe(1);
    const stats = StatsResponseSchema.parse((await t.app.inject({ url: '/api/stats' })).json());
    const scored = await list('?limit=100&scored=true');
    const mean = scored.items.reduce((s, p) => s + (p.heatScore as number), 0) / scored.items.length;
    expect(stats).toMatchObject({ totalProjects: 17, scoredProjects: 3, trendingToday: 1 });
    expect(stats.heatIndex).toBeCloseTo(mean, 1); // the mean of the scored, not pulled towards 50 by 14 defaults
    const trending = await list('?status=trending');
    expect(trending.items.map((p) => p.id)).toEqual(['uniswap']);
  });

  test('a leftover status on an unscored row (e.g. written before migration 0011) is not counted', async () => {
    await t.db.execute(sql`UPDATE project_scores SET status = 'trending' WHERE project_id = 'ghost-1'`);
    t.cache.invalidate();

    const stats = StatsResponseSchema.parse((await t.app.inject({ url: '/api/stats' })).json());

    expect(stats.trendingToday).toBe(1);
    await t.db.execute(sql`UPDATE project_scores SET status = NULL WHERE project_id = 'ghost-1'`);
  });
});
