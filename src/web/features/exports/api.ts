import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateExportBodyInput,
  CreateScheduleBodyInput,
  ExportSchema,
  ExportsResponseSchema,
  ScheduleSchema,
  SchedulesResponseSchema,
} from '../../../shared/api/exports.schema.ts';
import type { SavedSearchesResponseSchema } from '../../../shared/api/saved-searches.schema.ts';
import type { SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import type { WatchlistsResponseSchema } from '../../../shared/api/watchlists.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { membershipKeys } from '../../lib/session-keys.ts';

// The UI language: failure reasons and refusals read like the page.
const lang = () => ({ query: { lang: currentLanguage() } });
/** While an export is processing the list is refetched this often (ms). */
export const PROCESSING_POLL_MS = 1_000;

export const exportKeys = {
  all: ['exports'] as const,
  list: (language: string) => ['exports', 'list', language] as const,
  schedules: () => ['exports', 'schedules'] as const,
  sources: (kind: string) => ['exports', 'sources', kind] as const,
};

/** My exports; refetched every second while one is processing. A free user or a visitor gets the server's lock. */
export const useExports = () => {
  const language = currentLanguage();
  return useQuery({
    queryKey: exportKeys.list(language),
    queryFn: ({ signal }) =>
      apiGet<typeof ExportsResponseSchema>('/api/exports', { query: { lang: language }, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.state === 'processing') ? PROCESSING_POLL_MS : false,
  });
};

export const useSchedules = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.schedules(),
    queryFn: ({ signal }) => apiGet<typeof SchedulesResponseSchema>('/api/export-schedules', { signal }),
    enabled,
  });

/** The pickers' choices: my saved searches and watchlists, every sector (premium lists; fetched when picked). */
export const useSavedSearchChoices = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.sources('saved_search'),
    queryFn: ({ signal }) => apiGet<typeof SavedSearchesResponseSchema>('/api/saved-searches', { signal }),
    enabled,
  });
export const useWatchlistChoices = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.sources('watchlist'),
    queryFn: ({ signal }) => apiGet<typeof WatchlistsResponseSchema>('/api/watchlists', { signal }),
    enabled,
  });
export const useSectorChoices = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.sources('sector'),
    queryFn: ({ signal }) => apiGet<typeof SectorListResponseSchema>('/api/sectors', { signal }),
    enabled,
  });

function useExportMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // (/api/me/usage, which shows the export quota, is refetched when shown: staleTime 0.)
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: exportKeys.all }),
        queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
      ]),
  });
}

export const useCreateExport = () =>
  useExportMutation((body: CreateExportBodyInput) =>
    apiSend<typeof ExportSchema>('POST', '/api/exports', body, lang()),
  );

export const useRetryExport = () =>
  useExportMutation((id: string) =>
    apiSend<typeof ExportSchema>('POST', `/api/exports/${encodeURIComponent(id)}/retry`, undefined, lang()),
  );

export const useDeleteExport = () =>
  useExportMutation((id: string) => apiSend('DELETE', `/api/exports/${encodeURIComponent(id)}`, undefined, lang()));

export const useCreateSchedule = () =>
  useExportMutation((body: CreateScheduleBodyInput) =>
    apiSend<typeof ScheduleSchema>('POST', '/api/export-schedules', body, lang()),
  );

export const useCancelSchedule = () =>
  useExportMutation((id: string) =>
    apiSend('DELETE', `/api/export-schedules/${encodeURIComponent(id)}`, undefined, lang()),
  );

/** The stored file: a plain link, so the browser streams it to disk (Content-Disposition names it). */
export const downloadUrl = (id: string) => `/api/exports/${encodeURIComponent(id)}/download`;
