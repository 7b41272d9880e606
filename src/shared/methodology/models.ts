// Heat models as data: a version's weights, caps and rules in one JSON-ready object, so candidate versions can be
// stored, compared and scored on the same stored inputs as the current one. The current definition is assembled from
// the constants the scoring code itself uses (never copied by hand), and a test checks it scores exactly as heatScore.
import { CODE_HEAT_DEFINITION, type HeatModelDefinition } from '../scoring/heat-model.ts';
import { rawComponent } from '../scoring/heat-score.ts';
import { computeEffectiveMentions } from '../scoring/mentions.ts';
import { computeNormalized, type NormalizationScale } from '../scoring/normalize.ts';
import { clamp, type HeatCategory, type HeatSignals, hasValue } from '../scoring/types.ts';
import { HEAT_MODEL_VERSION, type HeatComponentKey } from '../scoring/weights.ts';
import { DAY_MS } from '../time/duration.ts';

export type { HeatModelDefinition };

/** The model compiled into this build: the very constants heatScore reads. */
export const CODE_MODEL_ID: string = HEAT_MODEL_VERSION;
export const CODE_MODEL_DEFINITION: HeatModelDefinition = CODE_HEAT_DEFINITION;

/**
 * What changed in each version of the code's heat model, newest first (the model's own changelog; a candidate's is
 * written by the admin who adds it). `date` is the day the version shipped.
 */
export const CODE_MODEL_CHANGELOG: readonly { id: string; date: string; changes: string }[] = [
  {
    id: 'heat-v2',
    date: '2026-11-20',
    changes: 'Reddit mentions are scored as min(posts, 3 × distinct authors): one account posting a lot counts less.',
  },
  {
    id: 'heat-v1',
    date: '2026-10-01',
    changes:
      'First multi-factor model: 17 inputs in four categories (social .40, market .35, development .15, news .10).',
  },
];

type Component = { key: HeatComponentKey; categoryIndex: number; points: number; scale: NormalizationScale };

/** A definition laid out for the per-project loop (compile once per model, score millions of project-days). */
export type CompiledHeatModel = {
  definition: HeatModelDefinition;
  components: Component[];
  categoryWeights: number[];
};

/** Lays out `definition` for {@link computeModelHeat}. */
export function compileHeatModel(definition: HeatModelDefinition): CompiledHeatModel {
  const categories = Object.keys(definition.categoryWeights) as HeatCategory[];
  const components = categories.flatMap((category, categoryIndex) =>
    Object.entries(definition.componentPoints[category] ?? {}).map(([key, points]) => ({
      key: key as HeatComponentKey,
      categoryIndex,
      points: points as number,
      scale: definition.normalization[key as HeatComponentKey],
    })),
  );
  return { definition, components, categoryWeights: categories.map((c) => definition.categoryWeights[c]) };
}

/**
 * The heat score of `signals` under a model version, as of `now`: the same formula as heatScore (renormalised
 * effective weights over the inputs with data, age factor, status bonus, clamp to [0, 100]) with the version's
 * weights, caps and rules. Null when the minimum-evidence rule leaves the project unscored. `evidence` is the
 * count of raw inputs with data (countEvidence). Pure.
 */
export function computeModelHeat(
  model: CompiledHeatModel,
  signals: HeatSignals,
  evidence: number,
  now: Date,
): number | null {
  const { definition, components, categoryWeights } = model;
  if (evidence < definition.minEvidence) return null;
  const presentPoints = categoryWeights.map(() => 0);
  const raws = components.map((c) => {
    const raw = rawComponent(signals, c.key);
    if (raw !== null) presentPoints[c.categoryIndex] = (presentPoints[c.categoryIndex] as number) + c.points;
    return raw;
  });
  let presentWeight = 0;
  categoryWeights.forEach((w, k) => {
    if ((presentPoints[k] as number) > 0) presentWeight += w;
  });
  if (presentWeight === 0) return null;
  let base = 0;
  components.forEach((c, i) => {
    const raw = raws[i] as number | null;
    // Every present input of the category has 0 points: the category weighs nothing (never 0 / 0).
    if (raw === null || (presentPoints[c.categoryIndex] as number) === 0) return;
    const weight =
      ((categoryWeights[c.categoryIndex] as number) / presentWeight) *
      (c.points / (presentPoints[c.categoryIndex] as number));
    const authors = c.key === 'redditMentions' ? signals.redditAuthors : null;
    const scored = hasValue(authors) ? (computeEffectiveMentions(raw, authors) as number) : raw;
    base += 100 * computeNormalized(scored, c.scale) * weight;
  });
  const ageDays = signals.listedAt === null ? null : Math.max(0, (now.getTime() - signals.listedAt.getTime()) / DAY_MS);
  let factor = definition.ageFactorUnknown;
  if (ageDays !== null) {
    factor = definition.ageFactorOlder;
    for (const row of definition.ageFactors) {
      if (ageDays <= row.withinDays) {
        factor = row.factor;
        break;
      }
    }
  }
  return clamp(base * factor + (definition.statusBonus[signals.status] ?? 0), 0, 100);
}
