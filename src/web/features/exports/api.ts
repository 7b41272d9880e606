import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateExportBodyInput, CreateScheduleBodyInput } from '../../../shared/api/exports.schema.ts';
import { ANY_ANSWER, apiGet, apiSend, lazyContract } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { membershipKeys } from '../../lib/session-keys.ts';

const exportsContracts = () => import('../../../shared/api/exports.schema.ts');
const savedSearchesContracts = () => import('../../../shared/api/saved-searches.schema.ts');
const sectorsContracts = () => import('../../../shared/api/sectors.schema.ts');
const watchlistsContracts = () => import('../../../shared/api/watchlists.schema.ts');

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
      apiGet('/api/exports', lazyContract(exportsContracts, 'ExportsResponseSchema'), {
        query: { lang: language },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.state === 'processing') ? PROCESSING_POLL_MS : false,
  });
};

export const useSchedules = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.schedules(),
    queryFn: ({ signal }) =>
      apiGet('/api/export-schedules', lazyContract(exportsContracts, 'SchedulesResponseSchema'), { signal }),
    enabled,
  });

/** The pickers' choices: my saved searches and watchlists, every sector (premium lists; fetched when picked). */
export const useSavedSearchChoices = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.sources('saved_search'),
    queryFn: ({ signal }) =>
      apiGet('/api/saved-searches', lazyContract(savedSearchesContracts, 'SavedSearchesResponseSchema'), { signal }),
    enabled,
  });
export const useWatchlistChoices = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.sources('watchlist'),
    queryFn: ({ signal }) =>
      apiGet('/api/watchlists', lazyContract(watchlistsContracts, 'WatchlistsResponseSchema'), { signal }),
    enabled,
  });
export const useSectorChoices = (enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.sources('sector'),
    queryFn: ({ signal }) =>
      apiGet('/api/sectors', lazyContract(sectorsContracts, 'SectorListResponseSchema'), { signal }),
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
    apiSend('POST', '/api/exports', lazyContract(exportsContracts, 'ExportSchema'), body, lang()),
  );

export const useRetryExport = () =>
  useExportMutation((id: string) =>
    apiSend(
      'POST',
      `/api/exports/${encodeURIComponent(id)}/retry`,
      lazyContract(exportsContracts, 'ExportSchema'),
      undefined,
      lang(),
    ),
  );

export const useDeleteExport = () =>
  useExportMutation((id: string) =>
    apiSend('DELETE', `/api/exports/${encodeURIComponent(id)}`, ANY_ANSWER, undefined, lang()),
  );

export const useCreateSchedule = () =>
  useExportMutation((body: CreateScheduleBodyInput) =>
    apiSend('POST', '/api/export-schedules', lazyContract(exportsContracts, 'ScheduleSchema'), body, lang()),
  );

export const useCancelSchedule = () =>
  useExportMutation((id: string) =>
    apiSend('DELETE', `/api/export-schedules/${encodeURIComponent(id)}`, ANY_ANSWER, undefined, lang()),
  );

/** The stored file: a plain link, so the browser streams it to disk (Content-Disposition names it). */
export const downloadUrl = (id: string) => `/api/exports/${encodeURIComponent(id)}/download`;
