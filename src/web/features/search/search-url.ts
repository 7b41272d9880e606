import { SEARCH_FILTERS, SEARCH_RANGES, SEARCH_SORTS } from '../../../shared/api/search.schema.ts';

/** The search as the URL holds it (and as a saved search stores it): known keys only, every value a string. */
export type SearchUrlQuery = Partial<Record<SearchKey, string>>;
export type SearchKey = 'q' | (typeof SEARCH_FILTERS)[number] | 'sort';
export type RangeKey = (typeof SEARCH_RANGES)[number][number];

export const SEARCH_KEYS: readonly SearchKey[] = ['q', ...SEARCH_FILTERS, 'sort'];
export { SEARCH_RANGES, SEARCH_SORTS };

/** Reads the search from the URL; `page` stays apart (usePageParam). Unknown keys and empty values are dropped. */
export function readSearchQuery(params: URLSearchParams): SearchUrlQuery {
  const query: SearchUrlQuery = {};
  for (const key of SEARCH_KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** The URL for a search (page 1): `/search?q=…&category=…`. */
export function searchHref(query: Record<string, string | number | boolean>): string {
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) if (query[key] !== undefined && query[key] !== '') params.set(key, String(query[key]));
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
}

export const hasFilters = (query: SearchUrlQuery): boolean => SEARCH_FILTERS.some((key) => query[key] !== undefined);

/** Whether there is anything to search for: a text or a filter (the server refuses neither as a 400). */
export const isRunnable = (query: SearchUrlQuery): boolean => Boolean(query.q) || hasFilters(query);
