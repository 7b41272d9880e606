import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataStateResponseSchema } from '../../../shared/api/data-state.schema.ts';
import type { SyncStatusResponseSchema } from '../../../shared/api/sync.schema.ts';
import type { HealthResponseSchema, StatsResponseSchema } from '../../../shared/api/system.schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { systemKeys } from './keys.ts';

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.stats(),
    queryFn: ({ signal }) => apiGet<typeof StatsResponseSchema>('/api/stats', { signal }),
  });

// Health is about "now": never served from cache, and the spec's health-check timeout is 5 s.
const HEALTH_TIMEOUT_MS = 5000;

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.health(),
    queryFn: ({ signal }) =>
      apiGet<typeof HealthResponseSchema>('/api/health', {
        signal: AbortSignal.any([signal, AbortSignal.timeout(HEALTH_TIMEOUT_MS)]),
      }),
    staleTime: 0,
    retry: false,
  });

/** GET /api/sync/status: jobs, their runs and each data source's freshness (never from cache: it is about "now"). */
export const syncStatusQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.syncStatus(),
    queryFn: ({ signal }) => apiGet<typeof SyncStatusResponseSchema>('/api/sync/status', { signal }),
    staleTime: 0,
    retry: false,
  });

/** GET /api/data-state: whether the figures shown are live, stale or the catalogue sample (the claims follow it). */
export const dataStateQueryOptions = () =>
  queryOptions({
    queryKey: systemKeys.dataState(),
    queryFn: ({ signal }) => apiGet<typeof DataStateResponseSchema>('/api/data-state', { signal }),
  });

export const useStats = () => useQuery(statsQueryOptions());
export const useHealth = () => useQuery(healthQueryOptions());
export const useSyncStatus = () => useQuery({ ...syncStatusQueryOptions(), refetchInterval: 60_000 });
/** The data state, rechecked every minute: a source turns stale with the clock, not only with an event. */
export const useDataState = () => useQuery({ ...dataStateQueryOptions(), refetchInterval: 60_000 });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { systemKeys };
