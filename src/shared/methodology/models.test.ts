import { describe, expect, test } from 'vitest';
import { countEvidence } from '../scoring/evidence.ts';
import { heatScore } from '../scoring/heat-score.ts';
import { NO_SIGNALS, NOW } from '../scoring/test-fixtures.ts';
import type { HeatSignals } from '../scoring/types.ts';
import { HEAT_CATEGORY_WEIGHTS, HEAT_MODEL_VERSION } from '../scoring/weights.ts';
import {
  CODE_MODEL_CHANGELOG,
  CODE_MODEL_DEFINITION,
  CODE_MODEL_ID,
  compileHeatModel,
  computeModelHeat,
} from './models.ts';
import { createRandom } from './random.ts';

const KEYS = Object.keys(NO_SIGNALS).filter(
  (k) => !['listedAt', 'status', 'verified'].includes(k),
) as (keyof HeatSignals)[];

function randomSignals(next: () => number): HeatSignals {
  const signals: Record<string, unknown> = { ...NO_SIGNALS };
  for (const key of KEYS) signals[key] = next() < 0.4 ? null : 10 ** (6 * next()) * (key.includes('Pct') ? -0.0001 : 1);
  signals.redditAuthors = next() < 0.5 ? null : Math.floor(10 * next());
  signals.listedAt = next() < 0.3 ? null : new Date(NOW.getTime() - next() * 800 * 86_400_000);
  signals.status = (['active', 'new', 'rising', 'trending'] as const)[Math.floor(4 * next())];
  return signals as HeatSignals;
}

describe('the code model as data', () => {
  test('is the code: its id and category weights are the constants the scoring reads', () => {
    expect(CODE_MODEL_ID).toBe(HEAT_MODEL_VERSION);
    expect(CODE_MODEL_DEFINITION.categoryWeights).toEqual(HEAT_CATEGORY_WEIGHTS);
    expect(CODE_MODEL_CHANGELOG[0]?.id).toBe(HEAT_MODEL_VERSION);
  });

  test('scores 2,000 random projects exactly as heatScore does, and unscored below the evidence rule', () => {
    const compiled = compileHeatModel(CODE_MODEL_DEFINITION);
    const next = createRandom(7);
    let scored = 0;
    for (let i = 0; i < 2000; i++) {
      const signals = randomSignals(next);
      const evidence = countEvidence(signals);

      const mine = computeModelHeat(compiled, signals, evidence, NOW);

      if (evidence < CODE_MODEL_DEFINITION.minEvidence) expect(mine).toBeNull();
      else {
        scored++;
        expect(mine).toBeCloseTo(heatScore(signals, NOW).score, 9);
      }
    }
    expect(scored).toBeGreaterThan(1000);
  });

  test('survives a JSON round trip (how it is stored) with the same scores', () => {
    const stored = compileHeatModel(JSON.parse(JSON.stringify(CODE_MODEL_DEFINITION)));
    const signals = randomSignals(createRandom(3));

    expect(computeModelHeat(stored, signals, 17, NOW)).toBe(
      computeModelHeat(compileHeatModel(CODE_MODEL_DEFINITION), signals, 17, NOW),
    );
  });

  test('other weights give other scores: a candidate that ignores the market ranks by the rest', () => {
    const candidate = compileHeatModel({
      ...CODE_MODEL_DEFINITION,
      categoryWeights: { social: 0.5, market: 0, development: 0.3, news: 0.2 },
    });
    const signals = { ...NO_SIGNALS, marketCapUsd: 1e11, volume24hUsd: 1e10, commits52w: 10, newsMentions: 2 };

    const current = computeModelHeat(compileHeatModel(CODE_MODEL_DEFINITION), signals, 4, NOW) as number;
    const other = computeModelHeat(candidate, signals, 4, NOW) as number;

    expect(other).toBeLessThan(current);
  });
});
