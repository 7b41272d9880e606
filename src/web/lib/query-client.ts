import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

// Spec §9 "query client": stale 5 min, cache 10 min, no refetch on focus, retry under 2 for non-4xx errors with a
// delay doubling from 1 s up to 30 s, mutation retry 1. Spec §8: 4xx errors are not retried — queries and mutations.
export const STALE_TIME_MS = 5 * 60_000;
export const GC_TIME_MS = 10 * 60_000;

/**
 * TanStack Query's network state starts as "online" and only moves on the online/offline events. A page loaded while
 * offline (the service worker's app shell) never saw an offline event: its queries failed instead of waiting, and the
 * online event that followed changed nothing, so nothing refetched until Retry was pressed. Reading
 * navigator.onLine at start-up makes those queries wait (paused, the saved copy on screen) and refetch on reconnect.
 */
export function followBrowserOnlineState(): void {
  if (typeof window === 'undefined') return;
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

/**
 * Whether a failure may be tried again: never a 4xx (spec §8). A refused form is refused again, and a retried write
 * would be sent twice (every failed admin submission was); a 429 asks the client to slow down, not to repeat
 * at once. Network failures and 5xx may pass on a second try.
 */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}

/** A query's retry rule: up to 2 more tries, never after a 4xx. */
export const retryQuery = (failureCount: number, error: unknown) => isRetryable(error) && failureCount < 2;
/** A mutation's retry rule: one more try (spec §9), never after a 4xx. */
export const retryMutation = (failureCount: number, error: unknown) => isRetryable(error) && failureCount < 1;

export function createQueryClient(): QueryClient {
  followBrowserOnlineState();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: retryQuery,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: retryMutation },
    },
  });
}
