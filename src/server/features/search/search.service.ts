import { and } from 'drizzle-orm';
import {
  SEARCH_FILTERS,
  type SearchQuery,
  type SearchResponse,
  SUGGEST_LIMIT,
  type SuggestResponse,
} from '../../../shared/api/search.schema.ts';
import type { Db } from '../../db/client.ts';
import { assertCanUse } from '../membership/viewer-level.ts';
import { toProjectListItem } from '../projects/projects.service.ts';
import { consumeQuota, type QuotaSubject } from '../quotas/quotas.service.ts';
import {
  filterWhere,
  prepareText,
  relevanceOrder,
  type SearchFilters,
  selectFacet,
  selectSearchPage,
  selectSectorByIdOrName,
  selectSuggestions,
  sortOrder,
  textMatch,
} from './search.queries.ts';

/**
 * One executed search (docs/search.md). The order matters: a refused filter counts nothing, and the quota is counted
 * BEFORE the query runs, so 50 parallel searches cannot all slip in before the counter moves.
 */
export async function runSearch(
  db: Db,
  who: QuotaSubject,
  query: SearchQuery,
  now: Date,
  timeZone: string,
): Promise<SearchResponse> {
  if (SEARCH_FILTERS.some((f) => query[f] !== undefined)) assertCanUse(who.viewer, 'custom_filters');
  const quota = await consumeQuota(db, who, 'dailySearches', now, timeZone);
  const text = query.q ? prepareText(query.q) : undefined;
  const filters: SearchFilters = {
    ...query,
    // A sector given by id or name in any case, like the directory; an unknown one matches nothing.
    category: query.category ? ((await selectSectorByIdOrName(db, query.category)) ?? query.category) : undefined,
    listedSince: query.listedSince ? new Date(`${query.listedSince}T00:00:00Z`) : undefined,
  };
  const match = text ? textMatch(text) : undefined;
  const sort = query.sort ?? (text ? 'relevance' : 'heat');
  const order = sort !== 'relevance' ? sortOrder(sort) : text ? relevanceOrder(text) : sortOrder('heat');
  const [rows, category, chain, status] = await Promise.all([
    selectSearchPage(db, and(match, filterWhere(filters)), order, query),
    selectFacet(db, 'category', and(match, filterWhere(filters, 'category'))),
    selectFacet(db, 'chain', and(match, filterWhere(filters, 'chain'))),
    selectFacet(db, 'status', and(match, filterWhere(filters, 'status'))),
  ]);
  // Every project has exactly one primary sector, so the sector facet (all other filters applied) holds the total.
  const total = filters.category
    ? (category.find((f) => f.value === filters.category)?.count ?? 0)
    : category.reduce((sum, f) => sum + f.count, 0);
  return {
    items: rows.map(toProjectListItem),
    total,
    limit: query.limit,
    offset: query.offset,
    sort,
    facets: { category, chain, status },
    quota: { used: quota.used, limit: quota.limit, resetsAt: quota.resetsAt.toISOString() },
  };
}

/** Suggestions as you type: top 8 by name/symbol, free and never counted. */
export async function suggest(db: Db, q: string): Promise<SuggestResponse> {
  const items = await selectSuggestions(db, prepareText(q), SUGGEST_LIMIT);
  return { items };
}
