import { z } from 'zod';
import {
  LocalizedTextSchema,
  MetricSourceSchema,
  PageQuerySchema,
  ProjectStatusSchema,
  pageOf,
  VerificationSchema,
} from './common.schema.ts';
import { type DirectoryPageSize, MAX_QUERY_TEXT, PROJECT_SORTS } from './projects.values.ts';

export const ProjectSortSchema = z.enum(PROJECT_SORTS);
export type ProjectSort = z.infer<typeof ProjectSortSchema>;

// Filter values are names or slugs: letters (any script), digits, space and a few separators. Anything else is a 400.
const filterValue = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N} ._\-()&+/]+$/u, 'contains unsupported characters');

export const ProjectListQuerySchema = PageQuerySchema.extend({
  /** One of DIRECTORY_PAGE_SIZES; when given it is the page's limit (it wins over `limit`). */
  pageSize: z
    .enum(['20', '50', '100'], { error: 'pageSize must be 20, 50 or 100' })
    .transform((v) => Number(v) as DirectoryPageSize)
    .optional(),
  sort: ProjectSortSchema.default('heat'),
  /** Default: ascending for name, descending for everything else. */
  order: z.enum(['asc', 'desc']).optional(),
  category: filterValue.optional(),
  chain: filterValue.optional(),
  status: ProjectStatusSchema.optional(),
  /** true: only projects with a heat score; false: only those without (not enough data). */
  scored: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
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
  /** Derived status; null when the project is not scored. */
  status: ProjectStatusSchema.nullable(),
  /** True exactly when `verification` is set. */
  verified: z.boolean(),
  /** Who or what verified the project and when; null when it is not verified. */
  verification: VerificationSchema.nullable(),
  /**
   * Heat 0–100; null = not enough data (fewer than MIN_EVIDENCE_SIGNALS raw inputs with data). Every heat-sorted list
   * puts these after every scored project, in both orders.
   */
  heatScore: z.number().nullable(),
  /** Raw heat inputs with data, 0–17 (shared/scoring/evidence.ts): "5 of 17 signals". */
  evidenceCount: z.number().int().min(0),
  socialScore: z.number().nullable(),
  price: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
  priceChange24h: z.number().nullable(),
  /** Price change over 7 days in percent (the /tool "momentum" column). */
  priceChange7d: z.number().nullable(),
  followersTwitter: z.number().nullable(),
  /** Provenance of the market numbers shown in a list row (marketCap's source); null when there are none. */
  marketSource: MetricSourceSchema.nullable(),
  /** Provenance of followersTwitter; null when there is none. */
  followersSource: MetricSourceSchema.nullable(),
  listedAt: z.string().nullable(),
});
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

export const ProjectListResponseSchema = pageOf(ProjectListItemSchema);
export type ProjectListResponse = z.infer<typeof ProjectListResponseSchema>;

/** Days in the directory's heat sparkline: today (UTC) and the six days before it. */
export const SPARKLINE_DAYS = 7;

/**
 * The listed projects' heat of each of the last SPARKLINE_DAYS UTC days (heat_daily_ranks: a day's last heat), read in
 * one statement per page. `scores[id][i]` is the heat on `days[i]`; null = no heat recorded that day (a gap, never a
 * zero). Every listed project has an entry; one with no history at all is all nulls.
 */
export const HeatSparklinesSchema = z.object({
  days: z.array(z.iso.date()),
  scores: z.record(z.string(), z.array(z.number().nullable())),
});
export type HeatSparklines = z.infer<typeof HeatSparklinesSchema>;

/**
 * A project's place on CoinGecko's trending list (GET /search/trending, read by the hourly market job): `rank` 1 = top,
 * `asOf` = when the list was read. Only projects on the list as last read have one.
 */
export const TrendingRankSchema = z.object({
  rank: z.number().int().min(1),
  source: z.literal('coingecko'),
  asOf: z.iso.datetime(),
});
export type TrendingRank = z.infer<typeof TrendingRankSchema>;

/**
 * GET /api/projects (and /api/v1/projects): a page of the directory plus each row's 7-day heat and, for the listed
 * projects on CoinGecko's trending list, their rank (`trending[id]`; absent = not trending).
 */
export const ProjectDirectoryResponseSchema = ProjectListResponseSchema.extend({
  heat7d: HeatSparklinesSchema,
  trending: z.record(z.string(), TrendingRankSchema).default({}),
});
export type ProjectDirectoryResponse = z.infer<typeof ProjectDirectoryResponseSchema>;

export const ProjectLinksSchema = z.object({
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  telegram: z.string().nullable(),
  discord: z.string().nullable(),
  github: z.string().nullable(),
  whitepaper: z.string().nullable(),
});

const nullableNumber = z.number().nullable();

export const ProjectFundamentalsSchema = z.object({
  team: LocalizedTextSchema.nullable(),
  roadmap: LocalizedTextSchema.nullable(),
  tokenomics: LocalizedTextSchema.nullable(),
  partnerships: z.array(z.string()),
});
export type ProjectFundamentals = z.infer<typeof ProjectFundamentalsSchema>;

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
  news: z.object({
    mentions: nullableNumber,
    googleTrends: nullableNumber,
    redditMentions: nullableNumber,
    /** Distinct authors of the Reddit posts (the heat model scores min(posts, 3 × authors)); null when unknown. */
    redditAuthors: nullableNumber,
  }),
  /** Where and when each metric came from, keyed by the metric's field name (e.g. "marketCap"). */
  metricSources: z.record(z.string(), MetricSourceSchema),
  heatModel: z.string().nullable(),
  heatComputedAt: z.string().nullable(),
  /** Newest as-of among the project's metric inputs (metricSources): what "updated" means on a project page. */
  dataAsOf: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The spec's remaining labels from the catalogue (the whitepaper is in `links`); null / [] when not curated. */
  fundamentals: ProjectFundamentalsSchema,
  /** Its rank on CoinGecko's trending list as last read, or null when it is not on it. */
  trending: TrendingRankSchema.nullable().default(null),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectParamsSchema = z.object({ id: z.string().min(1).max(128) });
