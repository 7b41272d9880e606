import { and, type SQL } from 'drizzle-orm';
import type { ProjectListItem } from '../../../shared/api/projects.schema.ts';
import {
  SEARCH_FILTERS,
  type SearchFacets,
  type SearchFacetsResponse,
  type SearchQuery,
  type SearchResponse,
  SUGGEST_LIMIT,
  type SuggestResponse,
} from '../../../shared/api/search.schema.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { type ResponseCache, readCachedJson } from '../../plugins/response-cache.ts';
import { findAliasHits } from '../catalogue/aliases.service.ts';
import { toProjectListItem } from '../projects/projects.service.ts';
import { consumeQuota, type QuotaSubject } from '../quotas/quotas.service.ts';
import {
  type CategoryColumn,
  countMatches,
  filterWhere,
  prepareText,
  refreshSuggestPrefixes,
  relevanceOrder,
  type SearchFilters,
  type SearchSort,
  type SearchText,
  type SuggestionRow,
  selectFacets,
  selectSearchPage,
  selectSearchPageWithTotal,
  selectSectorByIdOrName,
  selectSectorNamedBy,
  selectStoredSuggestions,
  selectSuggestions,
  selectSuggestionsByIds,
  sortOrder,
  textMatch,
  withSearchPlanner,
} from './search.queries.ts';

/** How long a search's facet counts may be reused; every data-change event drops them sooner. */
export const FACETS_TTL_MS = 60_000;

export type SearchFacetsOptions = {
  /**
   * The process's response cache: when given, the facet counts of a search (they count every match) are shared by
   * identical searches until the next data change (heat.recomputed, projects.updated…) or FACETS_TTL_MS.
   */
  cache?: Pick<ResponseCache, 'getOrCompute'>;
};

/**
 * One executed search (docs/search.md): the page of results and the exact total. The order matters: a refused filter
 * counts nothing, and the quota is counted BEFORE the query runs, so 50 parallel searches cannot all slip in before
 * the counter moves. The facet counts are not part of it: the page asks GET /api/search/facets for them in parallel
 * (searchFacets), since counting every match per sector, chain and status costs more than the page itself. The quota
 * is counted on `db` (the primary); the search reads `readDb` (a read replica when one is usable, default `db`).
 */
export async function runSearch(
  db: Db,
  who: QuotaSubject,
  query: SearchQuery,
  now: Date,
  timeZone: string,
  readDb: Db = db,
): Promise<SearchResponse> {
  assertFilters(who.viewer, query);
  const quota = await consumeQuota(db, who, 'dailySearches', now, timeZone);
  // The quota is counted on the primary; the search itself reads what every visitor shares (a replica when usable).
  const { text, filters, sort, order } = await prepareSearch(readDb, query);
  const categoryOn: CategoryColumn = text ? 'projects' : 'scores';
  const run = async (match: SQL | undefined) => {
    const where = and(match, filterWhere(filters, undefined, categoryOn));
    if (!text) {
      // The heat-sorted page walks an index and stops at `limit`: the count is its own statement, run beside it.
      return Promise.all([
        withSearchPlanner(readDb, (tx) => selectSearchPage(tx, where, order, query)),
        withSearchPlanner(readDb, (tx) => countMatches(tx, match, filters, categoryOn)),
      ]);
    }
    const page = await withSearchPlanner(readDb, (tx) => selectSearchPageWithTotal(tx, where, order, query));
    const total =
      page.total ??
      (query.offset > 0 ? await withSearchPlanner(readDb, (tx) => countMatches(tx, match, filters, categoryOn)) : 0);
    return [page.rows, total] as const;
  };
  let [rows, total] = await run(text ? textMatch(text) : undefined);
  // Typo tolerance: only when the words themselves find nothing (`etherium` → Ethereum).
  if (text && total === 0) [rows, total] = await run(textMatch(text, true));
  return {
    items: rows.map(toProjectListItem),
    total,
    limit: query.limit,
    offset: query.offset,
    sort,
    quota: { used: quota.used, limit: quota.limit, resetsAt: quota.resetsAt.toISOString() },
  };
}

/**
 * The facet counts of a search (GET /api/search/facets): per sector, chain and status, each with every filter but its
 * own, and the total they add up to. Same feature check as the search, never counted (the search it belongs to was),
 * the same typo fallback (the fuzzy match when the words find nothing). Shared through the response cache.
 */
