import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SearchFacetsResponse, SearchResponse } from '../../../shared/api/search.schema.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAgent } from '../auth/auth.test-support.ts';
import { findAliasHits } from '../catalogue/aliases.service.ts';
import { creditPoints } from '../points/points.service.ts';
import {
  commonPrefixSuggestionsSql,
  prepareText,
  refreshSuggestPrefixes,
  selectStoredSuggestions,
  selectSuggestions,
} from './search.queries.ts';
import { suggest } from './search.service.ts';

// What the search does for speed at 100k (docs/search.md, Performance) must not change what it answers.
describe('search speed paths: suggestions (stored lists, heat walk, prefix indexes), the facets request', () => {
  let t: TestApp;
  let vip: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    const v = await signUpAgent(t.app, 'speed-vip@example.com');
    await creditPoints(t.db, { userId: v.me.user!.id, amount: 5000, reason: 'admin.adjust' });
    vip = v.agent;
  });
  afterAll(() => t.close());

  /**
   * The suggestion order as one full sort of every match: what every plan must reproduce exactly. With `aliases`, the
   * projects whose alias equals q rank as exact names and those whose alias starts with q as prefix names (suggest).
   */
  const fullSort = (q: string, fuzzy: boolean, aliases: { exact: string[]; prefix: string[] } = NO_ALIASES) => {
    const idList = (ids: string[]) =>
      ids.length > 0
        ? sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )
        : sql`NULL`;
    const exact = sql`(lower(p.symbol) = ${q} OR lower(p.name) = ${q} OR p.id IN (${idList(aliases.exact)}))`;
    const prefix = sql`(lower(p.name) LIKE ${`${q}%`} OR lower(p.symbol) LIKE ${`${q}%`}
      OR p.id IN (${idList([...aliases.exact, ...aliases.prefix])}))`;
    return queryRows<{ id: string }>(
      t.db,
      sql`SELECT p.id FROM projects p JOIN project_scores s ON s.project_id = p.id
        WHERE ${prefix} ${fuzzy ? sql`OR p.name % ${q}` : sql``}
        ORDER BY CASE WHEN ${exact} THEN 0 WHEN ${prefix} THEN 1 ELSE 2 END,
          CASE WHEN ${prefix} THEN 1
            ELSE greatest(similarity(p.name, ${q}), similarity(coalesce(p.symbol, ''), ${q})) END DESC,
          s.heat_score DESC NULLS LAST, p.id
        LIMIT 8`,
    );
  };
  const NO_ALIASES = { exact: [], prefix: [] };
  const PREFIXES = ['a', 'u', 'un', 'uni', 'e', 'et', 'eth', 'ethe', 'bit', 'so', 's', 'c', 'x', 'etherium', 'zzzz'];
  const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

  test('live suggestions equal a full sort of every match: exact first, then prefix by heat, then similar names', async () => {
    for (const q of PREFIXES) {
      for (const fuzzy of [false, true]) {
        const got = await selectSuggestions(t.db, prepareText(q), 8, fuzzy);
        expect(idsOf(got), `${q} fuzzy=${fuzzy}`).toEqual(idsOf(await fullSort(q, fuzzy)));
        for (const row of got)
          expect(Object.keys(row).sort()).toEqual(['heatScore', 'id', 'logoUrl', 'name', 'symbol']);
      }
      // The plan for a common prefix (the heat-index walk) gives the same order as ranking every match.
      const walked = await queryRows<{ id: string }>(t.db, commonPrefixSuggestionsSql(prepareText(q), 8));
      expect(idsOf(walked), `${q} walked`).toEqual(idsOf(await fullSort(q, false)));
    }
  });

  test('stored prefix lists are exactly the live answer, and only provable prefixes are stored', async () => {
    // A small pool (the 60 hottest) stores few prefixes and must leave out those whose top 8 it cannot prove.
    const counts: number[] = [];
    for (const pool of [60, 150, 100_000]) {
      counts.push(await refreshSuggestPrefixes(t.db, new Date(), { pool, limit: 8 }));
      const prefixes = await queryRows<{ prefix: string }>(t.db, sql`SELECT prefix FROM search_suggest_prefixes`);
      for (const { prefix } of prefixes) {
        const got = await selectStoredSuggestions(t.db, prepareText(prefix), 8);
        expect('items' in got && idsOf(got.items), `${prefix} pool ${pool}`).toEqual(
          idsOf(await fullSort(prefix, false)),
        );
      }
    }
    expect(counts[2]).toBeGreaterThan(counts[0]!);
    expect(counts[2]).toBeGreaterThan(10);
    // Through the service (stored or live), every prefix answers like the full sort, typo fallback included.
    // Aliases (Ether, Ethereum Name Service…) rank with the names that equal or start with q.
    for (const q of [...PREFIXES, '以太', 'rip', '波']) {
      const aliases = findAliasHits(q);
      const live = await fullSort(q, false, aliases);
      const expected = live.length < 8 ? await fullSort(q, true, aliases) : live;
      expect(idsOf((await suggest(t.db, q)).items), q).toEqual(idsOf(expected));
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
