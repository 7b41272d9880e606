import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStatsResponseSchema } from '../../../shared/api/admin.schema.ts';
import type { ConfigStatusResponseSchema } from '../../../shared/api/admin-config.schema.ts';
import type {
  MaintenanceAction,
  MaintenanceResponseSchema,
  RefreshStartedResponseSchema,
} from '../../../shared/api/admin-ops.schema.ts';
import type { OperationRunsResponse, OperationRunsResponseSchema } from '../../../shared/api/admin-runs.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { adminKeys } from './api.ts';

const lang = () => ({ query: { lang: currentLanguage() } });

/** GET /api/admin/stats: account and system figures. */
export const useAdminStats = () =>
  useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => apiGet<typeof AdminStatsResponseSchema>('/api/admin/stats', { signal }),
  });

/** GET /api/admin/config: what the server's settings allow, and the variables to set (no values). */
export const useAdminConfig = () =>
  useQuery({
    queryKey: adminKeys.config,
    queryFn: ({ signal }) => apiGet<typeof ConfigStatusResponseSchema>('/api/admin/config', { signal }),
  });

/** True when SECRET_KEY is not set (X accounts and /twitter-debug cannot work); undefined while unknown. */
export function useSecretKeyMissing(): boolean | undefined {
  const config = useAdminConfig();
  const item = config.data?.items.find((i) => i.feature === 'secretKey');
  return item ? !item.configured : undefined;
}

/** How often the operations tab reads the runs while one of them runs. */
export const RUNS_POLL_MS = 1_000;

const isRunning = (data: OperationRunsResponse | undefined) =>
  data?.items.some((item) => item.run?.status === 'running') ?? false;

/**
 * The newest run of each operation, polled every second while one runs (or while `busy`: a POST is in flight), so
 * the page follows a run's sync_runs row live, whoever started it.
 */
export const useOperationRuns = (busy: boolean) =>
  useQuery({
    queryKey: adminKeys.runs,
    queryFn: ({ signal }) => apiGet<typeof OperationRunsResponseSchema>('/api/admin/maintenance/runs', { signal }),
    refetchInterval: (query) => (busy || isRunning(query.state.data) ? RUNS_POLL_MS : false),
  });

function useInvalidateRuns() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.runs });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
  };
}

/** POST /api/admin/maintenance/:action: answers when the run is done (409 MAINTENANCE_RUNNING while it runs). */
export const useRunMaintenance = () => {
  const invalidate = useInvalidateRuns();
  return useMutation({
    mutationFn: (action: MaintenanceAction) =>
      apiSend<typeof MaintenanceResponseSchema>('POST', `/api/admin/maintenance/${action}`, undefined, lang()),
    onSettled: invalidate,
  });
};

/** POST /api/admin/maintenance/refresh: 202 once the full sync holds its lock; its progress is polled. */
export const useStartRefresh = () => {
  const invalidate = useInvalidateRuns();
  return useMutation({
    mutationFn: () =>
      apiSend<typeof RefreshStartedResponseSchema>('POST', '/api/admin/maintenance/refresh', undefined, lang()),
    onSettled: invalidate,
  });
};
