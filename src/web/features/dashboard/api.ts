import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertsResponseSchema } from '../../../shared/api/alerts.schema.ts';
import type {
  AnalysisLang,
  BriefResponseSchema,
  MarketAnalysisResponseSchema,
} from '../../../shared/api/analysis.schema.ts';
import type {
  DashboardResponse,
  DashboardResponseSchema,
  DashboardSearchResultsSchema,
  PutDashboardBody,
} from '../../../shared/api/dashboard.schema.ts';
import type { SavedSearchesResponseSchema } from '../../../shared/api/saved-searches.schema.ts';
import type { SectorListResponseSchema } from '../../../shared/api/sectors.schema.ts';
import type { WatchlistDetailSchema, WatchlistsResponseSchema } from '../../../shared/api/watchlists.schema.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { dashboardKeys } from './keys.ts';

// The dashboard's layout (/api/me/dashboard) and each widget's data, read from the same APIs the other pages use
// (watchlists, alerts, sectors, market analysis and brief, saved searches): one read path per figure.

const lang = () => ({ query: { lang: currentLanguage() } });

/** The layout; a free user's or visitor's refusal is the page's lock (no retry). `enabled` false skips the read. */
export const useDashboard = (enabled = true) =>
  useQuery({
    queryKey: dashboardKeys.layout(),
    queryFn: ({ signal }) => apiGet<typeof DashboardResponseSchema>('/api/me/dashboard', { signal }),
    enabled,
    retry: false,
  });

/** Saves the whole layout over the version it was read at; the answer (the new version) replaces the cached one. */
export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutDashboardBody) =>
      apiSend<typeof DashboardResponseSchema>('PUT', '/api/me/dashboard', body, lang()),
    onSuccess: (saved: DashboardResponse) => queryClient.setQueryData(dashboardKeys.layout(), saved),
  });
}

export const useWatchlistOptions = () =>
  useQuery({
    queryKey: dashboardKeys.watchlists(),
    queryFn: ({ signal }) => apiGet<typeof WatchlistsResponseSchema>('/api/watchlists', { signal }),
  });

export const useSavedSearchOptions = () =>
  useQuery({
    queryKey: dashboardKeys.savedSearches(),
    queryFn: ({ signal }) => apiGet<typeof SavedSearchesResponseSchema>('/api/saved-searches', { signal }),
  });

export const useWatchlistWidget = (id: string) =>
  useQuery({
    queryKey: dashboardKeys.watchlist(id),
    queryFn: ({ signal }) =>
      apiGet<typeof WatchlistDetailSchema>(`/api/watchlists/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

export const useSearchResultsWidget = (id: string) =>
  useQuery({
    queryKey: dashboardKeys.searchResults(id),
    queryFn: ({ signal }) =>
      apiGet<typeof DashboardSearchResultsSchema>(
        `/api/me/dashboard/saved-searches/${encodeURIComponent(id)}/results`,
        {
          signal,
        },
      ),
    retry: false,
  });

export const useAlertsWidget = () => {
  const language = currentLanguage();
  return useQuery({
    queryKey: dashboardKeys.alerts(language),
    queryFn: ({ signal }) => apiGet<typeof AlertsResponseSchema>('/api/alerts', { query: { lang: language }, signal }),
  });
};

export const useSectorsWidget = () =>
  useQuery({
    queryKey: dashboardKeys.sectors(),
    queryFn: ({ signal }) => apiGet<typeof SectorListResponseSchema>('/api/sectors', { signal }),
  });

export const useMarketWidget = () =>
  useQuery({
    queryKey: dashboardKeys.market(),
    queryFn: ({ signal }) => apiGet<typeof MarketAnalysisResponseSchema>('/api/analysis/market', { signal }),
  });

export const useBriefWidget = (language: AnalysisLang) =>
  useQuery({
    queryKey: dashboardKeys.brief(language),
    queryFn: ({ signal }) =>
      apiGet<typeof BriefResponseSchema>('/api/analysis/market/brief', { query: { lang: language }, signal }),
  });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { dashboardKeys };
