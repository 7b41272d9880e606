import { z } from 'zod';
import { LocalizedTextSchema, MetricSourceSchema, PageQuerySchema, ProjectRefSchema, pageOf } from './common.schema.ts';
import { ProjectListItemSchema } from './projects.schema.ts';

export const SECTOR_TRENDS = ['up', 'down', 'stable'] as const;

export const SectorSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string().nullable(),
  description: LocalizedTextSchema,
  icon: z.string().nullable(),
  color: z.string(),
  /** Heat over the scored members; null when no member is scored. */
  heatScore: z.number().nullable(),
  socialScore: z.number().nullable(),
  projectCount: z.number().int(),
  /** Members with a heat score; heat, size bonus, top projects, breadth and concentration count only these. */
  scoredCount: z.number().int(),
  /** True when the sector has a heat score resting on fewer than SECTOR_CONFIDENT_MIN_SCORED scored members. */
  lowConfidence: z.boolean(),
  totalMarketCap: z.number().nullable(),
  /** Provenance of totalMarketCap: sample when any member value is a sample, as of the oldest member value. */
  marketSource: MetricSourceSchema.nullable(),
  /** Sum of the members' protocol TVL (DefiLlama), null when no member has one; how many members it covers. */
  totalTvl: z.number().nullable(),
  tvlProjectCount: z.number().int(),
  /** Provenance of totalTvl, as for marketSource: as of the oldest member value, stale when any is. */
  tvlSource: MetricSourceSchema.nullable(),
  /** Heat points against 24 h ago; null until there is 24 h of history. */
  change24h: z.number().nullable(),
  trend: z.enum(SECTOR_TRENDS).nullable(),
  breadth: z.number().nullable(),
  concentration: z.number().nullable(),
  topProjects: z.array(ProjectRefSchema),
  updatedAt: z.string(),
});
export type Sector = z.infer<typeof SectorSchema>;

export const SectorListResponseSchema = z.object({ items: z.array(SectorSchema) });
export type SectorListResponse = z.infer<typeof SectorListResponseSchema>;

export const SectorDetailQuerySchema = PageQuerySchema.extend({ lang: z.enum(['zh', 'en']).optional() });
export const SectorDetailResponseSchema = z.object({
  sector: SectorSchema,
  projects: pageOf(ProjectListItemSchema),
});
export type SectorDetailResponse = z.infer<typeof SectorDetailResponseSchema>;

export const SectorParamsSchema = z.object({ id: z.string().min(1).max(64) });