export async function searchFacets(
  db: Db,
  viewer: Viewer,
  query: Omit<SearchQuery, 'limit' | 'offset'>,
  options: SearchFacetsOptions = {},
): Promise<SearchFacetsResponse> {
  assertFilters(viewer, query);
  const { text, filters } = await prepareSearch(db, query);
  const compute = async (): Promise<SearchFacetsResponse> => {
    let result = toFacets(await selectFacets(db, text ? textMatch(text) : undefined, filters));
    if (text && result.total === 0) result = toFacets(await selectFacets(db, textMatch(text, true), filters));
    return result;
  };
  if (!options.cache) return compute();
  const cached = await options.cache.getOrCompute(searchFacetsCacheKey(query.q, filters), compute, FACETS_TTL_MS);
  return readCachedJson<SearchFacetsResponse>(cached);

  /** Facet rows by facet, most frequent first (then by value), and the total (see SearchFacetsSchema). */
  function toFacets(rows: Awaited<ReturnType<typeof selectFacets>>): SearchFacetsResponse {
    const facets: SearchFacets = { category: [], chain: [], status: [] };
    for (const row of rows) facets[row.facet].push({ value: row.value, count: row.count });
    for (const list of Object.values(facets)) list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    // Every project has exactly one primary sector, so the sector facet (all other filters applied) holds the total.
    const total = filters.category
      ? (facets.category.find((f) => f.value === filters.category)?.count ?? 0)
      : facets.category.reduce((sum, f) => sum + f.count, 0);
    return { total, facets };
  }
}

/** Every filter but the text is a premium custom filter (refused before anything is counted or run). */
function assertFilters(viewer: Viewer, query: Omit<SearchQuery, 'limit' | 'offset'>): void {
  if (SEARCH_FILTERS.some((f) => query[f] !== undefined)) assertCanUse(viewer, 'custom_filters');
}

type PreparedSearch = { text?: SearchText; filters: SearchFilters; sort: SearchSort; order: SQL[] };

/** The text, the filters (sector resolved, dates parsed) and the order of a search: runSearch's and the alerts'. */
async function prepareSearch(db: Db, query: Omit<SearchQuery, 'limit' | 'offset'>): Promise<PreparedSearch> {
  const text = query.q
    ? prepareText(query.q, { aliases: findAliasHits(query.q), sector: await selectSectorNamedBy(db, query.q) })
    : undefined;
  const filters: SearchFilters = {
    ...query,
    // A sector given by id or name in any case, like the directory; an unknown one matches nothing.
    category: query.category ? ((await selectSectorByIdOrName(db, query.category)) ?? query.category) : undefined,
    listedSince: query.listedSince ? new Date(`${query.listedSince}T00:00:00Z`) : undefined,
  };
  const sort = query.sort ?? (text ? 'relevance' : 'heat');
  const order = sort !== 'relevance' ? sortOrder(sort) : text ? relevanceOrder(text) : sortOrder('heat');
  return { text, filters, sort, order };
}

/**
 * The top `limit` matches of a search, in its order, for the server's own use (search alerts): no feature check and
 * NOT counted against any quota (the caller decides who may run it). No facets; the typo fallback as in runSearch.
 */
export async function listSearchMatches(
  db: Db,
  query: Omit<SearchQuery, 'limit' | 'offset'>,
  limit: number,
): Promise<{ id: string; name: string; heatScore: number | null }[]> {
  const { text, filters, order } = await prepareSearch(db, query);
  const categoryOn: CategoryColumn = text ? 'projects' : 'scores';
  const run = (match: SQL | undefined) =>
    selectSearchPage(db, and(match, filterWhere(filters, undefined, categoryOn)), order, { limit, offset: 0 });
  let rows = await run(text ? textMatch(text) : undefined);
  if (text && rows.length === 0) rows = await run(textMatch(text, true));
  return rows.map((r) => ({ id: r.id, name: r.name, heatScore: r.heatScore }));
}

/**
 * Every match of a search in its order, read lazily in pages of `pageSize` (exports): at most `limit` rows (null:
 * all), never more than one page in memory; `total` counts every match. The feature check of the search itself
 * (custom filters are premium) but NOT counted against the search quota: the caller counts it as an export. Pages
 * are OFFSET pages, since the relevance order has no key to seek on; the caller's row cap bounds their depth.
 */
