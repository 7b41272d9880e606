import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddItemResponseSchema,
  WatchedProjectsResponseSchema,
  WatchingResponseSchema,
  WatchlistDetailSchema,
  WatchlistHistoryResponseSchema,
  WatchlistSummarySchema,
  WatchlistsResponseSchema,
} from '../../../shared/api/watchlists.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { refetchableExcept } from '../../lib/counted-queries.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { projectKeys } from '../projects/keys.ts';
import { watchlistKeys } from './keys.ts';

// The UI language, so the server's refusals (name taken, cap reached) read like the page.
const lang = () => ({ query: { lang: currentLanguage() } });

export type HistoryRange = '7d' | '30d' | '90d';
export type HoldingInput = { amount?: number | null; costBasis?: number | null; note?: string | null };

/**
 * Every project in any of my lists: the directory's filled stars (one request for the page, shared by its rows). A
 * free user's refusal leaves every star empty; clicking one explains the lock.
 */
export const useWatchedProjects = () =>
  useQuery({
    queryKey: watchlistKeys.watched(),
    queryFn: ({ signal }) => apiGet<typeof WatchedProjectsResponseSchema>('/api/me/watched-projects', { signal }),
    select: (data) => new Set(data.projectIds),
    retry: false,
  });

export const useWatchlists = () =>
  useQuery({
    queryKey: watchlistKeys.lists(),
    queryFn: ({ signal }) => apiGet<typeof WatchlistsResponseSchema>('/api/watchlists', { signal }),
  });

export const useWatchlist = (id: string) =>
  useQuery({
    queryKey: watchlistKeys.one(id),
    queryFn: ({ signal }) =>
      apiGet<typeof WatchlistDetailSchema>(`/api/watchlists/${encodeURIComponent(id)}`, { signal }),
  });

export const watchlistHistoryOptions = (id: string, range: HistoryRange) =>
  queryOptions({
    queryKey: watchlistKeys.history(id, range),
    queryFn: ({ signal }) =>
      apiGet<typeof WatchlistHistoryResponseSchema>(`/api/watchlists/${encodeURIComponent(id)}/history`, {
        query: { range },
        signal,
      }),
  });

/** Which of my lists hold the project; a free user or a visitor gets the server's lock (shown by the button). */
export const useWatching = (projectId: string, enabled: boolean) =>
  useQuery({
    queryKey: watchlistKeys.watching(projectId),
    queryFn: ({ signal }) =>
      apiGet<typeof WatchingResponseSchema>('/api/me/watching', { query: { projectId }, signal }),
    enabled,
  });

/** Any change to a list: every watchlist view refreshes; an add may also have credited points (tasks, level). */
function useWatchlistMutation<T, R>(send: (input: T) => Promise<R>, creditsPoints = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      creditsPoints
        ? queryClient.invalidateQueries({ predicate: refetchableExcept(projectKeys.all) })
        : queryClient.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}

export const useCreateWatchlist = () =>
  useWatchlistMutation((name: string) =>
    apiSend<typeof WatchlistSummarySchema>('POST', '/api/watchlists', { name }, lang()),
  );

export const useRenameWatchlist = () =>
  useWatchlistMutation(({ id, name }: { id: string; name: string }) =>
    apiSend<typeof WatchlistDetailSchema>('PATCH', `/api/watchlists/${encodeURIComponent(id)}`, { name }, lang()),
  );

export const useDeleteWatchlist = () =>
  useWatchlistMutation((id: string) =>
    apiSend('DELETE', `/api/watchlists/${encodeURIComponent(id)}`, undefined, lang()),
  );

export const useAddItem = () =>
  useWatchlistMutation(
    ({ id, projectId }: { id: string; projectId: string }) =>
      apiSend<typeof AddItemResponseSchema>(
        'POST',
        `/api/watchlists/${encodeURIComponent(id)}/items`,
        { projectId },
        lang(),
      ),
    true,
  );

export const useUpdateItem = () =>
  useWatchlistMutation(({ id, projectId, values }: { id: string; projectId: string; values: HoldingInput }) =>
    apiSend<typeof WatchlistDetailSchema>(
      'PATCH',
      `/api/watchlists/${encodeURIComponent(id)}/items/${encodeURIComponent(projectId)}`,
      values,
      lang(),
    ),
  );

export const useRemoveItem = () =>
  useWatchlistMutation(({ id, projectId }: { id: string; projectId: string }) =>
    apiSend(
      'DELETE',
      `/api/watchlists/${encodeURIComponent(id)}/items/${encodeURIComponent(projectId)}`,
      undefined,
      lang(),
    ),
  );

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { watchlistKeys };
