import { z } from 'zod';
import { MetricSourceSchema, PageQuerySchema, ProjectRefSchema, pageOf } from './common.schema.ts';
import { ProjectListItemSchema } from './projects.schema.ts';

export const PLATFORM_LAYERS = ['L1', 'L2'] as const;
export const PLATFORM_SORTS = ['projects', 'heat', 'tvl'] as const;
export type PlatformSort = (typeof PLATFORM_SORTS)[number];

/** An ecosystem platform: a chain projects are deployed on, or a launch platform their token started on. */
export const PlatformSchema = z.object({
  id: z.string(), // slug of the name, e.g. 'bnb-chain'
  name: z.string(),
  kind: z.enum(['chain', 'launchpad']),
  projectCount: z.number().int(),
  /** Mean heat of the scored projects; null when none has enough evidence for a score. */
  avgHeat: z.number().nullable(),
  topProjects: z.array(ProjectRefSchema),
  /**
   * For a chain: 'L2' when the project that is this chain is a Layer2 or a rollup (catalogue category or tags), 'L1'
   * when it is a Layer1; null for a launch platform or a chain we hold no such project for.
   */
  layer: z.enum(PLATFORM_LAYERS).nullable(),
  /**
   * The chain's total value locked (DefiLlama chain TVL), with its source and time; null when this instance holds no
   * chain TVL for it ("no data"). Never the sum of its protocols' TVL: a multi-chain protocol would count on each.
   */
  tvl: z.number().nullable(),
  tvlSource: MetricSourceSchema.nullable(),
});
export type Platform = z.infer<typeof PlatformSchema>;

export const PlatformListQuerySchema = z.object({
  kind: z.enum(['chain', 'launchpad']).optional(),
  /** Part of the platform's name, any case (trimmed; empty means no filter). */
  q: z.string().trim().max(100).optional(),
  /** Descending; a missing value (no heat, no TVL) sorts last, then by name. Default: most projects first. */
  sort: z.enum(PLATFORM_SORTS).default('projects'),
  lang: z.enum(['zh', 'en']).optional(),
});
export const PlatformListResponseSchema = z.object({ items: z.array(PlatformSchema) });
export type PlatformListResponse = z.infer<typeof PlatformListResponseSchema>;

export const PlatformDetailQuerySchema = PageQuerySchema.extend({ lang: z.enum(['zh', 'en']).optional() });
export const PlatformDetailResponseSchema = z.object({
  platform: PlatformSchema,
  projects: pageOf(ProjectListItemSchema),
});
export type PlatformDetailResponse = z.infer<typeof PlatformDetailResponseSchema>;

export const PlatformParamsSchema = z.object({ id: z.string().min(1).max(64) });
