import { z } from 'zod';
import { ContributionDeltaSchema } from './heat.schema.ts';

// HTTP contract of AI analysis: deterministic analytics (always on, no model) and briefs written from them
// (by an OpenAI-compatible model when one is configured, else by a template). Every number the analysis holds is a
// `fact`; a brief's numbers are citations of facts, so the page can link each to where it comes from.

export const ANALYSIS_LANGS = ['zh', 'en'] as const;
export const AnalysisLangSchema = z.enum(ANALYSIS_LANGS);
export type AnalysisLang = z.infer<typeof AnalysisLangSchema>;

export const AnalysisParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** One number the analysis holds, with where it comes from: the only numbers a brief may state. */
export const AnalysisFactSchema = z.object({
  /** Stable dotted key, e.g. 'heat.score', 'breakdown.xFollowers.contribution', 'move.day.change', 'risk.thinLiquidity.ratio'. */
  key: z.string(),
  value: z.number(),
  unit: z.enum(['points', 'percent', 'usd', 'count', 'zscore', 'ratio', 'days', 'share']),
  /** Who supplied it: 'heatrank' for our own computations, else the adapter (coingecko, defillama, github, …). */
  source: z.string(),
  asOf: z.iso.datetime().nullable(),
  /** The element id on the page a citation links to ('breakdown-xFollowers', 'project-scores', …), or null. */
  anchor: z.string().nullable(),
});
export type AnalysisFact = z.infer<typeof AnalysisFactSchema>;

/** A project's heat change over a window and the breakdown components that drove it (largest |delta| first). */
export const MoverSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  window: z.enum(['day', 'week']),
  from: z.number(),
  to: z.number(),
  change: z.number(),
  since: z.iso.datetime(),
  drivers: z.array(ContributionDeltaSchema).max(3),
});
export type Mover = z.infer<typeof MoverSchema>;

/** A value far from its own 30-day rolling mean: |z| above ANOMALY_Z_THRESHOLD and the value above its minimum level. */
export const AnomalySchema = z.object({
  projectId: z.string(),
  name: z.string(),
  /** 'heat' or an attention signal (mentions, pageViews, news, redditPosts, …). */
  signal: z.string(),
  value: z.number(),
  mean: z.number(),
  stdDev: z.number(),
  zScore: z.number(),
  direction: z.enum(['up', 'down']),
  at: z.iso.datetime(),
});
export type Anomaly = z.infer<typeof AnomalySchema>;

/** A sector's share of the total heat now and 7 days ago; the changes of all sectors sum to zero. */
export const RotationEntrySchema = z.object({
  sectorId: z.string(),
  name: z.string(),
  shareNow: z.number(),
  shareBefore: z.number(),
  shareChange: z.number(),
});
export type RotationEntry = z.infer<typeof RotationEntrySchema>;

/** A similar project (cosine similarity of sector, chains, tags and normalised signals) and what they share. */
export const SimilarProjectSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  similarity: z.number().min(-1).max(1),
  shared: z.object({
    sector: z.string().nullable(),
    chains: z.array(z.string()),
    tags: z.array(z.string()),
    /** Signals both have at a similar normalised level. */
    signals: z.array(z.string()),
  }),
});
export type SimilarProject = z.infer<typeof SimilarProjectSchema>;

export const RISK_FLAG_CODES = [
  'thinLiquidity', // 24 h volume small against market cap
  'singleSignal', // one component carries most of the heat
  'staleInputs', // inputs older than their freshness window
  'fewAuthors', // attention spiking from few distinct authors
  'newListing', // listed very recently
] as const;
export const RiskFlagCodeSchema = z.enum(RISK_FLAG_CODES);

export const RiskFlagSchema = z.object({
  code: RiskFlagCodeSchema,
  severity: z.enum(['low', 'medium', 'high']),
  /** Values the web app fills into the flag's translated text (e.g. { ratio: 0.004, signal: 'mentions' }). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Keys of the facts the flag rests on. */
  facts: z.array(z.string()),
});
export type RiskFlag = z.infer<typeof RiskFlagSchema>;

/** Why part of an answer is withheld: the viewer's level lacks the feature (server-enforced; the data is not sent). */
export const AnalysisLockSchema = z.object({
  feature: z.literal('heat_analytics'),
  requiredLevel: z.literal('premium'),
});

/** What every level sees of a project's or a sector's analysis. */
export const AnalysisSummarySchema = z.object({
  heat: z.number().nullable(),
  change24h: z.number().nullable(),
  change7d: z.number().nullable(),
  anomalyCount: z.number().int(),
  riskFlagCount: z.number().int(),
  topRisk: RiskFlagCodeSchema.nullable(),
});

