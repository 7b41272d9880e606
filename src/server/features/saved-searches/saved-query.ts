import type { z } from 'zod';
import {
  CreateSavedSearchBodySchema,
  SavedQuerySchema,
  UpdateSavedSearchBodySchema,
} from '../../../shared/api/saved-searches.schema.ts';
import { type SearchQuery, SearchQuerySchema } from '../../../shared/api/search.schema.ts';

/** Never stored: the page (limit/offset, or a client's page/pageSize) and the language are the viewer's, not the search's. */
const NOT_STORED = new Set(['limit', 'offset', 'page', 'pageSize', 'lang']);
const SEARCH_KEYS = new Set(Object.keys(SearchQuerySchema.shape));

/** The /api/search query-string form of a saved query: known keys only, every value a string, no page. */
export function toStoredQuery(query: Record<string, string | number | boolean>): Record<string, string> {
  const stored: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (SEARCH_KEYS.has(key) && !NOT_STORED.has(key)) stored[key] = String(value);
  }
  return stored;
}

/**
 * A saved query as the body carries it: refused exactly as GET /api/search would refuse it (a 400 naming the field,
 * e.g. `query.heatMin`), then reduced to its stored form.
 */
export const StoredQuerySchema = SavedQuerySchema.superRefine((query, ctx) => {
  const parsed = SearchQuerySchema.safeParse(toStoredQuery(query));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path } as never);
}).transform(toStoredQuery);

export const CreateBodySchema = CreateSavedSearchBodySchema.extend({ query: StoredQuerySchema });
export const UpdateBodySchema = UpdateSavedSearchBodySchema.extend({ query: StoredQuerySchema.optional() });
export type CreateBody = z.infer<typeof CreateBodySchema>;
export type UpdateBody = z.infer<typeof UpdateBodySchema>;

/** A stored query parsed for the search service (stored ones were validated on the way in; page fields are absent). */
export function parseStoredQuery(stored: Record<string, unknown>): Omit<SearchQuery, 'limit' | 'offset'> | undefined {
  const parsed = SearchQuerySchema.safeParse(toStoredQuery(stored as Record<string, string>));
  if (!parsed.success) return undefined;
  const { limit: _limit, offset: _offset, ...query } = parsed.data;
  return query;
}

/** `/search?<query>`: the page that shows a saved search's results. */
export function searchLink(stored: Record<string, unknown>): string {
  return `/search?${new URLSearchParams(toStoredQuery(stored as Record<string, string>)).toString()}`;
}
