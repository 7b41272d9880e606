import { HEAT_NORMALIZATION, type NormalizationScale } from './normalize.ts';
import type { HeatCategory } from './types.ts';
import {
  AGE_FACTOR_OLDER,
  AGE_FACTOR_UNKNOWN,
  AGE_FACTORS,
  HEAT_CATEGORY_WEIGHTS,
  HEAT_COMPONENT_POINTS,
  HEAT_MODEL_VERSION,
  type HeatComponentKey,
  MIN_EVIDENCE_SIGNALS,
  STATUS_BONUS,
} from './weights.ts';

// A heat model version as heatScore reads it. The code's own version is built from the constants in weights.ts; a
// version stored as data (methodology/models.ts, heat_models) is laid out the same way, so the recompute scores the
// public ranking with whichever version is current.

/** Everything a heat model version decides. Category weights sum to 1; points are shares inside a category. */
export type HeatModelDefinition = {
  categoryWeights: Record<HeatCategory, number>;
  /** Caps: each component's points inside its category's 0–100 sub-score. */
  componentPoints: Record<HeatCategory, Partial<Record<HeatComponentKey, number>>>;
  normalization: Record<HeatComponentKey, NormalizationScale>;
  /** The first row whose `withinDays` ≥ the age applies; else `ageFactorOlder`; no listing date → `ageFactorUnknown`. */
  ageFactors: { withinDays: number; factor: number }[];
  ageFactorOlder: number;
  ageFactorUnknown: number;
  /** Points added per status (past days are scored 'active'). */
  statusBonus: Record<string, number>;
  /** The minimum-evidence rule: raw inputs with data a project needs to be scored. */
  minEvidence: number;
};

export type HeatComponent = {
  key: HeatComponentKey;
  category: HeatCategory;
  /** Model weight when every input is present: category weight × points / category points. */
  weight: number;
  points: number;
  categoryIndex: number;
  scale: NormalizationScale;
};

/** A model version laid out for heatScore: components in a fixed order, whatever order the stored JSON keeps. */
export type HeatScoringModel = {
  version: string;
  components: readonly HeatComponent[];
  /** Indexed as HEAT_CATEGORIES. */
  categoryWeights: readonly number[];
  ageFactors: readonly { withinDays: number; factor: number }[];
  ageFactorOlder: number;
  ageFactorUnknown: number;
  statusBonus: Readonly<Record<string, number>>;
  minEvidence: number;
};

export const HEAT_CATEGORIES = Object.keys(HEAT_CATEGORY_WEIGHTS) as HeatCategory[];
/** Every component key in the engine's order (the normalisation table's). */
const COMPONENT_ORDER = Object.keys(HEAT_NORMALIZATION) as HeatComponentKey[];

/**
 * Lays out a definition. Categories come in HEAT_CATEGORIES order and, inside one, components in the code's order for
 * the code's model and the engine's key order otherwise (PostgreSQL's jsonb does not keep key order, and a sum's order
 * decides its last bits). `order` is the key order inside each category.
 */
function layOut(
  version: string,
  definition: HeatModelDefinition,
  order: (category: HeatCategory) => readonly HeatComponentKey[],
): HeatScoringModel {
  const components = HEAT_CATEGORIES.flatMap((category, categoryIndex) => {
    const points = definition.componentPoints[category] ?? {};
    const keys = order(category).filter((key) => points[key] !== undefined);
    const total = keys.reduce((sum, key) => sum + (points[key] as number), 0);
    return keys.map((key) => {
      const p = points[key] as number;
      return {
        key,
        category,
        weight: total > 0 ? (definition.categoryWeights[category] * p) / total : 0,
        points: p,
        categoryIndex,
        scale: definition.normalization[key],
      };
    });
  });
  return {
    version,
    components,
    categoryWeights: HEAT_CATEGORIES.map((c) => definition.categoryWeights[c]),
    ageFactors: definition.ageFactors,
    ageFactorOlder: definition.ageFactorOlder,
    ageFactorUnknown: definition.ageFactorUnknown,
    statusBonus: definition.statusBonus,
    minEvidence: definition.minEvidence,
  };
}

/** The code's model as a definition: the very constants above, copied (never typed by hand). */
export const CODE_HEAT_DEFINITION: HeatModelDefinition = {
  categoryWeights: { ...HEAT_CATEGORY_WEIGHTS },
  componentPoints: Object.fromEntries(
    Object.entries(HEAT_COMPONENT_POINTS).map(([category, points]) => [category, { ...points }]),
  ) as HeatModelDefinition['componentPoints'],
  normalization: Object.fromEntries(
    Object.entries(HEAT_NORMALIZATION).map(([key, scale]) => [key, { ...scale }]),
  ) as HeatModelDefinition['normalization'],
  ageFactors: AGE_FACTORS.map((row) => ({ ...row })),
  ageFactorOlder: AGE_FACTOR_OLDER,
  ageFactorUnknown: AGE_FACTOR_UNKNOWN,
  statusBonus: { ...STATUS_BONUS },
  minEvidence: MIN_EVIDENCE_SIGNALS,
};

/** The model compiled into this build, in the code's own component order: heatScore's default. */
export const CODE_SCORING_MODEL: HeatScoringModel = layOut(
  HEAT_MODEL_VERSION,
  CODE_HEAT_DEFINITION,
  (category) => Object.keys(HEAT_COMPONENT_POINTS[category]) as HeatComponentKey[],
);

/**
 * A stored model version laid out for heatScore. The code's own version id gives CODE_SCORING_MODEL itself, so its
 * scores are bit-identical to the compiled constants' whatever its stored copy looks like.
 */
export function toScoringModel(version: string, definition: HeatModelDefinition): HeatScoringModel {
  if (version === HEAT_MODEL_VERSION) return CODE_SCORING_MODEL;
  return layOut(version, definition, () => COMPONENT_ORDER);
}
