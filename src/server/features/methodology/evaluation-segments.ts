import { computeAbsLogChange, computeGrowthFromSums } from '../../../shared/methodology/outcomes.ts';
import type { OutcomeDefinition } from '../../../shared/methodology/types.ts';
import { toDayNumber, toDayString } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import { type EvaluationProject, streamDailySignalValues } from './evaluation-inputs.queries.ts';
import { PANEL_SIGNAL_SOURCES } from './evaluation-inputs.service.ts';
import { selectSlotsByPosition, selectStoredSeries } from './evaluation-signal-store.queries.ts';

/**
 * Per project, the sum and count of observed values of each signal over any span (a, b] whose ends are among the
 * segment bounds read: what a flow's mean over a window, or a price on a day, needs.
 */
export type SegmentSums = {
  /** The flow's growth over (T, T + h] against (T − h, T] (computeGrowthFromSums). */
  growth: (signal: string, p: number, T: number, h: number, minSeen: number) => number;
  /** |ln(price at T + h / price at T)| (computeAbsLogChange). */
  absLogChange: (signal: string, p: number, T: number, h: number) => number;
};

/** The day segments the target cross-sections need, and the stored days they read. */
export type SegmentPlan = {
  flows: string[];
  points: string[];
  /** Ascending day numbers: segment k is (bounds[k], bounds[k + 1]]. */
  bounds: number[];
  /** The days a flow is read on: every day within the bounds, ascending. */
  flowDays: string[];
  /** The days a price is read on (t and t + h), ascending. */
  pointDays: number[];
  /** Every day either is read on, ascending. */
  days: string[];
};

/**
 * Plans the segments of the targets (`targets`: horizon → day indices from day number `first`): for a flow,
 * bounded at t − h, t and t + h; for a price, the days t and t + h.
 */
export function planSegments(
  first: number,
  targets: Map<number, number[]>,
  outcomes: readonly OutcomeDefinition[],
): SegmentPlan {
  const flows = [...new Set(outcomes.filter((o) => o.change === 'growth').map((o) => PANEL_SIGNAL_SOURCES[o.signal]))];
  const points = [...new Set(outcomes.filter((o) => o.change !== 'growth').map((o) => PANEL_SIGNAL_SOURCES[o.signal]))];
  const bounds = new Set<number>();
  const pointDays = new Set<number>();
  for (const [h, list] of targets) {
    for (const t of list) {
      const T = first + t;
      if (flows.length > 0) for (const b of [T - h, T, T + h]) bounds.add(b);
      if (points.length > 0) {
        for (const day of [T, T + h]) {
          bounds.add(day - 1);
          bounds.add(day);
          pointDays.add(day);
        }
      }
    }
  }
  const sorted = [...bounds].sort((a, b) => a - b);
  const flowDays: number[] = [];
  if (flows.length > 0 && sorted.length > 1) {
    for (let d = (sorted[0] as number) + 1; d <= (sorted[sorted.length - 1] as number); d++) flowDays.push(d);
  }
  return {
    flows,
    points,
    bounds: sorted,
    flowDays: flowDays.map(toDayString),
    pointDays: [...pointDays].sort((a, b) => a - b),
    days: [...new Set([...flowDays, ...pointDays])].sort((a, b) => a - b).map(toDayString),
  };
}

/** Stored days read per query (~400 kB per signal and day at 10⁵ projects). */
const READ_DAYS = 8;

/**
 * Sums the planned segments per project from the signal store (evaluation-signal-store.ts; `projects` in
 * selectEvaluationProjects' order, read in the same snapshot). A project the store's arrays do not cover (given its
 * slot after they were built) is read from daily_signals. Returns null when a planned day is not stored (a
 * concurrent rewrite of the store): the caller then computes the whole window.
 */
