import type { Query } from '@tanstack/react-query';

// Query roots whose every fetch the server counts against a quota (GET /api/search): a blanket invalidation after a
// sign-in, a credit or a test-mode switch must not re-run them, or merely coming back to /search would spend one.
const COUNTED_ROOTS = new Set<unknown>(['search']);

/** For invalidateQueries({ predicate }): every query except the counted ones (and except `skip` roots). */
export function refetchableExcept(...skip: string[]) {
  return (query: Query) => !COUNTED_ROOTS.has(query.queryKey[0]) && !skip.includes(String(query.queryKey[0]));
}
