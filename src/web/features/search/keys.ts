import type { SearchParams } from './api.ts';
import type { SearchUrlQuery } from './search-url.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
/**
 * The search feature's keys. Four roots on purpose: only 'search' (the results) is counted against the daily quota;
 * suggestions, facets and saved searches are free, so a blanket refresh may re-run them.
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => ['search', params] as const,
  suggestions: ['searchSuggest'] as const,
  suggest: (q: string) => ['searchSuggest', q] as const,
  facets: ['searchFacets'] as const,
  facetsOf: (query: SearchUrlQuery) => ['searchFacets', query] as const,
  saved: ['savedSearches'] as const,
  savedList: () => ['savedSearches', 'list'] as const,
};
