import type { SyncSource } from '../../../shared/api/sync.schema.ts';
import type { HeatModelDefinition } from '../../../shared/scoring/heat-model.ts';
import { SIGNAL_SOURCES, signalRefreshMs } from '../../../shared/scoring/input-sources.ts';
import type { NormalizationScale } from '../../../shared/scoring/normalize.ts';
import type { HeatCategory, SignalKey } from '../../../shared/scoring/types.ts';
import {
  HEAT_COMPONENT_POINTS,
  HEAT_MODEL_VERSION,
  type HeatComponentKey,
  SPEC_SIGNAL_WEIGHTS,
} from '../../../shared/scoring/weights.ts';

export type ModelInputRow = {
  key: HeatComponentKey;
  /**
   * The published per-input weight of the code's model; null for the derived volume-to-market-cap ratio (points
   * only) and for any other version, whose weights are its category weights and points alone.
   */
  specWeight: number | null;
  /** Its share of the whole score when every input has data: category weight × its share of the category's points. */
  fullDataWeight: number;
  scale: NormalizationScale;
  /** Null for a derived input (it reads two inputs that name theirs). */
  source: SyncSource | null;
  refreshMs: number | null;
};

export type ModelCategoryRow = { category: HeatCategory; weight: number; inputs: ModelInputRow[] };

/** The model version the page states: the one the public ranking is scored with (the API's `scoringModel`). */
export type StatedModel = { id: string; definition: HeatModelDefinition };

const CATEGORY_ORDER: readonly HeatCategory[] = ['social', 'market', 'development', 'news'];
/** Every input in the code's order: a stored version's JSON keeps no key order, so rows are sorted by this. */
const INPUT_ORDER = CATEGORY_ORDER.flatMap((c) => Object.keys(HEAT_COMPONENT_POINTS[c]) as HeatComponentKey[]);
const codeCategoryOf = (key: HeatComponentKey) =>
  CATEGORY_ORDER.find((c) => key in HEAT_COMPONENT_POINTS[c]) as HeatCategory;

function isSignalKey(key: HeatComponentKey): key is SignalKey {
  return key in SPEC_SIGNAL_WEIGHTS;
}

/**
 * The heat model as the methodology page shows it, built from a version's weights, caps and rules (the code's own
 * version is the very constants the engine reads). An input the version gives no points is listed in its usual
 * category at 0 %, so the table always names every input.
 */
export function buildModelRows(model: StatedModel): ModelCategoryRow[] {
  const { definition } = model;
  const isCodeModel = model.id === HEAT_MODEL_VERSION;
  const placed = new Set(CATEGORY_ORDER.flatMap((c) => Object.keys(definition.componentPoints[c] ?? {})));
  return CATEGORY_ORDER.map((category) => {
    const points: Partial<Record<HeatComponentKey, number>> = definition.componentPoints[category] ?? {};
    const keys = INPUT_ORDER.filter((key) => key in points || (!placed.has(key) && codeCategoryOf(key) === category));
    const total = keys.reduce((sum, key) => sum + (points[key] ?? 0), 0);
    const weight = definition.categoryWeights[category];
    return {
      category,
      weight,
      inputs: keys.map((key) => ({
        key,
        specWeight: isCodeModel && isSignalKey(key) ? SPEC_SIGNAL_WEIGHTS[key] : null,
        fullDataWeight: total > 0 ? (weight * (points[key] ?? 0)) / total : 0,
        scale: definition.normalization[key],
        source: isSignalKey(key) ? SIGNAL_SOURCES[key] : null,
        refreshMs: isSignalKey(key) ? signalRefreshMs(key) : null,
      })),
    };
  });
}
