import type { Query, QueryKey } from '@tanstack/react-query';

/**
 * The `meta` of a query whose every fetch the server counts against a quota (GET /api/search). A blanket
 * invalidation after a sign-in, a credit, a test-mode switch or a live-update resync must not re-run such a query, or
 * merely coming back to /search would spend one. The query says so itself, so no list of roots has to follow it here.
 */
export const COUNTED_QUERY = { countsQuota: true } as const;

export const isCountedQuery = (query: Query) => query.meta?.countsQuota === true;

/** For invalidateQueries({ predicate }): every query except the counted ones (and except those under `skip` roots). */
export function refetchableExcept(...skip: QueryKey[]) {
  return (query: Query) => !isCountedQuery(query) && !skip.some((root) => root[0] === query.queryKey[0]);
}