export async function readSearchMatches(
  db: Db,
  viewer: Viewer,
  query: Omit<SearchQuery, 'limit' | 'offset'>,
  limit: number | null,
  pageSize = 500,
): Promise<{ total: number; rows: AsyncIterable<ProjectListItem> }> {
  assertFilters(viewer, query);
  const { text, filters, order } = await prepareSearch(db, query);
  const categoryOn: CategoryColumn = text ? 'projects' : 'scores';
  let match = text ? textMatch(text) : undefined;
  let total = await countMatches(db, match, filters, categoryOn);
  // The same typo fallback as runSearch: the fuzzy match only when the words find nothing.
  if (text && total === 0) {
    match = textMatch(text, true);
    total = await countMatches(db, match, filters, categoryOn);
  }
  const where = and(match, filterWhere(filters, undefined, categoryOn));
  const wanted = limit === null ? total : Math.min(limit, total);
  async function* rows(): AsyncIterable<ProjectListItem> {
    for (let offset = 0; offset < wanted; offset += pageSize) {
      const page = await selectSearchPage(db, where, order, { limit: Math.min(pageSize, wanted - offset), offset });
      for (const row of page) yield toProjectListItem(row);
      if (page.length === 0) return;
    }
  }
  return { total, rows: rows() };
}

/**
 * Suggestions as you type: top 8 by name/symbol/alias, free and never counted (search.queries.ts has the order). A
 * common prefix reads its stored list (refreshSearchSuggestions); otherwise the matches are ranked live. Names within
 * typo distance only when fewer than 8 start with q (a common prefix already fills the list); when the prefix indexes
 * count fewer than 8 matches, straight to that query (it ranks the prefix matches first all the same). Aliases
 * (以太坊 for `以太`, Ripple for `rip`) are merged in by the same order: an exact alias ranks as an exact name, an alias
 * that starts with q as a name that does.
 */
export async function suggest(db: Db, q: string): Promise<SuggestResponse> {
  const text = prepareText(q);
  const hits = findAliasHits(q);
  const [byName, byAlias] = await Promise.all([
    suggestByName(db, text),
    selectSuggestionsByIds(db, [...hits.exact, ...hits.prefix]),
  ]);
  if (byAlias.length === 0) return { items: byName };
  return { items: mergeAliasSuggestions(text.q, byName, byAlias, new Set(hits.exact)).slice(0, SUGGEST_LIMIT) };
}

async function suggestByName(db: Db, text: SearchText): Promise<SuggestionRow[]> {
  const stored = await selectStoredSuggestions(db, text, SUGGEST_LIMIT);
  if ('items' in stored) return stored.items;
  const matches = stored.prefixMatches;
  if (matches >= SUGGEST_LIMIT) {
    const items = await selectSuggestions(db, text, SUGGEST_LIMIT, false, matches);
    if (items.length === SUGGEST_LIMIT) return items;
  }
  return selectSuggestions(db, text, SUGGEST_LIMIT, true);
}

/**
 * The name suggestions (already in order: exact, prefix by heat, then similar names) with the alias matches put where
 * the same order places them. The name list holds the top 8 of its own matches, so the top 8 of the union are among
 * the two lists; the similar names (class 2) keep their similarity order after every exact and prefix match.
 */
export function mergeAliasSuggestions(
  q: string,
  byName: readonly SuggestionRow[],
  byAlias: readonly SuggestionRow[],
  exactAliases: ReadonlySet<string>,
): SuggestionRow[] {
  const needle = q.toLowerCase();
  const classOf = (row: SuggestionRow) => {
    const name = row.name.toLowerCase();
    const symbol = row.symbol?.toLowerCase();
    if (exactAliases.has(row.id) || name === needle || symbol === needle) return 0;
    if (byAlias.includes(row) || name.startsWith(needle) || symbol?.startsWith(needle)) return 1;
    return 2;
  };
  const seen = new Set(byName.map((row) => row.id));
  const rows = [...byName, ...byAlias.filter((row) => !seen.has(row.id))].map((row, place) => ({
    row,
    place,
    rank: classOf(byAlias.find((a) => a.id === row.id) ?? row),
  }));
  const heat = (row: SuggestionRow) => row.heatScore ?? Number.NEGATIVE_INFINITY;
  rows.sort(
    (a, b) =>
      a.rank - b.rank ||
      (a.rank === 2
        ? a.place - b.place
        : heat(b.row) - heat(a.row) || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0)),
  );
  return rows.map((r) => r.row);
}

/** Rewrites the stored suggestion lists of common prefixes from the current heat (after every recompute). */
export function refreshSearchSuggestions(db: Db, now: Date): Promise<number> {
  return refreshSuggestPrefixes(db, now, { limit: SUGGEST_LIMIT });
}

/** The response-cache key of a search's facet counts: its words and its filters as prepareSearch resolved them. */
function searchFacetsCacheKey(
  q: string | undefined,
  filters: Awaited<ReturnType<typeof prepareSearch>>['filters'],
): string {
  return `search-facets:${JSON.stringify([q ?? null, SEARCH_FILTERS.map((f) => filters[f] ?? null)])}`;
}

/** The response-cache key of the suggestions for a typed prefix. */
export function suggestCacheKey(q: string): string {
  return `suggest:${q}`;
}