export async function readSegmentSums(
  db: Db,
  projects: readonly EvaluationProject[],
  plan: SegmentPlan,
): Promise<SegmentSums | null> {
  const P = projects.length;
  const signals = [...plan.flows, ...plan.points];
  const K = Math.max(0, plan.bounds.length - 1);
  const index = new Map(plan.bounds.map((b, k) => [b, k]));
  const sums = new Float64Array(signals.length * K * P);
  const seen = new Int32Array(signals.length * K * P);
  const pointDays = new Set(plan.pointDays);
  const signalIndex = new Map(signals.map((s, i) => [s, i]));
  const isPoint = signals.map((s) => plan.points.includes(s) && !plan.flows.includes(s));
  /** The segment holding day number `day` for signal s, or -1 when s is not read that day. */
  const segmentOf = (s: number, day: number) => {
    if (isPoint[s]) return pointDays.has(day) ? (index.get(day - 1) as number) : -1;
    if (K === 0 || day <= (plan.bounds[0] as number) || day > (plan.bounds[K] as number)) return -1;
    let k = 0;
    while ((plan.bounds[k + 1] as number) < day) k++;
    return k;
  };
  const add = (s: number, k: number, p: number, v: number) => {
    if (!(v >= 0 && v < Number.POSITIVE_INFINITY)) return; // the panel's "observed"
    const at = (s * K + k) * P + p;
    sums[at] = (sums[at] as number) + v;
    seen[at] = (seen[at] as number) + 1;
  };
  if (K > 0 && signals.length > 0 && plan.days.length > 0) {
    const slots = await selectSlotsByPosition(db, P);
    /** Slots covered by each (signal, day) array read. */
    const covered = new Map<string, number>();
    let expected = 0;
    const reads: [readonly string[], readonly string[]][] = [
      [plan.flows, plan.flowDays],
      [plan.points, plan.pointDays.map(toDayString)],
    ];
    for (const [wanted, days] of reads) {
      expected += wanted.length * days.length;
      for (let i = 0; i < days.length; i += READ_DAYS) {
        for (const row of await selectStoredSeries(db, wanted, days.slice(i, i + READ_DAYS))) {
          const s = signalIndex.get(row.signal) as number;
          const day = toDayNumber(row.day);
          const k = segmentOf(s, day);
          if (k < 0) continue;
          covered.set(`${s}|${day}`, row.slots);
          const series = row.series;
          if (!series) continue;
          const base = (s * K + k) * P;
          for (let p = 0; p < P; p++) {
            const slot = slots[p] as number;
            if (slot < 0 || slot >= row.slots) continue;
            const v = series[slot] as number;
            if (!(v >= 0 && v < Number.POSITIVE_INFINITY)) continue; // the panel's "observed", as add()
            sums[base + p] = (sums[base + p] as number) + v;
            seen[base + p] = (seen[base + p] as number) + 1;
          }
        }
      }
    }
    if (covered.size !== expected) return null;
    const fewest = Math.min(...covered.values());
    const late = projects.filter((_, p) => !((slots[p] as number) >= 0 && (slots[p] as number) < fewest));
    if (late.length > 0) {
      await streamDailySignalValues(
        db,
        plan.days[0] as string,
        plan.days[plan.days.length - 1] as string,
        signals,
        ({ columns, rows }) => {
          const [position, signal, day, value] = columns as [Float64Array, Float64Array, Float64Array, Float64Array];
          for (let i = 0; i < rows; i++) {
            const p = position[i] as number;
            const s = signal[i] as number;
            const d = day[i] as number;
            const k = segmentOf(s, d);
            const slot = slots[p] as number;
            if (k < 0 || (slot >= 0 && slot < (covered.get(`${s}|${d}`) as number))) continue;
            add(s, k, p, Math.fround(value[i] as number)); // float4, as the store and the panel keep it
          }
        },
        late.map((p) => p.id),
      );
    }
  }
  /** Sum and count over (a, b]: its segments added in day order. */
  const span = (s: number, p: number, a: number, b: number): [number, number] => {
    let total = 0;
    let count = 0;
    const to = index.get(b) as number;
    for (let k = index.get(a) as number; k < to; k++) {
      total += sums[(s * K + k) * P + p] as number;
      count += seen[(s * K + k) * P + p] as number;
    }
    return [total, count];
  };
  return {
    growth: (signal, p, T, h, minSeen) => {
      const s = signalIndex.get(signal) as number;
      const [before, seenBefore] = span(s, p, T - h, T);
      const [after, seenAfter] = span(s, p, T, T + h);
      return computeGrowthFromSums(before, seenBefore, after, seenAfter, minSeen);
    },
    absLogChange: (signal, p, T, h) => {
      const s = signalIndex.get(signal) as number;
      const [at, seenAt] = span(s, p, T - 1, T);
      const [later, seenLater] = span(s, p, T + h - 1, T + h);
      return computeAbsLogChange(seenAt > 0 ? at : Number.NaN, seenLater > 0 ? later : Number.NaN);
    },
  };
}
