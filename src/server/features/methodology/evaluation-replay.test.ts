import { describe, expect, test } from 'vitest';
import { CODE_MODEL_DEFINITION, compileHeatModel, computeModelHeat } from '../../../shared/methodology/models.ts';
import { CURRENT_WEIGHTS, toProposalDefinition } from '../../../shared/methodology/proposal.ts';
import { createRandom } from '../../../shared/methodology/random.ts';
import { computeReplayHeat } from '../../../shared/methodology/replay.ts';
import { countEvidence } from '../../../shared/scoring/index.ts';
import { type DailySeries, toPastDaySignals } from '../heat/heat.service.ts';
import {
  computeReplayBasis,
  createReplayDailyValues,
  REPLAY_LOOKBACK_DAYS,
  REPLAY_SIGNALS,
} from './evaluation-replay.ts';

const DAY_MS = 86_400_000;
const FIRST = 20_400; // a day number in 2025
const P = 60;
const D = 30;

/** Random stored series with gaps (a third of the values missing), zeros and, for some projects, no listing date. */
function randomHistory(seed: number) {
  const next = createRandom(seed);
  const values = createReplayDailyValues(P, D);
  const maps: DailySeries[] = [];
  const scale: Record<string, number> = {
    price: 50,
    marketCap: 1e9,
    volume24h: 1e8,
    commits52w: 2000,
    pageViews: 5e4,
    news: 30,
  };
  for (let p = 0; p < P; p++) {
    const series: DailySeries = new Map();
    for (const signal of REPLAY_SIGNALS) {
      const points = new Map<number, number>();
      for (let k = 0; k < values.width; k++) {
        if (next() < 0.33) continue;
        const v = next() < 0.05 ? 0 : Math.round(next() * (scale[signal] as number) * 100) / 100;
        points.set(FIRST - REPLAY_LOOKBACK_DAYS + k, v);
        values.series[signal][p * values.width + k] = v;
      }
      series.set(signal, points);
    }
    maps.push(series);
  }
  // Unknown, long ago, and listed inside the window (its early days have no heat).
  const listedAtMs = Float64Array.from({ length: P }, (_, p) =>
    p % 3 === 0 ? Number.NaN : p % 3 === 1 ? (FIRST - 400) * DAY_MS + 0.5 : (FIRST + (p % D)) * DAY_MS + 3_600_000,
  );
  return { values, maps, listedAtMs };
}

/** The heat the row-by-row path gives (loader before columns): toPastDaySignals + computeModelHeat. */
function replayRowByRow(maps: DailySeries[], listedAtMs: Float64Array, definition = CODE_MODEL_DEFINITION) {
  const model = compileHeatModel(definition);
  return maps.flatMap((series, p) => {
    const listedMs = listedAtMs[p] as number;
    const listedAt = Number.isNaN(listedMs) ? null : new Date(listedMs);
    return Array.from({ length: D }, (_, d) => {
      const at = new Date((FIRST + d + 1) * DAY_MS - 1000);
      if (!Number.isNaN(listedMs) && listedMs > at.getTime()) return Number.NaN;
      const inputs = toPastDaySignals(series, FIRST + d);
      const signals = { ...inputs, listedAt, status: 'active' as const, verified: false };
      return computeModelHeat(model, signals, countEvidence(inputs), at) ?? Number.NaN;
    });
  });
}

describe('replayed heat from columns', () => {
  const { values, maps, listedAtMs } = randomHistory(7);
  const basis = computeReplayBasis(values, FIRST, listedAtMs);

  test.each([
    { name: 'the current model', definition: CODE_MODEL_DEFINITION },
    {
      name: 'a weight proposal',
      definition: toProposalDefinition({
        ...CURRENT_WEIGHTS,
        twitterFollowers: 0,
        marketCapUsd: 0.2,
        googleTrends: 0.1,
      }),
    },
  ])('equals toPastDaySignals + computeModelHeat for $name, to the last bit', ({ definition }) => {
    const expected = Float32Array.from(replayRowByRow(maps, listedAtMs, definition));

    const replayed = computeReplayHeat(compileHeatModel(definition), basis);

    expect(Array.from(replayed)).toEqual(Array.from(expected));
    expect(expected.filter((v) => !Number.isNaN(v)).length).toBeGreaterThan(P * D * 0.5);
    expect(expected.filter((v) => Number.isNaN(v)).length).toBeGreaterThan(0);
  });
});
