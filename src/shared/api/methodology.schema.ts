import { z } from 'zod';
import { MODEL_RULES } from '../methodology/model-changes.ts';
import { OUTCOMES } from '../methodology/outcomes.ts';
import type { OutcomeKey } from '../methodology/types.ts';
import { HEAT_NORMALIZATION } from '../scoring/normalize.ts';
import type { HeatComponentKey } from '../scoring/weights.ts';

// The methodology API: the stored evaluation of the heat score against what happened next, and the heat model
// versions (weights as data) with their changelog. Numbers and codes only; the web words them.

export const OUTCOME_KEYS = OUTCOMES.map((o) => o.key) as [OutcomeKey, ...OutcomeKey[]];
export const OutcomeKeySchema = z.enum(OUTCOME_KEYS);
/** 'published': the daily heat users saw; 'replayed': heat recomputed under the model from the stored daily inputs. */
export const EVALUATION_BASES = ['published', 'replayed'] as const;
export const EvaluationBasisSchema = z.enum(EVALUATION_BASES);
export type EvaluationBasis = z.infer<typeof EvaluationBasisSchema>;
const Day = z.iso.date();

export const EvaluationQuerySchema = z.object({
  /** A model version id (default: every evaluated version). */
  model: z.string().min(1).max(64).optional(),
  basis: EvaluationBasisSchema.optional(),
  horizon: z.coerce.number().int().min(1).max(90).optional(),
  outcome: OutcomeKeySchema.optional(),
  /** 'all' (default), 'sector' (every sector), or 'any' (every group). */
  group: z.enum(['all', 'sector', 'modelVersion', 'any']).default('all'),
  /** Include each cell's daily series (correlation and hit rate per day): the charts need them, a table does not. */
  daily: z.stringbool().default(false),
  format: z.enum(['json', 'csv']).default('json'),
  lang: z.enum(['zh', 'en']).optional(),
});
export type EvaluationQuery = z.infer<typeof EvaluationQuerySchema>;

/** A mean over days with its 95 % moving-block-bootstrap interval; all null below the minimum-evidence rule. */
export const EvaluationSummarySchema = z.object({
  mean: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  days: z.number().int(),
});

export const EvaluationDaySchema = z.object({
  day: Day,
  n: z.number().int(),
  correlation: z.number().nullable(),
  hitRate: z.number(),
});

export const EvaluationCellSchema = z.object({
  modelVersion: z.string(),
  basis: EvaluationBasisSchema,
  outcome: OutcomeKeySchema,
  family: z.enum(['attention', 'community', 'development', 'market']),
  horizon: z.number().int(),
  group: z.object({ kind: z.enum(['all', 'sector', 'modelVersion']), id: z.string().nullable() }),
  from: Day,
  to: Day,
  /** Spearman ρ between heat at t and the outcome's change over (t, t+h], averaged over days. */
  correlation: EvaluationSummarySchema,
  /** Share of the top decile by heat landing in the top decile of the change, beside its chance level. */
  hitRate: EvaluationSummarySchema,
  hitRateChance: z.number(),
  blockLength: z.number().int().nullable(),
  daysUsed: z.number().int(),
  daysSkipped: z.number().int(),
  daysPending: z.number().int(),
  /** More evaluable days the minimum-evidence rule needs before a mean is given (0 = enough). */
  daysNeeded: z.number().int(),
  /**
   * The first day the cell will have enough days if daily data keeps arriving; null when it already has, or when the
   * outcome has no stored data at all (`noData`: no number of days will help).
   */
  availableOn: Day.nullable(),
  /**
   * True when the window had evaluable days but none had enough projects with the outcome's data (it is not stored,
   * or too few projects have it): "no data", not "wait".
   */
  noData: z.boolean(),
  projectsMean: z.number(),
  projectsMin: z.number().int(),
  computedAt: z.iso.datetime(),
  daily: z.array(EvaluationDaySchema).optional(),
});
export type EvaluationCellDto = z.infer<typeof EvaluationCellSchema>;

/**
 * Whether the history is long enough: 'ready' = every requested 'all' cell has its mean; 'tooShort' = some need
 * `daysNeeded` more days, available on `availableOn`; 'noData' = every requested 'all' cell lacks the outcome's data
 * (waiting will not help); 'empty' = nothing evaluated yet (no stored daily history).
 */
export const EvaluationHistorySchema = z.object({
  status: z.enum(['ready', 'tooShort', 'noData', 'empty']),
  daysNeeded: z.number().int(),
  availableOn: Day.nullable(),
  /** The minimum-evidence rule: evaluable days a mean needs, by horizon. */
  minDaysByHorizon: z.record(z.string(), z.number().int()),
});

export const EvaluationResponseSchema = z.object({
  history: EvaluationHistorySchema,
  computedAt: z.iso.datetime().nullable(),
  seed: z.number().int().nullable(),
  resamples: z.number().int().nullable(),
  confidence: z.number(),
  topShare: z.number(),
  /** The model version the public ranking uses now. */
  currentModel: z.string().nullable(),
  cells: z.array(EvaluationCellSchema),
});
export type EvaluationResponse = z.infer<typeof EvaluationResponseSchema>;

