import { HEAT_CATEGORIES, type HeatModelDefinition } from '../scoring/heat-model.ts';
import { HEAT_NORMALIZATION } from '../scoring/normalize.ts';
import type { HeatComponentKey } from '../scoring/weights.ts';

// What moved between two heat model versions, for the changelog, the promotion notice and the admin's comparison:
// each component's weight when every input is present (category weight × its share of the category's points), and
// which other rules differ. Pure; the web words it in the reader's language.

/** One component whose full-data weight moved; weights are fractions of 1. */
export type WeightChange = { key: HeatComponentKey; before: number; after: number };
export const MODEL_RULES = ['normalization', 'ageFactors', 'statusBonus', 'minEvidence'] as const;
export type ModelRule = (typeof MODEL_RULES)[number];

/** Weights that differ by less than this are the same (a sum of shares is exact only to rounding). */
const SAME_WEIGHT = 1e-9;
const COMPONENT_KEYS = Object.keys(HEAT_NORMALIZATION) as HeatComponentKey[];

/** Each component's weight with every input present (0 for a component the version does not score); they sum to 1. */
export function computeFullDataWeights(definition: HeatModelDefinition): Record<HeatComponentKey, number> {
  const out = Object.fromEntries(COMPONENT_KEYS.map((key) => [key, 0])) as Record<HeatComponentKey, number>;
  for (const category of HEAT_CATEGORIES) {
    const points = definition.componentPoints[category] ?? {};
    const total = Object.values(points).reduce((sum: number, p) => sum + (p ?? 0), 0);
    if (total <= 0) continue;
    for (const [key, p] of Object.entries(points)) {
      out[key as HeatComponentKey] += (definition.categoryWeights[category] * (p ?? 0)) / total;
    }
  }
  return out;
}

/** The components whose full-data weight moved from `before` to `after`, largest move first (ties by key). */
export function computeWeightChanges(before: HeatModelDefinition, after: HeatModelDefinition): WeightChange[] {
  const a = computeFullDataWeights(before);
  const b = computeFullDataWeights(after);
  return COMPONENT_KEYS.filter((key) => Math.abs(a[key] - b[key]) > SAME_WEIGHT)
    .map((key) => ({ key, before: a[key], after: b[key] }))
    .sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before) || x.key.localeCompare(y.key));
}

/** A value with object keys sorted, so two copies compare equal whatever order their keys were stored in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The rules other than weights (scales, age factors, status bonus, evidence rule) that differ between two versions. */
export function computeRuleChanges(before: HeatModelDefinition, after: HeatModelDefinition): ModelRule[] {
  return MODEL_RULES.filter((rule) => {
    if (rule === 'ageFactors') {
      return (
        canonical([before.ageFactors, before.ageFactorOlder, before.ageFactorUnknown]) !==
        canonical([after.ageFactors, after.ageFactorOlder, after.ageFactorUnknown])
      );
    }
    return canonical(before[rule]) !== canonical(after[rule]);
  });
}
