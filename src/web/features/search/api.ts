import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SearchQuery, SearchResponseSchema } from '../../../shared/api/search.schema.ts';
import { ApiError, apiGet } from '../../lib/api-client.ts';

export type SearchParams = Omit<SearchQuery, 'lang'>;

export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => ['search', params] as const,
};

/**
 * GET /api/search: each call the server executes counts against the daily search quota, so a search already on
 * screen is never fetched again by itself (no staleness, no retry of a refusal: a 4xx, 429 included, stays as is).
 * Each answer moves the usage shown elsewhere (/membership): it is refetched.
 */
export function useSearch(params: SearchParams, options: { enabled: boolean }) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: searchKeys.results(params),
    queryFn: async ({ signal }) => {
      try {
        return await apiGet('/api/search', SearchResponseSchema, { query: params, signal });
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['membership'] });
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
