import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SavedSearch,
  SavedSearchesResponse,
  SavedSearchesResponseSchema,
  SavedSearchSchema,
} from '../../../shared/api/saved-searches.schema.ts';
import type {
  SearchFacetsResponseSchema,
  SearchResponseSchema,
  SuggestResponseSchema,
} from '../../../shared/api/search.schema.ts';
import { ApiError, apiGet, apiSend } from '../../lib/api-client.ts';
import { COUNTED_QUERY } from '../../lib/counted-queries.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { membershipKeys } from '../../lib/session-keys.ts';
import { searchKeys } from './keys.ts';
import type { SearchUrlQuery } from './search-url.ts';

export type SearchParams = SearchUrlQuery & { limit: number; offset: number };

/**
 * GET /api/search: each call the server executes counts against the daily search quota, so a search already on
 * screen is never fetched again by itself (no staleness, no refetch on focus, no retry of a refusal: a 4xx, 429
 * included, stays as is). Each answer moves the usage shown elsewhere (/membership): it is refetched.
 */
export function useSearch(params: SearchParams, options: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: searchKeys.results(params),
    meta: COUNTED_QUERY,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<typeof SearchResponseSchema>('/api/search', { query: params, signal });
      } finally {
        void queryClient.invalidateQueries({ queryKey: membershipKeys.all });
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/**
 * GET /api/search/facets: the facet counts of a search, fetched beside its results (the server counts every match
 * for them, which takes longer than the page). Not counted; the page shows them only with the search's own answer.
 */
export function useSearchFacets(query: SearchUrlQuery, options: { enabled: boolean }) {
  const { sort: _sort, ...counted } = query; // the counts do not depend on the order
  return useQuery({
    queryKey: searchKeys.facetsOf(counted),
    queryFn: ({ signal }) =>
      apiGet<typeof SearchFacetsResponseSchema>('/api/search/facets', { query: counted, signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** GET /api/search/suggest: free and never counted; the caller debounces `q` (one request per pause, not per key). */
export function useSuggest(q: string) {
  return useQuery({
    queryKey: searchKeys.suggest(q),
    queryFn: ({ signal }) => apiGet<typeof SuggestResponseSchema>('/api/search/suggest', { query: { q }, signal }),
    enabled: q.trim() !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

// The UI language, so the server's refusals (name taken, cap reached, no alert slot) read like the page.
const lang = () => ({ query: { lang: currentLanguage() } });

/** The viewer's saved searches (premium: the caller enables it only for a level that has them). */
export const useSavedSearches = (enabled: boolean) =>
  useQuery({
    queryKey: searchKeys.savedList(),
    queryFn: ({ signal }) => apiGet<typeof SavedSearchesResponseSchema>('/api/saved-searches', { signal }),
    enabled,
  });

export type SavedSearchInput = {
  name: string;
  query: Record<string, string>;
  alertEnabled?: boolean;
  alertHeatThreshold?: number | null;
};

/** Any change: the list refreshes, and so does the usage (a search alert takes a concurrent-alerts slot). */
function useSavedSearchMutation<T, R>(send: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: searchKeys.saved }),
        queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
      ]);
    },
  });
}

export const useCreateSavedSearch = () =>
  useSavedSearchMutation((input: SavedSearchInput) =>
    apiSend<typeof SavedSearchSchema>('POST', '/api/saved-searches', input, lang()),
  );

type SavedSearchPatch = Partial<SavedSearchInput> & { id: string };

/**
 * PATCH one: the list shows the change at once (a switched alert flips under the pointer) and is refetched after,
 * which also puts it back when the server refuses (no alert slot left, name taken).
 */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: SavedSearchPatch) =>
      apiSend<typeof SavedSearchSchema>('PATCH', `/api/saved-searches/${encodeURIComponent(id)}`, patch, lang()),
    onMutate: async ({ id, ...patch }: SavedSearchPatch) => {
      await queryClient.cancelQueries({ queryKey: searchKeys.savedList() });
      queryClient.setQueryData<SavedSearchesResponse>(
        searchKeys.savedList(),
        (list) => list && { ...list, items: list.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) },
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: searchKeys.saved }),
        queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
      ]),
  });
}

export const useDeleteSavedSearch = () =>
  useSavedSearchMutation((id: string) =>
    apiSend('DELETE', `/api/saved-searches/${encodeURIComponent(id)}`, undefined, lang()),
  );

export type { SavedSearch };

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { searchKeys };
