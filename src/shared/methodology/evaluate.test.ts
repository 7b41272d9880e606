import { describe, expect, test } from 'vitest';
import { computeMinDays, evaluateHeat } from './evaluate.ts';
import { createSyntheticPanel, shuffleHeatAcrossProjects } from './evaluation.test-support.ts';
import { toEvaluationPanel } from './panel.ts';
import { createRandom } from './random.ts';
import type { EvaluationCell, EvaluationResult, OutcomeKey } from './types.ts';

const cellOf = (result: EvaluationResult, outcome: OutcomeKey, horizon: number, groupId: string | null = null) => {
  const cell = result.cells.find((c) => c.outcome === outcome && c.horizon === horizon && c.group.id === groupId);
  if (!cell) throw new Error(`no cell ${outcome} ${horizon} ${groupId}`);
  return cell;
};
const containsZero = (s: EvaluationCell['correlation']) => (s.low as number) <= 0 && (s.high as number) >= 0;

describe('evaluateHeat on synthetic histories', () => {
  const planted = createSyntheticPanel({ projects: 400, days: 90, seed: 11, attentionLag: 7 });

  test('attention planted to follow heat by 7 days: the 7-day correlation is strongly positive, its interval above 0', () => {
    const result = evaluateHeat(planted, { seed: 1, outcomes: ['pageViews', 'newsCount'], horizons: [7] });

    for (const outcome of ['pageViews', 'newsCount'] as const) {
      const { correlation, hitRate } = cellOf(result, outcome, 7);
      expect(correlation.mean).toBeGreaterThan(0.3);
      expect(correlation.low).toBeGreaterThan(0);
      expect(hitRate.mean).toBeGreaterThan(2 * 0.1);
    }
  });

  test('shuffled history: the planted link is gone, the interval contains 0, the hit rate sits at its 10 % chance', () => {
    const shuffled = shuffleHeatAcrossProjects(planted, 5);

    const result = evaluateHeat(shuffled, { seed: 1, horizons: [1, 7] });

    for (const outcome of ['pageViews', 'newsCount'] as const) {
      for (const horizon of [1, 7]) {
        expect(containsZero(cellOf(result, outcome, horizon).correlation), `${outcome} h=${horizon}`).toBe(true);
      }
    }
    // Every outcome (a 95 % interval may miss 0 by chance in a few of them; the hit rate must sit at chance).
    for (const cell of result.cells.filter((c) => c.group.kind === 'all')) {
      expect(cell.hitRateChance).toBe(0.1);
      expect(Math.abs((cell.hitRate.mean as number) - 0.1), `${cell.outcome} h=${cell.horizon}`).toBeLessThan(0.015);
      expect(Math.abs(cell.correlation.mean as number)).toBeLessThan(0.03);
    }
  });

  test('the same inputs and seed give identical tables; another seed moves only the intervals', () => {
    const options = { seed: 42, horizons: [7], outcomes: ['pageViews', 'commits'] as OutcomeKey[] };

    const first = evaluateHeat(planted, options);
    const again = evaluateHeat(planted, options);
    const reseeded = evaluateHeat(planted, { ...options, seed: 43 });

    expect(again).toEqual(first);
    expect(reseeded.cells.map((c) => c.daily)).toEqual(first.cells.map((c) => c.daily));
    expect(reseeded.cells.map((c) => c.correlation.low)).not.toEqual(first.cells.map((c) => c.correlation.low));
  });

  test('a Float32Array panel (half the memory) gives the same cross-sections', () => {
    const small = createSyntheticPanel({ projects: 100, days: 30, seed: 6, attentionLag: 7 });
    const signals = Object.fromEntries(Object.entries(small.signals).map(([k, v]) => [k, Float32Array.from(v)]));
    const narrow = { ...small, heat: Float32Array.from(small.heat), signals };
    const options = { seed: 1, horizons: [7], outcomes: ['pageViews'] as OutcomeKey[] };

    const wide = cellOf(evaluateHeat(small, options), 'pageViews', 7);
    const half = cellOf(evaluateHeat(narrow, options), 'pageViews', 7);

    expect(half.daily.map((d) => d.n)).toEqual(wide.daily.map((d) => d.n));
    for (const [i, d] of half.daily.entries()) {
      expect(d.correlation).toBeCloseTo(wide.daily[i]?.correlation as number, 2);
    }
  });

  test('groups per sector and per model version: a planted sector stands out from an unrelated one', () => {
    const mixed = createSyntheticPanel({
      projects: 300,
      days: 60,
      seed: 3,
      attentionLag: 7,
      sectors: ['AI'],
      modelVersions: ['v1', 'v2'],
    });
    const noise = createSyntheticPanel({ projects: 300, days: 60, seed: 4, sectors: ['DeFi'], modelVersions: ['v1'] });
    const panel = toConcatenated(mixed, noise);

    const result = evaluateHeat(panel, { seed: 9, outcomes: ['pageViews'], horizons: [7] });

    expect(result.cells.map((c) => `${c.group.kind}:${c.group.id}`)).toEqual([
      'all:null',
      'sector:AI',
      'sector:DeFi',
      'modelVersion:v1',
      'modelVersion:v2',
    ]);
    expect(cellOf(result, 'pageViews', 7, 'AI').correlation.low).toBeGreaterThan(0);
    expect(containsZero(cellOf(result, 'pageViews', 7, 'DeFi').correlation)).toBe(true);
    expect(cellOf(result, 'pageViews', 7, 'v2').daily[0]?.n).toBe(150);
    expect(cellOf(result, 'pageViews', 7, 'v1').daily[0]?.n).toBe(450);
  });
});

