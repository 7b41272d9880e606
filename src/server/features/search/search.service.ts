import { SEARCH_FILTERS, type SearchQuery, type SearchResponse } from '../../../shared/api/search.schema.ts';
import type { Db } from '../../db/client.ts';
import { assertCanUse } from '../membership/viewer-level.ts';
import { listProjects } from '../projects/projects.service.ts';
import { consumeQuota, type QuotaSubject } from '../quotas/quotas.service.ts';

/**
 * One executed search (first version: the directory's name/symbol match, which the search issue replaces). The
 * order matters: a refused filter counts nothing, and the quota is counted BEFORE the query runs, so 50 parallel
 * searches cannot all slip in before the counter moves.
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
  const page = await listProjects(db, {
    q: query.q,
    category: query.category,
    chain: query.chain,
    status: query.status,
    sort: 'heat',
    limit: query.limit,
    offset: query.offset,
  });
  return { ...page, quota: { used: quota.used, limit: quota.limit, resetsAt: quota.resetsAt.toISOString() } };
}
