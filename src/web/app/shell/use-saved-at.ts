import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isPublicQueryKey } from '../../lib/query-persister.ts';

/**
 * When the data on screen was fetched: the oldest fetch time among the page's mounted public queries that hold data
 * (a page restored from the offline copy shows when it was saved), or null when the page shows none.
 */
export function useSavedAt(enabled: boolean): number | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (listener: () => void) => (enabled ? queryClient.getQueryCache().subscribe(listener) : () => {}),
    [queryClient, enabled],
  );
  const read = useCallback(() => {
    if (!enabled) return null;
    let oldest: number | null = null;
    for (const query of queryClient.getQueryCache().getAll()) {
      const { data, dataUpdatedAt } = query.state;
      if (query.getObserversCount() === 0 || data === undefined || dataUpdatedAt === 0) continue;
      if (!isPublicQueryKey(query.queryKey)) continue;
      if (oldest === null || dataUpdatedAt < oldest) oldest = dataUpdatedAt;
    }
    return oldest;
  }, [queryClient, enabled]);
  return useSyncExternalStore(subscribe, read, () => null);
}
