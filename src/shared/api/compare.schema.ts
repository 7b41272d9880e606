import { z } from 'zod';
import { MetricSourceSchema } from './common.schema.ts';
import { COMPARE_MAX, COMPARE_MIN } from './compare.values.ts';
import { HistoryResponseSchema, ProjectHeatResponseSchema, TrendRangeSchema } from './heat.schema.ts';
import { ProjectListItemSchema } from './projects.schema.ts';

// HTTP contract of comparison (premium 'comparative_analysis') and trend analysis (premium 'trend_analysis').

// Any id GET /api/projects/:id accepts, minus what a list cannot carry (commas, spaces, control characters).
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const PROJECT_ID = /^[^\s,\u0000-\u001f]{1,128}$/;

/** "a,b,c" → ['a','b','c']: 2–5 distinct project ids, in the order asked (the columns' order). */
export const CompareIdsSchema = z
  .string()
  .max(1000)
  .transform((raw) => raw.split(',').map((id) => id.trim()))
  .pipe(
    z
      .array(z.string().regex(PROJECT_ID, 'compare.validation.badId'))
      .min(COMPARE_MIN, 'compare.validation.count')
      .max(COMPARE_MAX, 'compare.validation.count')
      .refine((ids) => new Set(ids).size === ids.length, 'compare.validation.duplicate'),
  );

export const CompareQuerySchema = z.object({
  ids: CompareIdsSchema,
  range: TrendRangeSchema.default('30d'),
  /** The error messages' language (kept so the error handler still sees it after parsing). */
  lang: z.enum(['zh', 'en']).optional(),
});
export type CompareQuery = z.input<typeof CompareQuerySchema>;

/** One compared project: the directory row's figures, every metric's provenance, its heat explained and its history. */
export const CompareItemSchema = z.object({
  project: ProjectListItemSchema,
  /** Where each metric came from and as of when (keys are metric fields: price, marketCap, volume24h, …). */
  metricSources: z.record(z.string(), MetricSourceSchema),
  /** The same body GET /api/projects/:id/heat gives. */
  heat: ProjectHeatResponseSchema,
  /** The same body GET /api/projects/:id/history?range= gives. */
  history: HistoryResponseSchema,
});
export type CompareItem = z.infer<typeof CompareItemSchema>;

/** GET /api/compare?ids=a,b&range=30d — items in the order of `ids`. */
export const CompareResponseSchema = z.object({
  range: TrendRangeSchema,
  items: z.array(CompareItemSchema),
});
export type CompareResponse = z.infer<typeof CompareResponseSchema>;

export const TrendQuerySchema = z.object({
  range: TrendRangeSchema.default('30d'),
  lang: z.enum(['zh', 'en']).optional(),
});

/** One day of a trend: the last stored heat of that (UTC) day and the ranks it gave. */
export const TrendPointSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  score: z.number(),
  /** 1 = hottest that day, among all projects (a project) or all sectors (a sector); ties share a rank. */
  rank: z.number().int().min(1),
  /** How many projects (sectors) had a heat that day. */
  total: z.number().int().min(1),
  /** A project's rank within its sector that day; null for a sector or a project without a sector. */
  sectorRank: z.number().int().min(1).nullable(),
  sectorTotal: z.number().int().min(1).nullable(),
  /** When the day's heat was computed (its last heat_history row): the point's as-of. Optional. */
  asOf: z.iso.datetime().optional(),
});
export type TrendPoint = z.infer<typeof TrendPointSchema>;

/** GET /api/projects/:id/trend and GET /api/sectors/:id/trend. */
export const TrendResponseSchema = z.object({
  entityType: z.enum(['project', 'sector']),
  id: z.string(),
  range: TrendRangeSchema,
  /** A project's sector (whose members `sectorRank` counts); null for a sector. */
  sectorId: z.string().nullable(),
  points: z.array(TrendPointSchema),
});
export type TrendResponse = z.infer<typeof TrendResponseSchema>;
