import type { QueryKey } from '@tanstack/react-query';

/**
 * What to refetch for a server hint: a query-key prefix, and whether active queries refetch now (`now`) or are only
 * marked stale for their next use (`later`). The table from hints to invalidations is composed in src/web/app (it
 * names every feature's keys, and a feature never imports another).
 */
export type Invalidation = { queryKey: QueryKey; when: 'now' | 'later' };

export const refetchNow = (queryKey: QueryKey): Invalidation => ({ queryKey, when: 'now' });
export const refetchLater = (queryKey: QueryKey): Invalidation => ({ queryKey, when: 'later' });

/** Each key once (a batch may carry a recompute and a project edit together); "now" wins over "later". */
export function mergeInvalidations(invalidations: Iterable<Invalidation>): Invalidation[] {
  const byKey = new Map<string, Invalidation>();
  for (const invalidation of invalidations) {
    const key = JSON.stringify(invalidation.queryKey);
    const earlier = byKey.get(key);
    if (!earlier || (earlier.when === 'later' && invalidation.when === 'now')) byKey.set(key, invalidation);
  }
  return [...byKey.values()];
}
