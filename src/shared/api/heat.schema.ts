import { z } from 'zod';
import type { HistoryRangeKey } from '../membership/level.ts';
import { MARKET_CAP_BAND_NAMES } from '../scoring/cohorts.ts';
import { BreakdownEntrySchema } from '../scoring/types.ts';
import { MetricSourceSchema, ProjectStatusSchema } from './common.schema.ts';
import { TREND_RANGES } from './heat.values.ts';

// HTTP contract of the heat engine: a project's breakdown, project and sector history, and the sync state.

export const HeatParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const HistoryRangeSchema = z.enum(['7d', '30d', '90d', '1y'] satisfies HistoryRangeKey[]);
export type HistoryRange = z.infer<typeof HistoryRangeSchema>;
export const HistoryQuerySchema = z.object({
  range: HistoryRangeSchema.default('7d'),
  /** The error message's language (kept so the error handler still sees it after parsing). */
  lang: z.enum(['zh', 'en']).optional(),
});

export const TrendRangeSchema = z.enum(TREND_RANGES);
export type TrendRange = z.infer<typeof TrendRangeSchema>;
export type HistoryQuery = z.infer<typeof HistoryQuerySchema>;

const CategoryScoresSchema = z.object({
  social: z.number().nullable(),
  market: z.number().nullable(),
  development: z.number().nullable(),
  news: z.number().nullable(),
});

/** What a score rests on (shared/scoring/evidence.ts): the minimum evidence rule applied to the project's inputs. */
export const EvidenceSchema = z.object({
  /** Raw heat inputs with data. */
  count: z.number().int().min(0),
  /** Raw heat inputs there are (17). */
  total: z.number().int(),
  /** Inputs with data needed for a heat score (MIN_EVIDENCE_SIGNALS, 2). */
  min: z.number().int(),
  /** The inputs with data, by signal key. */
  signals: z.array(z.string()),
  /** The distinct recorded sources of those inputs (e.g. "coingecko", "catalogue-sample"). */
  sources: z.array(z.string()),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** An input's standing in one cohort: its mid-rank percentile (null below MIN_COHORT_PEERS) among `peers` with data. */
export const CohortStandingSchema = z.object({
  percentile: z.number().min(0).max(100).nullable(),
  peers: z.number().int(),
});

/**
 * Each input with data ranked within the project's sector and within its market-cap band (shared/scoring/cohorts.ts):
 * "followers: 3.0 M, 97th percentile in Layer1". `capBand` is null without a market cap; inputs without data are absent.
 */
export const CohortPercentilesSchema = z.object({
  sector: z.string(),
  capBand: z.object({ band: z.enum(MARKET_CAP_BAND_NAMES), from: z.number(), to: z.number().nullable() }).nullable(),
  inputs: z.record(z.string(), z.object({ sector: CohortStandingSchema, capBand: CohortStandingSchema.nullable() })),
});
export type CohortPercentiles = z.infer<typeof CohortPercentilesSchema>;

/**
 * GET /api/projects/:id/heat — the score explained: every component, "no data" included. A project below the minimum
 * evidence rule has `scored: false`, `score: null` and `status: null`; its breakdown still lists every component with
 * its raw value, but no entry contributes (there is no score to sum to).
 */
export const ProjectHeatResponseSchema = z.object({
  projectId: z.string(),
  /** False when fewer than `evidence.min` inputs have data: the project has no heat score ("not enough data"). */
  scored: z.boolean(),
  evidence: EvidenceSchema,
  score: z.number().nullable(),
  /** Null when no social profile was read (no followers, mentions or engagement): "no data", never the base 50. */
  socialScore: z.number().nullable(),
  status: ProjectStatusSchema.nullable(),
  model: z.string(),
  socialModel: z.string(),
  /** When the stored score was computed; null when the breakdown is a preview made now (see previewReason). */
  computedAt: z.iso.datetime().nullable(),
  /**
   * Why this is a preview rather than the stored score: 'not-computed' before the first run of this model,
   * 'inputs-changed' when signals arrived after the last run (the next run stores them). Null for the stored score.
   */
  previewReason: z.enum(['not-computed', 'inputs-changed']).nullable(),
  noData: z.boolean(),
  /** Category sub-scores 0–100 for the radar/bar chart; null for a category without data. */
  categories: CategoryScoresSchema,
  /** Heat breakdown; contributions sum to `score` (all 0 when not scored). */
  breakdown: z.array(BreakdownEntrySchema),
  /** Social-score breakdown; contributions sum to `socialScore` (all 0 when it is null). */
  socialBreakdown: z.array(BreakdownEntrySchema),
  /** Where each signal came from and when (keys are signal names), when ingestion recorded it. */
  sources: z.record(z.string(), MetricSourceSchema),
  /** Each input's percentile within the project's sector and market-cap band. */
  cohorts: CohortPercentilesSchema,
});
export type ProjectHeatResponse = z.infer<typeof ProjectHeatResponseSchema>;

export const HistoryPointSchema = z.object({
  at: z.iso.datetime(),
  score: z.number(),
  socialScore: z.number().nullable(),
  /** True when the point is a past day recomputed by the history backfill from daily source values, not a live run. */
  backfilled: z.boolean(),
});
export type HistoryPoint = z.infer<typeof HistoryPointSchema>;

/** One component's move in score points ("why it moved"). */
export const ContributionDeltaSchema = z.object({
  key: z.string(),
  current: z.number(),
  previous: z.number(),
  delta: z.number(),
});
export type ContributionDelta = z.infer<typeof ContributionDeltaSchema>;

/** The change against the latest row at least 24 h (7 d) old; null without such history. */
export const MoveSchema = z.object({
  since: z.iso.datetime(),
  change: z.number(),
  components: z.array(ContributionDeltaSchema),
});
export type Move = z.infer<typeof MoveSchema>;

/** GET /api/projects/:id/history and GET /api/sectors/:id/history. */
export const HistoryResponseSchema = z.object({
  id: z.string(),
  range: HistoryRangeSchema,
  /** Downsampled for charts: the last point of each bucket (7d: 1 h, 30d: 4 h, 90d: 1 day), oldest first. */
  bucketSeconds: z.number().int(),
  points: z.array(HistoryPointSchema),
  /** Why it moved: each component's change in contribution over 24 h and 7 d. */
  moves: z.object({ day: MoveSchema.nullable(), week: MoveSchema.nullable() }),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

// The sync state moved to sync.schema.ts (run statuses and per-source freshness); re-exported here.
export {
  SyncErrorSchema,
  SyncJobStateSchema,
  type SyncStatusResponse,
  SyncStatusResponseSchema,
} from './sync.schema.ts';
