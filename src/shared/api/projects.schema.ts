import { z } from 'zod';
import {
  LocalizedTextSchema,
  MetricSourceSchema,
  PageQuerySchema,
  ProjectStatusSchema,
  pageOf,
} from './common.schema.ts';

export const PROJECT_SORTS = [
  'heat',
  'social',
  'market_cap',
  'volume',
  'change_24h',
  'listed',
  'name',
  'price',
  'followers',
] as const;
export const ProjectSortSchema = z.enum(PROJECT_SORTS);
export type ProjectSort = z.infer<typeof ProjectSortSchema>;

export const MAX_QUERY_TEXT = 100;
// Filter values are names or slugs: letters (any script), digits, space and a few separators. Anything else is a 400.
const filterValue = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N} ._\-()&+/]+$/u, 'contains unsupported characters');

export const ProjectListQuerySchema = PageQuerySchema.extend({
  sort: ProjectSortSchema.default('heat'),
  /** Default: ascending for name, descending for everything else. */
  order: z.enum(['asc', 'desc']).optional(),
  category: filterValue.optional(),
  chain: filterValue.optional(),
  status: ProjectStatusSchema.optional(),
  verified: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  q: z.string().trim().min(1).max(MAX_QUERY_TEXT).optional(),
  lang: z.enum(['zh', 'en']).optional(),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;
export type ProjectListQueryInput = z.input<typeof ProjectListQuerySchema>;

export const ProjectListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  logoUrl: z.string().nullable(),
  intro: LocalizedTextSchema,
  category: z.string(),
  chains: z.array(z.string()),
  status: ProjectStatusSchema,
  verified: z.boolean(),
  heatScore: z.number(),
  socialScore: z.number(),
  price: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
  priceChange24h: z.number().nullable(),
  /** Price change over 7 days in percent (the /tool "momentum" column). */
  priceChange7d: z.number().nullable(),
  followersTwitter: z.number().nullable(),
  /** Provenance of the market numbers shown in a list row (marketCap's source); null when there are none. */
  marketSource: MetricSourceSchema.nullable(),
  listedAt: z.string().nullable(),
});
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

export const ProjectListResponseSchema = pageOf(ProjectListItemSchema);
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;

export const ProjectLinksSchema = z.object({
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  telegram: z.string().nullable(),
  discord: z.string().nullable(),
  github: z.string().nullable(),
  whitepaper: z.string().nullable(),
});

const nullableNumber = z.number().nullable();

export const ProjectSchema = ProjectListItemSchema.extend({
  description: LocalizedTextSchema,
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  links: ProjectLinksSchema,
  twitterHandle: z.string().nullable(),
  githubOrgs: z.array(z.string()),
  sourcePlatform: z.string().nullable(),
  coingeckoId: z.string().nullable(),
  sectorId: z.string().nullable(),
  metrics: z.object({
    price: nullableNumber,
    marketCap: nullableNumber,
    volume24h: nullableNumber,
    priceChange24h: nullableNumber,
    priceChange7d: nullableNumber,
    tvl: nullableNumber,
  }),
  followers: z.object({ twitter: nullableNumber, telegram: nullableNumber, discord: nullableNumber }),
  social: z.object({ mentions7d: nullableNumber, engagementAvg: nullableNumber }),
  development: z.object({
    commits: nullableNumber,
    stars: nullableNumber,
    forks: nullableNumber,
    contributors: nullableNumber,
    codeFrequency: nullableNumber,
  }),
  news: z.object({ mentions: nullableNumber, googleTrends: nullableNumber, redditMentions: nullableNumber }),
  /** Where and when each metric came from, keyed by the metric's field name (e.g. "marketCap"). */
  metricSources: z.record(z.string(), MetricSourceSchema),
  heatModel: z.string().nullable(),
  heatComputedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectParamsSchema = z.object({ id: z.string().min(1).max(128) });