describe('evaluateHeat, one cross-section at a time', () => {
  test('Spearman with average ranks for ties and the hit rate match a direct computation', () => {
    const next = createRandom(21);
    const P = 60;
    const heatToday = Array.from({ length: P }, () => Math.floor(next() * 8)); // many ties
    const before = Array.from({ length: P }, () => Math.floor(next() * 4));
    const after = Array.from({ length: P }, () => Math.floor(next() * 4));
    const panel = toEvaluationPanel(
      heatToday.map((heat, p) => ({
        id: `p${p}`,
        sectorIds: ['AI'],
        modelVersion: 'v1',
        days: { '2026-03-01': { heat, commits: before[p] }, '2026-03-02': { commits: after[p] } },
      })),
    );

    const cell = cellOf(evaluateHeat(panel, { seed: 1, horizons: [1], outcomes: ['commits'] }), 'commits', 1);

    const growth = after.map((a, p) =>
      a + (before[p] as number) > 0 ? (a - (before[p] as number)) / (a + (before[p] as number)) : 0,
    );
    expect(cell.daily).toHaveLength(1);
    expect(cell.daily[0]?.correlation).toBeCloseTo(directSpearman(heatToday, growth), 12);
    expect(cell.daily[0]?.hitRate).toBeCloseTo(directHitRate(heatToday, growth, 0.1), 12);
  });

  test('a project missing the outcome on either end, or heat, is left out, and n says how many remain', () => {
    const histories = Array.from({ length: 20 }, (_, p) => ({
      id: `p${p}`,
      sectorIds: ['AI'],
      modelVersion: 'v1',
      days: {
        '2026-03-01': { heat: p === 0 ? null : p, pageViews: p === 1 ? null : 10 },
        '2026-03-02': { heat: p, pageViews: p === 2 ? undefined : 10 + p },
      },
    }));

    const cell = cellOf(
      evaluateHeat(toEvaluationPanel(histories), { seed: 1, horizons: [1], outcomes: ['pageViews'] }),
      'pageViews',
      1,
    );

    expect(cell.daily).toEqual([expect.objectContaining({ day: '2026-03-01', n: 17 })]);
    expect(cell.daily[0]?.correlation).toBeCloseTo(1, 12);
  });

  test('days with fewer projects than the minimum are skipped and counted', () => {
    const panel = createSyntheticPanel({ projects: 9, days: 10, seed: 2 });

    const cell = cellOf(evaluateHeat(panel, { seed: 1, horizons: [1], outcomes: ['pageViews'] }), 'pageViews', 1);

    expect(cell).toMatchObject({ daysUsed: 0, daysSkipped: 9, daysPending: 1, projectsMin: 0, daily: [] });
  });
});