/** GET /api/analysis/project/:id — free: summary only (`full` null, `locked` set); premium and up: everything. */
export const ProjectAnalysisResponseSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  /** The data the analysis was computed from: the last heat run's time (ISO), or 'none' before the first run. */
  dataVersion: z.string(),
  computedAt: z.iso.datetime(),
  summary: AnalysisSummarySchema,
  full: z
    .object({
      movers: z.object({ day: MoverSchema.nullable(), week: MoverSchema.nullable() }),
      anomalies: z.array(AnomalySchema),
      riskFlags: z.array(RiskFlagSchema),
      similar: z.array(SimilarProjectSchema).max(5),
    })
    .nullable(),
  locked: AnalysisLockSchema.nullable(),
  facts: z.array(AnalysisFactSchema),
});
export type ProjectAnalysisResponse = z.infer<typeof ProjectAnalysisResponseSchema>;

/** GET /api/analysis/sector/:id — same gating as a project. */
export const SectorAnalysisResponseSchema = z.object({
  sectorId: z.string(),
  name: z.string(),
  dataVersion: z.string(),
  computedAt: z.iso.datetime(),
  summary: AnalysisSummarySchema.extend({ share: z.number().nullable(), shareChange7d: z.number().nullable() }),
  full: z
    .object({
      movers: z.array(MoverSchema),
      anomalies: z.array(AnomalySchema),
      /** Flags of member projects, each with its project. */
      riskFlags: z.array(RiskFlagSchema.extend({ projectId: z.string(), name: z.string() })),
    })
    .nullable(),
  locked: AnalysisLockSchema.nullable(),
  facts: z.array(AnalysisFactSchema),
});
export type SectorAnalysisResponse = z.infer<typeof SectorAnalysisResponseSchema>;

/** GET /api/analysis/market — basic analytics, free for everyone. */
export const MarketAnalysisResponseSchema = z.object({
  dataVersion: z.string(),
  computedAt: z.iso.datetime(),
  movers: z.object({
    day: z.object({ up: z.array(MoverSchema), down: z.array(MoverSchema) }),
    week: z.object({ up: z.array(MoverSchema), down: z.array(MoverSchema) }),
  }),
  rotation: z.array(RotationEntrySchema),
  anomalies: z.array(AnomalySchema),
  facts: z.array(AnalysisFactSchema),
  /**
   * How much heat history there is: the first stored run and whole days from it to the latest. The page says what
   * fills in after how long (24 h movers after 1 day, 7-day movers and rotation after 7, anomalies after
   * ANOMALY_MIN_POINTS days).
   */
  history: z.object({ firstRunAt: z.iso.datetime().nullable(), days: z.number().int().min(0) }),
});
export type MarketAnalysisResponse = z.infer<typeof MarketAnalysisResponseSchema>;

export const BRIEF_KINDS = ['project', 'sector', 'market'] as const;
export const BriefKindSchema = z.enum(BRIEF_KINDS);
export type BriefKind = z.infer<typeof BriefKindSchema>;

export const BriefQuerySchema = z.object({ lang: AnalysisLangSchema.default('zh') });

/** A run of brief text; a cited number carries its fact key (the page renders it as a link to the fact's anchor). */
export const BriefSegmentSchema = z.object({ text: z.string(), fact: z.string().nullable() });
export type BriefSegment = z.infer<typeof BriefSegmentSchema>;

export const BRIEF_FALLBACK_REASONS = ['noModel', 'budget', 'failed', 'timeout', 'rejected'] as const;

/**
 * What a brief's inputs are (the instance's data state when it is served, GET /api/data-state): `sample` (the
 * built-in catalogue's sample, as of `asOf`), `live` (market data refreshed at `asOf`), `stale` (last refreshed at
 * `asOf`: stale since then), `none` (no source and no sample). `ageDays`: whole days from `asOf` to the serving time.
 */
export const BriefInputsSchema = z.object({
  kind: z.enum(['sample', 'live', 'stale', 'none']),
  asOf: z.iso.datetime().nullable(),
  ageDays: z.number().int().min(0).nullable(),
});
export type BriefInputs = z.infer<typeof BriefInputsSchema>;

/**
 * GET /api/analysis/{project/:id|sector/:id|market}/brief?lang= (JSON) and …/brief/stream?lang= (server-sent events:
 * `delta` events carry { text } as the model writes, untagged; one `done` event carries this body).
 */
export const BriefResponseSchema = z.object({
  kind: BriefKindSchema,
  entityId: z.string().nullable(),
  lang: AnalysisLangSchema,
  dataVersion: z.string(),
  generatedAt: z.iso.datetime(),
  /** 'model': written by LLM_MODEL and checked; 'template': written from the analytics without a model. */
  origin: z.enum(['model', 'template']),
  model: z.string().nullable(),
  /** Why a template brief was served instead of the model's (null for a model brief). */
  fallbackReason: z.enum(BRIEF_FALLBACK_REASONS).nullable(),
  segments: z.array(BriefSegmentSchema),
  /** The facts cited by the segments (a subset of the analysis facts). */
  facts: z.array(AnalysisFactSchema),
  /** The age and kind of the inputs, as of this answer (a cached brief gets the current state). */
  inputs: BriefInputsSchema,
});
export type BriefResponse = z.infer<typeof BriefResponseSchema>;

export const BriefDeltaEventSchema = z.object({ text: z.string() });
export type BriefDeltaEvent = z.infer<typeof BriefDeltaEventSchema>;
