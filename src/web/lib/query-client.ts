import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client.ts';

// Spec §9 "query client": stale 5 min, cache 10 min, no refetch on focus, retry under 2 for non-4xx errors with a
// delay doubling from 1 s up to 30 s, mutation retry 1.
export const STALE_TIME_MS = 5 * 60_000;
export const GC_TIME_MS = 10 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: 1 },
    },
  });
}
