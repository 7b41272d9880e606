import { z } from 'zod';
import { PageQuerySchema } from './common.schema.ts';
import { ProjectListItemSchema, ProjectListQuerySchema, ProjectListResponseSchema } from './projects.schema.ts';
import { MAX_QUERY_TEXT } from './projects.values.ts';

/** Query-string numbers: finite and bounded (1e15 covers any market cap), so a huge or NaN value is a 400. */
const bound = z.coerce.number().finite().min(-1e15).max(1e15).optional();
/** A calendar date (YYYY-MM-DD) that exists. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v))
  .optional();

export const SEARCH_SORTS = ['relevance', 'heat', 'marketCap', 'volume', 'change24h', 'newest'] as const;

/** [min, max] pairs: each is a range filter, min ≤ max when both are given. */
export const SEARCH_RANGES = [
  ['heatMin', 'heatMax'],
  ['change24hMin', 'change24hMax'],
  ['change7dMin', 'change7dMax'],
  ['marketCapMin', 'marketCapMax'],
  ['volumeMin', 'volumeMax'],
] as const;

/** The filters that need the custom_filters feature (premium): everything but the text. */
export const SEARCH_FILTERS = [
  'category',
  'chain',
  'status',
  'verified',
  ...SEARCH_RANGES.flat(),
  'listedSince',
] as const;

/**
 * GET /api/search (docs/search.md): each executed search counts against the daily search quota. Text alone is the
 * free basic search; every other filter is a premium "custom filter". Neither q nor any filter is a 400, never a
 * counted search.
 */
export const SearchQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().min(1).max(MAX_QUERY_TEXT).optional(),
  category: ProjectListQuerySchema.shape.category,
  chain: ProjectListQuerySchema.shape.chain,
  status: ProjectListQuerySchema.shape.status,
  verified: ProjectListQuerySchema.shape.verified,
  heatMin: bound,
  heatMax: bound,
  /** 24 h and 7 d change ranges, in percent (the project's price change: the list's change column). */
  change24hMin: bound,
  change24hMax: bound,
  change7dMin: bound,
  change7dMax: bound,
  marketCapMin: bound,
  marketCapMax: bound,
  volumeMin: bound,
  volumeMax: bound,
  /** Listed on or after this day (UTC). */
  listedSince: day,
  /** Default: relevance with q, heat without. */
  sort: z.enum(SEARCH_SORTS).optional(),
  lang: z.enum(['zh', 'en']).optional(),
}).superRefine((query, ctx) => {
  for (const [min, max] of SEARCH_RANGES) {
    const lo = query[min];
    const hi = query[max];
    if (lo !== undefined && hi !== undefined && lo > hi) {
      ctx.addIssue({ code: 'custom', path: [min], message: `${min} must not exceed ${max}` });
    }
  }
  if (query.q === undefined && !SEARCH_FILTERS.some((f) => query[f] !== undefined)) {
    ctx.addIssue({ code: 'custom', path: ['q'], message: 'q or a filter is required' });
  }
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

const FacetSchema = z.object({ value: z.string(), count: z.number().int() });
export const SearchFacetsSchema = z.object({
  /** Per primary sector: adds up to total when no sector filter is set (each project has one primary sector). */
  category: z.array(FacetSchema),
  /** Per chain: a project on several chains counts once per chain, so these may add up to more than total. */
  chain: z.array(FacetSchema),
  /** Per status; value 'unscored' = no heat score yet. Adds up to total when no status filter is set. */
  status: z.array(FacetSchema),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

/**
 * GET /api/search/facets (same query as /api/search; page and sort ignored): the facet counts of that search and the
 * total they add up to. Not counted (the search it belongs to is); the /search page loads it beside the results.
 */
export const SearchFacetsResponseSchema = z.object({ total: z.number().int(), facets: SearchFacetsSchema });
export type SearchFacetsResponse = z.infer<typeof SearchFacetsResponseSchema>;

export const SearchResponseSchema = ProjectListResponseSchema.extend({
  /** The daily search quota after this search (limit -1 = unlimited). */
  quota: z.object({ used: z.number().int(), limit: z.number().int(), resetsAt: z.string() }),
  /** The sort applied (relevance by default with q, heat without). Optional: older servers did not send it. */
  sort: z.enum(SEARCH_SORTS).optional(),
  /**
   * Facet counts for this query: each facet applies every other filter but not its own (docs/search.md). Optional:
   * current servers leave them out and serve them from GET /api/search/facets (SearchFacetsResponseSchema).
   */
  facets: SearchFacetsSchema.optional(),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** GET /api/search/suggest: free, not counted, top 8 by name/symbol. */
export const SuggestQuerySchema = z.object({
  q: z.string().trim().min(1).max(MAX_QUERY_TEXT),
  lang: z.enum(['zh', 'en']).optional(),
});
export const SuggestItemSchema = ProjectListItemSchema.pick({
  id: true,
  name: true,
  symbol: true,
  logoUrl: true,
}).extend({
  heatScore: z.number().nullable(),
});
export const SuggestResponseSchema = z.object({ items: z.array(SuggestItemSchema).max(8) });
export type SuggestResponse = z.infer<typeof SuggestResponseSchema>;
export const SUGGEST_LIMIT = 8;
