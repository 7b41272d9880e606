import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query } from '@tanstack/react-query';
import type { Persister } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

/** Offline data older than this is not restored: a day-old ranking is history, not "offline data". */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60_000;
const STORAGE_KEY = 'heatrank-query-cache';

/**
 * Public data only: the catalogue, scores, sectors, platforms, the site's figures. A user's own data (points,
 * watchlists, alerts, notifications, the session) never goes to disk, so a shared computer keeps nothing of theirs
 * after sign-out; searches are left out too (premium filters, counted), and so are funding rounds, whose investors
 * and valuations are VIP premium data: a later visitor on the same computer must not read a VIP's copy.
 */
const PUBLIC_PREFIXES = new Set(['projects', 'sectors', 'platforms', 'heat', 'system', 'site']);

/** Whether a query key names public data that may go to disk (the offline copy), whatever its state. */
export function isPublicQueryKey(queryKey: Query['queryKey']): boolean {
  const [prefix, second] = queryKey;
  if (typeof prefix !== 'string') return false;
  // The sync status and health are about "now": restoring them would show an old state as current.
  if (prefix === 'system') return second === 'stats';
  return PUBLIC_PREFIXES.has(prefix);
}

export function shouldPersist(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && isPublicQueryKey(query.queryKey);
}

/**
 * After the saved copy is restored: the queries to refetch now — the restored copies, all from before this page loaded
 * (`pageStartedAt`). Answers the first render asked for itself are newer (a restore never replaces them with an older
 * copy): refetching those would ask the server for every first answer twice.
 */
export function restoredCopy(pageStartedAt: number) {
  return (query: Pick<Query, 'queryKey' | 'state'>) =>
    shouldPersist(query) && query.state.dataUpdatedAt < pageStartedAt;
}

/** The query cache's copy in IndexedDB (the browser's store for exactly this); none where IndexedDB is missing. */
export function createQueryPersister(): Persister | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  return createAsyncStoragePersister({
    key: STORAGE_KEY,
    throttleTime: 2_000,
    storage: { getItem: (key) => get(key), setItem: (key, value) => set(key, value), removeItem: (key) => del(key) },
  });
}
