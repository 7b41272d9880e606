import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SearchFacetsResponse, SearchResponse } from '../../../shared/api/search.schema.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { creditPoints } from '../points/points.service.ts';
import { prepareText, selectSuggestions } from './search.queries.ts';

// What the search does for speed at 100k (docs/search.md, Performance) must not change what it answers.
describe('search speed paths: suggestions from the prefix indexes, shared facet counts', () => {
  let t: TestApp;
  let vip: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    const v = await signUpAgent(t.app, 'speed-vip@example.com');
    await creditPoints(t.db, { userId: v.me.user!.id, amount: 5000, reason: 'admin.adjust' });
    vip = v.agent;
  });
  afterAll(() => t.close());

  /** The suggestion order as one full sort of every match: what the pruned query must reproduce exactly. */
  const fullSort = (q: string, fuzzy: boolean) =>
    queryRows<{ id: string }>(
      t.db,
      sql`SELECT p.id FROM projects p JOIN project_scores s ON s.project_id = p.id
        WHERE lower(p.name) LIKE ${`${q}%`} OR lower(p.symbol) LIKE ${`${q}%`} ${fuzzy ? sql`OR p.name % ${q}` : sql``}
        ORDER BY CASE WHEN lower(p.symbol) = ${q} OR lower(p.name) = ${q} THEN 0
            WHEN lower(p.name) LIKE ${`${q}%`} OR lower(p.symbol) LIKE ${`${q}%`} THEN 1 ELSE 2 END,
          greatest(similarity(p.name, ${q}), similarity(coalesce(p.symbol, ''), ${q})) DESC,
          s.heat_score DESC NULLS LAST, p.id
        LIMIT 8`,
    );

  test('suggestions equal a full sort of every match, ties on similarity broken by heat', async () => {
    for (const q of ['a', 'u', 'un', 'uni', 'e', 'et', 'eth', 'ethe', 'bit', 'so', 'x', 'etherium', 'zzzz']) {
      for (const fuzzy of [false, true]) {
        const got = await selectSuggestions(t.db, prepareText(q), 8, fuzzy);
        expect(
          got.map((r) => r.id),
          `${q} fuzzy=${fuzzy}`,
        ).toEqual((await fullSort(q, fuzzy)).map((r) => r.id));
        for (const row of got)
          expect(Object.keys(row).sort()).toEqual(['heatScore', 'id', 'logoUrl', 'name', 'symbol']);
      }
    }
  });

  test('a prefix with LIKE wildcards matches them literally', async () => {
    expect(await selectSuggestions(t.db, prepareText('%'), 8, false)).toEqual([]);
    expect(await selectSuggestions(t.db, prepareText('_'), 8, false)).toEqual([]);
  });

  test('identical searches share their facet counts until a data change drops them; the total is always fresh', async () => {
    const search = async () => {
      const res = await vip.request({ method: 'GET', url: '/api/search?category=DeFi&heatMin=0' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SearchResponse;
    };
    const counts = async () => {
      const res = await vip.request({ method: 'GET', url: '/api/search/facets?category=DeFi&heatMin=0' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as SearchFacetsResponse;
    };
    const first = await search();
    expect(first.total).toBeGreaterThan(1);
    expect((await counts()).total).toBe(first.total);
    // A write that publishes nothing: the counts stay those of the first search (within FACETS_TTL_MS)…
    const [moved] = await queryRows<{ id: string }>(
      t.db,
      sql`UPDATE projects SET category = 'Infrastructure' WHERE id = ${first.items[0]!.id} RETURNING id`,
    );
    expect(moved).toBeDefined();
    expect((await counts()).total).toBe(first.total);
    const second = await search();
    expect(second.total).toBe(first.total - 1); // the page and its total are always fresh
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
    // …and the next data-change event drops them.
    await t.events.publish({ type: 'projects.updated', ids: [first.items[0]!.id] });
    const third = await counts();
    expect(third.total).toBe(first.total - 1);
    expect(third.facets.category.find((f) => f.value === 'DeFi')?.count).toBe(first.total - 1);
  });
});
