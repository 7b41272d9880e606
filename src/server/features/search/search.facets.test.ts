import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type SearchQuery, SearchQuerySchema } from '../../../shared/api/search.schema.ts';
import type { Viewer } from '../../access/viewer-level.ts';
import { queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertProject } from '../../test/factories.ts';
import { findAliasHits } from '../catalogue/aliases.service.ts';
import { recomputeHeat } from '../heat/recompute.service.ts';
import { prepareText, textMatch } from './search.queries.ts';
import { searchFacets } from './search.service.ts';

// The facets read project_scores' copies of the sector and chains (migration 0055): their counts must stay those of a
// direct count over projects, through project edits and a recompute's rebuild of project_scores.

const VIP: Viewer = { userId: 'facets-vip', level: 'vip', actualLevel: 'vip', testLevel: null };

/** Filters-only, text, and filters on projects' own columns (which keep the join): each facet's every branch. */
const QUERIES = [
  'heatMin=0',
  'category=DeFi&chain=Ethereum&heatMin=40',
  'chain=Ethereum&status=active',
  'category=DeFi&status=new',
  'category=Infrastructure&heatMax=60',
  'q=protocol',
  'q=swap&category=DeFi&chain=Ethereum',
  'chain=Solana&verified=true',
  'category=DeFi&marketCapMin=1000000&heatMin=10',
];

type Counts = Record<'category' | 'chain' | 'status', Record<string, number>>;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await recomputeHeat(t.db, { now: new Date() });
});
afterAll(() => t.close());

const parse = (query: string) => SearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));

async function facetCounts(query: string): Promise<Counts> {
  const { facets } = await searchFacets(t.db, VIP, parse(query));
  const counts: Counts = { category: {}, chain: {}, status: {} };
  for (const facet of ['category', 'chain', 'status'] as const) {
    for (const { value, count } of facets[facet]) counts[facet][value] = count;
  }
  return counts;
}

/** The same counts straight from projects (its own category and chains), one GROUP BY per facet. */
async function directCounts(query: string): Promise<Counts> {
  const q: Omit<SearchQuery, 'limit' | 'offset'> = parse(query);
  const text = q.q ? textMatch(prepareText(q.q, { aliases: findAliasHits(q.q) })) : sql`true`;
  const range = (column: SQL, min?: number, max?: number) =>
    sql`(${min === undefined ? sql`true` : sql`${column} >= ${min}`}) AND (${max === undefined ? sql`true` : sql`${column} <= ${max}`})`;
  const base = sql`${text} AND ${range(sql`s.heat_score`, q.heatMin, q.heatMax)}
    AND ${range(sql`${projects.marketCap}`, q.marketCapMin, q.marketCapMax)}
    AND ${q.verified === undefined ? sql`true` : sql`${projects.isVerified} = ${q.verified}`}`;
  const category = q.category === undefined ? sql`true` : sql`${projects.category} = ${q.category}`;
  const chain = q.chain === undefined ? sql`true` : sql`${q.chain} = ANY(${projects.chains})`;
  const status = q.status === undefined ? sql`true` : sql`s.status = ${q.status}`;
  const from = sql`${projects} JOIN project_scores AS s ON s.project_id = ${projects.id}`;
  const rows = await queryRows<{ facet: keyof Counts; value: string; n: number }>(
    t.db,
    sql`SELECT 'category' AS facet, ${projects.category} AS value, count(*)::int AS n FROM ${from}
        WHERE ${base} AND ${chain} AND ${status} GROUP BY 2
      UNION ALL
      SELECT 'status', coalesce(s.status, 'unscored'), count(*)::int FROM ${from}
        WHERE ${base} AND ${category} AND ${chain} GROUP BY 2
      UNION ALL
      SELECT 'chain', c.value, count(*)::int FROM ${from} CROSS JOIN LATERAL unnest(${projects.chains}) AS c(value)
        WHERE ${base} AND ${category} AND ${status} GROUP BY 2`,
  );
  const counts: Counts = { category: {}, chain: {}, status: {} };
  for (const row of rows) counts[row.facet][row.value] = row.n;
  return counts;
}

async function expectExactCounts(when: string) {
  for (const query of QUERIES) {
    const direct = await directCounts(query);
    expect(await facetCounts(query), `${when}: ${query}`).toEqual(direct);
  }
}

/** Projects whose project_scores copy of the sector or chains differs from their own. */
const copiesOutOfStep = () =>
  queryRows<{ id: string }>(
    t.db,
    sql`SELECT p.id FROM projects p JOIN project_scores s ON s.project_id = p.id
      WHERE s.category <> p.category OR s.chains <> p.chains`,
  );

describe('search facets over project_scores copies of sector and chains', () => {
  test('equal a direct count over projects for filters only, text, and filters on projects columns', async () => {
    expect(Object.keys((await directCounts('heatMin=0')).chain).length).toBeGreaterThan(3);
    expect(await copiesOutOfStep()).toEqual([]);

    await expectExactCounts('as loaded');
  });

  test('follow a project whose chains or sector change, a new project, and a deleted one', async () => {
    const [first, second] = await t.db
      .select({ id: projects.id, chains: projects.chains })
      .from(projects)
      .where(sql`'Ethereum' = ANY(${projects.chains}) AND ${projects.category} = 'DeFi'`)
      .orderBy(projects.id)
      .limit(2);

    await t.db
      .update(projects)
      .set({ chains: ['Solana', 'Facetchain'] })
      .where(eq(projects.id, first!.id));
    await t.db.update(projects).set({ category: 'Infrastructure', chains: [] }).where(eq(projects.id, second!.id));
    await t.db.update(projects).set({ chains: sql`${projects.chains} || ARRAY['Facetchain']` });
    await insertProject(t.db, {
      id: 'facets-new',
      category: 'DeFi',
      chains: ['Ethereum', 'Facetchain'],
      heatScore: 70,
    });
    await t.db.delete(projects).where(sql`${projects.id} = (SELECT min(id) FROM projects WHERE category = 'AI')`);

    expect(await copiesOutOfStep()).toEqual([]);
    expect((await facetCounts('chain=Facetchain')).chain.Facetchain).toBeGreaterThan(1);
    await expectExactCounts('after edits');
  });

  test('stay exact after a recompute rebuilds project_scores, and after an edit of the rebuilt table', async () => {
    const run = await recomputeHeat(t.db, { now: new Date(Date.now() + 60_000), strategy: 'rebuild' });
    expect(run.strategy).toBe('rebuild');

    expect(await copiesOutOfStep()).toEqual([]);
    await expectExactCounts('after a rebuild');

    await t.db
      .update(projects)
      .set({ chains: ['Ethereum'] })
      .where(sql`${projects.id} = (SELECT max(id) FROM projects WHERE category = 'DeFi')`);
    expect(await copiesOutOfStep()).toEqual([]);
    await expectExactCounts('after an edit of the rebuilt table');
  });
});
