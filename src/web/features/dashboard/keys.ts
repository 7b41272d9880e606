import type { AnalysisLang } from '../../../shared/api/analysis.schema.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const dashboardKeys = {
  all: ['dashboard'] as const,
  layout: () => ['dashboard', 'layout'] as const,
  watchlists: () => ['dashboard', 'watchlists'] as const,
  watchlist: (id: string) => ['dashboard', 'watchlist', id] as const,
  savedSearches: () => ['dashboard', 'saved-searches'] as const,
  searchResults: (id: string) => ['dashboard', 'search-results', id] as const,
  // Every language's alerts widget (a fired alert changes them all), then one language's.
  allAlerts: () => ['dashboard', 'alerts'] as const,
  alerts: (lang: string) => ['dashboard', 'alerts', lang] as const,
  sectors: () => ['dashboard', 'sectors'] as const,
  market: () => ['dashboard', 'market'] as const,
  brief: (lang: AnalysisLang) => ['dashboard', 'brief', lang] as const,
};