describe('evaluateHeat input checks', () => {
  test.each([
    { name: 'a horizon of 0 days', options: { seed: 1, horizons: [0] }, message: /horizon/ },
    { name: 'a fractional horizon', options: { seed: 1, horizons: [1.5] }, message: /horizon/ },
    {
      name: 'an unknown outcome',
      options: { seed: 1, outcomes: ['tweets' as OutcomeKey] },
      message: /Unknown outcome/,
    },
  ])('rejects $name', ({ options, message }) => {
    expect(() => evaluateHeat(createSyntheticPanel({ projects: 3, days: 3, seed: 1 }), options)).toThrow(message);
  });

  test('rejects a panel whose days are not consecutive or whose series have the wrong length', () => {
    const panel = createSyntheticPanel({ projects: 3, days: 3, seed: 1 });

    expect(() => evaluateHeat({ ...panel, days: ['2026-01-01', '2026-01-03', '2026-01-04'] }, { seed: 1 })).toThrow(
      /consecutive/,
    );
    expect(() => evaluateHeat({ ...panel, heat: new Float64Array(8) }, { seed: 1 })).toThrow(/heat holds 8/);
  });
});

describe('minimum evidence over days', () => {
  test('too short a history reports no mean or interval and how many more days are needed', () => {
    const panel = createSyntheticPanel({ projects: 50, days: 20, seed: 8, attentionLag: 7 });

    const cell = cellOf(evaluateHeat(panel, { seed: 1, horizons: [7], outcomes: ['pageViews'] }), 'pageViews', 7);

    // Evaluable days need 7 days before (t − 7, t] and after (t, t + 7]: 20 − 7 − 7 + 1 = 7.
    expect(cell.daysUsed).toBe(7);
    expect(cell.daysPending).toBe(13);
    expect(cell.daysNeeded).toBe(computeMinDays(7) - 7);
    expect(cell.correlation).toEqual({ mean: null, low: null, high: null, days: 7, blockLength: null });
  });

  test('the 30-day horizon needs three 30-day blocks of days', () => {
    expect(computeMinDays(1)).toBe(20);
    expect(computeMinDays(7)).toBe(21);
    expect(computeMinDays(30)).toBe(90);
  });
});

function toConcatenated(a: ReturnType<typeof createSyntheticPanel>, b: ReturnType<typeof createSyntheticPanel>) {
  const join = (x: Float64Array | Float32Array, y: Float64Array | Float32Array) => {
    const out = new Float64Array(x.length + y.length);
    out.set(x);
    out.set(y, x.length);
    return out;
  };
  const signals = Object.fromEntries(
    Object.entries(a.signals).map(([key, series]) => [
      key,
      join(series as Float64Array, b.signals[key as keyof typeof b.signals] as Float64Array),
    ]),
  );
  return {
    days: a.days,
    projects: [...a.projects, ...b.projects.map((p) => ({ ...p, id: `b-${p.id}` }))],
    heat: join(a.heat, b.heat),
    signals,
  };
}

function averageRanks(values: number[]): number[] {
  return values.map((v) => {
    const below = values.filter((w) => w < v).length;
    const equal = values.filter((w) => w === v).length;
    return below + (equal + 1) / 2;
  });
}

function directSpearman(x: number[], y: number[]): number {
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const [mx, my] = [mean(rx), mean(ry)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  rx.forEach((r, i) => {
    sxy += (r - mx) * ((ry[i] as number) - my);
    sxx += (r - mx) ** 2;
    syy += ((ry[i] as number) - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

/** Top-share membership with ties at the cut sharing the remaining places (the expectation over tie-breaks). */
function directTopWeights(values: number[], share: number): number[] {
  const k = values.length * share;
  return values.map((v) => {
    const above = values.filter((w) => w > v).length;
    const equal = values.filter((w) => w === v).length;
    return Math.min(1, Math.max(0, (k - above) / equal));
  });
}

function directHitRate(x: number[], y: number[], share: number): number {
  const wx = directTopWeights(x, share);
  const wy = directTopWeights(y, share);
  return wx.reduce((sum, w, i) => sum + w * (wy[i] as number), 0) / (x.length * share);
}
