import { z } from 'zod';
import { PageQuerySchema } from './common.schema.ts';
import { MAX_QUERY_TEXT, ProjectListQuerySchema, ProjectListResponseSchema } from './projects.schema.ts';

/**
 * GET /api/search (first version, over the project name/symbol match): each executed search counts against the
 * daily search quota. An empty q is a 400, never a counted search. The filters are the premium "custom filters".
 */
export const SearchQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().min(1).max(MAX_QUERY_TEXT),
  category: ProjectListQuerySchema.shape.category,
  chain: ProjectListQuerySchema.shape.chain,
  status: ProjectListQuerySchema.shape.status,
  lang: z.enum(['zh', 'en']).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/** The filters that need the custom_filters feature (premium). */
export const SEARCH_FILTERS = ['category', 'chain', 'status'] as const;

export const SearchResponseSchema = ProjectListResponseSchema.extend({
  /** The daily search quota after this search (limit -1 = unlimited). */
  quota: z.object({ used: z.number().int(), limit: z.number().int(), resetsAt: z.string() }),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
