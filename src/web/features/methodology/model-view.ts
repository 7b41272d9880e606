import type { SyncSource } from '../../../shared/api/sync.schema.ts';
import { SIGNAL_SOURCES, signalRefreshMs } from '../../../shared/scoring/input-sources.ts';
import { HEAT_NORMALIZATION, type NormalizationScale } from '../../../shared/scoring/normalize.ts';
import type { HeatCategory, SignalKey } from '../../../shared/scoring/types.ts';
import {
  HEAT_CATEGORY_WEIGHTS,
  HEAT_COMPONENT_POINTS,
  type HeatComponentKey,
  SPEC_SIGNAL_WEIGHTS,
} from '../../../shared/scoring/weights.ts';

export type ModelInputRow = {
  key: HeatComponentKey;
  /** The published per-input weight; null for the derived volume-to-market-cap ratio, which has points only. */
  specWeight: number | null;
  /** Its share of the whole score when every input has data: category weight × its share of the category's points. */
  fullDataWeight: number;
  scale: NormalizationScale;
  /** Null for a derived input (it reads two inputs that name theirs). */
  source: SyncSource | null;
  refreshMs: number | null;
};

export type ModelCategoryRow = { category: HeatCategory; weight: number; inputs: ModelInputRow[] };

const CATEGORY_ORDER: readonly HeatCategory[] = ['social', 'market', 'development', 'news'];

function isSignalKey(key: HeatComponentKey): key is SignalKey {
  return key in SPEC_SIGNAL_WEIGHTS;
}

/** The heat model as the methodology page shows it, built from the scoring constants the engine itself reads. */
export function buildModelRows(): ModelCategoryRow[] {
  return CATEGORY_ORDER.map((category) => {
    const points = HEAT_COMPONENT_POINTS[category];
    const entries = Object.entries(points) as [HeatComponentKey, number][];
    const total = entries.reduce((sum, [, p]) => sum + p, 0);
    const weight = HEAT_CATEGORY_WEIGHTS[category];
    return {
      category,
      weight,
      inputs: entries.map(([key, p]) => ({
        key,
        specWeight: isSignalKey(key) ? SPEC_SIGNAL_WEIGHTS[key] : null,
        fullDataWeight: (weight * p) / total,
        scale: HEAT_NORMALIZATION[key],
        source: isSignalKey(key) ? SIGNAL_SOURCES[key] : null,
        refreshMs: isSignalKey(key) ? signalRefreshMs(key) : null,
      })),
    };
  });
}
