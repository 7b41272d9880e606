// Heat replayed from stored daily inputs, column by column: the model-independent part of every project-day (each
// component's raw value, the evidence count, the listing date) is laid out once, then any number of model versions
// (the current one, candidates, users' weight proposals) score it without rebuilding a signals object per day.
import { computeNormalized, type NormalizationScale } from '../scoring/normalize.ts';
import { clamp } from '../scoring/types.ts';
import type { HeatComponentKey } from '../scoring/weights.ts';
import type { CompiledHeatModel } from './models.ts';

const DAY_MS = 86_400_000;

/**
 * Every project-day's heat inputs, projects × days row-major (p * days + d). A component absent from `components`,
 * or NaN in it, has no data that day.
 */
export type ReplayBasis = {
  projects: number;
  days: number;
  /** The first day as days since 1970-01-01; day d is scored as of its last second (like a backfilled day). */
  firstDay: number;
  components: Partial<Record<HeatComponentKey, Float64Array>>;
  /** Raw heat inputs with data per project-day (countEvidence of that day's inputs). */
  evidence: Uint8Array;
  /** Each project's listing time in ms (NaN when unknown): before it, a day has no heat; after, it sets the age. */
  listedAtMs: Float64Array;
  /**
   * Memo of normalised columns by component and scale (NaN = no data), filled by computeReplayHeat: every proposal
   * keeps the current scales, so the logarithms are taken once per window, not once per proposal.
   */
  normalized?: Map<string, Float64Array>;
};

/** The status past days are scored with. */
const PAST_STATUS = 'active';

/**
 * Each project-day's heat under `model` into `out` (NaN where the model leaves it unscored or the project was not
 * listed yet): computeModelHeat's formula and order of operations on the basis' columns, so it gives the same numbers
 * (a test holds them together). Reddit mentions are never in a replay basis (no daily store), so their distinct-author
 * rule never applies here.
 */
export function computeReplayHeat(
  model: CompiledHeatModel,
  basis: ReplayBasis,
  out: Float32Array = new Float32Array(basis.projects * basis.days),
): Float32Array {
  const { definition, categoryWeights } = model;
  // Only components with a column can have data; the others add nothing to any sum below, so skipping them keeps
  // every sum's terms and order.
  const used = model.components.flatMap((c) => {
    const column = normalizedColumn(basis, c.key, c.scale);
    return column ? [{ categoryIndex: c.categoryIndex, points: c.points, column }] : [];
  });
  const K = categoryWeights.length;
  const presentPoints = new Float64Array(K);
  const present = new Uint8Array(used.length);
  const bonus = definition.statusBonus[PAST_STATUS] ?? 0;
  const { days: D, evidence, listedAtMs } = basis;
  for (let p = 0; p < basis.projects; p++) {
    const listedAt = listedAtMs[p] as number;
    const listed = !Number.isNaN(listedAt);
    for (let d = 0; d < D; d++) {
      const i = p * D + d;
      out[i] = Number.NaN;
      const now = (basis.firstDay + d + 1) * DAY_MS - 1000;
      if (listed && listedAt > now) continue; // not listed yet
      if ((evidence[i] as number) < definition.minEvidence) continue;
      presentPoints.fill(0);
      for (let j = 0; j < used.length; j++) {
        const c = used[j] as (typeof used)[number];
        const ok = !Number.isNaN(c.column[i] as number);
        present[j] = ok ? 1 : 0;
        if (ok) presentPoints[c.categoryIndex] = (presentPoints[c.categoryIndex] as number) + c.points;
      }
      let presentWeight = 0;
      for (let k = 0; k < K; k++) if ((presentPoints[k] as number) > 0) presentWeight += categoryWeights[k] as number;
      if (presentWeight === 0) continue;
      let base = 0;
      for (let j = 0; j < used.length; j++) {
        if (present[j] === 0) continue;
        const c = used[j] as (typeof used)[number];
        const weight =
          ((categoryWeights[c.categoryIndex] as number) / presentWeight) *
          (c.points / (presentPoints[c.categoryIndex] as number));
        base += 100 * (c.column[i] as number) * weight;
      }
      out[i] = clamp(base * computeAgeFactor(model, listed ? Math.trunc(listedAt) : null, now) + bonus, 0, 100);
    }
  }
  return out;
}

/** computeNormalized of a component's column on `scale` (NaN where it has no data); undefined without a column. */
function normalizedColumn(basis: ReplayBasis, key: HeatComponentKey, scale: NormalizationScale) {
  const raw = basis.components[key];
  if (!raw) return undefined;
  basis.normalized ??= new Map();
  const memoKey = `${key}|${JSON.stringify(scale)}`;
  let column = basis.normalized.get(memoKey);
  if (!column) {
    column = new Float64Array(raw.length);
    for (let i = 0; i < raw.length; i++) {
      const v = raw[i] as number;
      column[i] = Number.isFinite(v) ? computeNormalized(v, scale) : Number.NaN;
    }
    basis.normalized.set(memoKey, column);
  }
  return column;
}

/** The model's age factor as of `now` (ms) for a project listed at `listedAt` (whole ms; null when unknown). */
function computeAgeFactor(model: CompiledHeatModel, listedAt: number | null, now: number): number {
  const { definition } = model;
  if (listedAt === null) return definition.ageFactorUnknown;
  const ageDays = Math.max(0, (now - listedAt) / DAY_MS);
  for (const row of definition.ageFactors) if (ageDays <= row.withinDays) return row.factor;
  return definition.ageFactorOlder;
}