// --- Models as data ---------------------------------------------------------------------------------------------------

const Weight = z.number().finite().min(0).max(1);
const Points = z.number().finite().min(0).max(100);
const ScaleSchema = z.object({
  kind: z.enum(['log', 'linear']),
  lo: z.number().finite(),
  hi: z.number().finite(),
  unit: z.string().max(80),
});
/** The heat model's components (17 inputs and the derived volume/market-cap ratio), from the engine's own table. */
const COMPONENT_KEYS = Object.keys(HEAT_NORMALIZATION) as [HeatComponentKey, ...HeatComponentKey[]];
const ComponentPoints = z.partialRecord(z.enum(COMPONENT_KEYS), Points);

/** A heat model version's weights, caps and rules (shared/methodology/models.ts HeatModelDefinition). */
export const HeatModelDefinitionSchema = z
  .object({
    categoryWeights: z.object({ social: Weight, market: Weight, development: Weight, news: Weight }),
    componentPoints: z.object({
      social: ComponentPoints,
      market: ComponentPoints,
      development: ComponentPoints,
      news: ComponentPoints,
    }),
    // An object with each key, not z.record(enum): the record form documents required keys with no properties.
    normalization: z.object(
      Object.fromEntries(COMPONENT_KEYS.map((key) => [key, ScaleSchema])) as Record<
        HeatComponentKey,
        typeof ScaleSchema
      >,
    ),
    ageFactors: z
      .array(z.object({ withinDays: z.number().finite().min(0), factor: z.number().finite().min(0).max(5) }))
      .max(10),
    ageFactorOlder: z.number().finite().min(0).max(5),
    ageFactorUnknown: z.number().finite().min(0).max(5),
    statusBonus: z.record(z.string(), z.number().finite().min(-100).max(100)),
    minEvidence: z.number().int().min(1).max(17),
  })
  .refine((d) => Math.abs(Object.values(d.categoryWeights).reduce((a, b) => a + b, 0) - 1) < 1e-6, {
    message: 'category weights must sum to 1',
    path: ['categoryWeights'],
  })
  .refine((d) => Object.values(d.normalization).every((s) => s.hi > s.lo && (s.kind === 'linear' || s.lo > 0)), {
    message: 'each scale needs hi > lo (and lo > 0 on a log scale)',
    path: ['normalization'],
  });

export const WeightChangeSchema = z.object({
  key: z.enum(COMPONENT_KEYS),
  before: z.number(),
  after: z.number(),
});

export const HeatModelIdSchema = z
  .string()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9.-]*$/, 'lowercase letters, digits, dots and dashes');

export const HeatModelSchema = z.object({
  id: z.string(),
  status: z.enum(['current', 'candidate', 'retired']),
  /** 'code': the weights compiled into this build; 'admin': a candidate added by an administrator. */
  origin: z.enum(['code', 'admin']),
  changelog: z.string(),
  createdAt: z.iso.datetime(),
  promotedAt: z.iso.datetime().nullable(),
  definition: HeatModelDefinitionSchema,
});
export type HeatModelDto = z.infer<typeof HeatModelSchema>;

export const HeatModelsResponseSchema = z.object({
  /** The version the registry marks current. */
  current: z.string().nullable(),
  /** The version the recompute scores the public ranking with (the current one; the code's before any is). */
  scoring: z.string(),
  /**
   * The version the public ranking is scored with now, with its weights, caps and rules: what /methodology states.
   * After a promotion it is the promoted version; the code's built-in model only while that one is current.
   */
  scoringModel: z.object({
    id: z.string(),
    origin: z.enum(['code', 'admin']),
    /** When it became current; null for the built-in model before the registry has dated it. */
    since: z.iso.datetime().nullable(),
    definition: HeatModelDefinitionSchema,
  }),
  items: z.array(HeatModelSchema),
  /**
   * Every version, newest first: when it became current (or was added) and what its author wrote; for a promotion,
   * the version it replaced and the weights (with every input present, fractions of 1) and rules that moved.
   */
  changelog: z.array(
    z.object({
      id: z.string(),
      date: Day,
      status: z.enum(['current', 'candidate', 'retired']),
      changes: z.string(),
      previous: z.string().nullable(),
      weightChanges: z.array(WeightChangeSchema),
      ruleChanges: z.array(z.enum(MODEL_RULES)),
    }),
  ),
});
export type HeatModelsResponse = z.infer<typeof HeatModelsResponseSchema>;

export const HeatModelParamsSchema = z.object({ id: HeatModelIdSchema });

export const CreateHeatModelBodySchema = z.object({
  id: HeatModelIdSchema,
  changelog: z.string().trim().min(1).max(2000),
  definition: HeatModelDefinitionSchema,
});
export type CreateHeatModelBody = z.infer<typeof CreateHeatModelBodySchema>;
