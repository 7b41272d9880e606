import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisLang } from '../../../shared/api/analysis.schema.ts';
import type { DashboardResponse, PutDashboardBody } from '../../../shared/api/dashboard.schema.ts';
import { apiGet, apiSend, lazyContract } from '../../lib/api-client.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { dashboardKeys } from './keys.ts';

const alertsContracts = () => import('../../../shared/api/alerts.schema.ts');
const analysisContracts = () => import('../../../shared/api/analysis.schema.ts');
const dashboardContracts = () => import('../../../shared/api/dashboard.schema.ts');
const savedSearchesContracts = () => import('../../../shared/api/saved-searches.schema.ts');
const sectorsContracts = () => import('../../../shared/api/sectors.schema.ts');
const watchlistsContracts = () => import('../../../shared/api/watchlists.schema.ts');

// The dashboard's layout (/api/me/dashboard) and each widget's data, read from the same APIs the other pages use
// (watchlists, alerts, sectors, market analysis and brief, saved searches): one read path per figure.

const lang = () => ({ query: { lang: currentLanguage() } });

/** The layout; a free user's or visitor's refusal is the page's lock (no retry). `enabled` false skips the read. */
export const useDashboard = (enabled = true) =>
  useQuery({
    queryKey: dashboardKeys.layout(),
    queryFn: ({ signal }) =>
      apiGet('/api/me/dashboard', lazyContract(dashboardContracts, 'DashboardResponseSchema'), { signal }),
    enabled,
    retry: false,
  });

/** Saves the whole layout over the version it was read at; the answer (the new version) replaces the cached one. */
export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutDashboardBody) =>
      apiSend('PUT', '/api/me/dashboard', lazyContract(dashboardContracts, 'DashboardResponseSchema'), body, lang()),
    onSuccess: (saved: DashboardResponse) => queryClient.setQueryData(dashboardKeys.layout(), saved),
  });
}

export const useWatchlistOptions = () =>
  useQuery({
    queryKey: dashboardKeys.watchlists(),
    queryFn: ({ signal }) =>
      apiGet('/api/watchlists', lazyContract(watchlistsContracts, 'WatchlistsResponseSchema'), { signal }),
  });

export const useSavedSearchOptions = () =>
  useQuery({
    queryKey: dashboardKeys.savedSearches(),
    queryFn: ({ signal }) =>
      apiGet('/api/saved-searches', lazyContract(savedSearchesContracts, 'SavedSearchesResponseSchema'), { signal }),
  });

export const useWatchlistWidget = (id: string) =>
  useQuery({
    queryKey: dashboardKeys.watchlist(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/watchlists/${encodeURIComponent(id)}`, lazyContract(watchlistsContracts, 'WatchlistDetailSchema'), {
        signal,
      }),
    retry: false,
  });

export const useSearchResultsWidget = (id: string) =>
  useQuery({
    queryKey: dashboardKeys.searchResults(id),
    queryFn: ({ signal }) =>
      apiGet(
        `/api/me/dashboard/saved-searches/${encodeURIComponent(id)}/results`,
        lazyContract(dashboardContracts, 'DashboardSearchResultsSchema'),
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
    queryFn: ({ signal }) =>
      apiGet('/api/alerts', lazyContract(alertsContracts, 'AlertsResponseSchema'), {
        query: { lang: language },
        signal,
      }),
  });
};

export const useSectorsWidget = () =>
  useQuery({
    queryKey: dashboardKeys.sectors(),
    queryFn: ({ signal }) =>
      apiGet('/api/sectors', lazyContract(sectorsContracts, 'SectorListResponseSchema'), { signal }),
  });

export const useMarketWidget = () =>
  useQuery({
    queryKey: dashboardKeys.market(),
    queryFn: ({ signal }) =>
      apiGet('/api/analysis/market', lazyContract(analysisContracts, 'MarketAnalysisResponseSchema'), { signal }),
  });

export const useBriefWidget = (language: AnalysisLang) =>
  useQuery({
    queryKey: dashboardKeys.brief(language),
    queryFn: ({ signal }) =>
      apiGet('/api/analysis/market/brief', lazyContract(analysisContracts, 'BriefResponseSchema'), {
        query: { lang: language },
        signal,
      }),
  });

// The key factory lives in keys.ts (see there why); it is this feature's, exported here like the rest of its API.
export { dashboardKeys };
