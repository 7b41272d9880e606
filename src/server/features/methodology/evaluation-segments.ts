import { computeAbsLogChange, computeGrowthFromSums } from '../../../shared/methodology/outcomes.ts';
import type { OutcomeDefinition } from '../../../shared/methodology/types.ts';
import { toDayString } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import { PANEL_SIGNAL_SOURCES } from './evaluation-inputs.service.ts';
import { streamSegmentSums } from './evaluation-windows.queries.ts';

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

/**
 * Reads the segment sums the target cross-sections need (`targets`: horizon → day indices from day number `first`):
 * for a flow, segments bounded at t − h, t and t + h; for a price, the days t and t + h.
 */
export async function readSegmentSums(
  db: Db,
  P: number,
  first: number,
  targets: Map<number, number[]>,
  outcomes: readonly OutcomeDefinition[],
): Promise<SegmentSums> {
  const flows = [...new Set(outcomes.filter((o) => o.change === 'growth').map((o) => PANEL_SIGNAL_SOURCES[o.signal]))];
  const points = [...new Set(outcomes.filter((o) => o.change !== 'growth').map((o) => PANEL_SIGNAL_SOURCES[o.signal]))];
  const signals = [...flows, ...points];
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
  const K = Math.max(0, sorted.length - 1);
  const index = new Map(sorted.map((b, k) => [b, k]));
  const sums = new Float64Array(signals.length * K * P);
  const seen = new Int32Array(signals.length * K * P);
  if (K > 0 && signals.length > 0) {
    await streamSegmentSums(
      db,
      {
        signals,
        bounds: sorted.map(toDayString),
        pointSignals: points,
        pointDays: [...pointDays].sort((a, b) => a - b).map(toDayString),
      },
      ({ columns, rows }) => {
        const position = columns[0] as Float64Array;
        const signal = columns[1] as Float64Array;
        for (let i = 0; i < rows; i++) {
          const p = position[i] as number;
          const s = signal[i] as number;
          for (let k = 0; k < K; k++) {
            const n = (columns[3 + 2 * k] as Float64Array)[i] as number;
            if (!(n > 0)) continue;
            sums[(s * K + k) * P + p] = (columns[2 + 2 * k] as Float64Array)[i] as number;
            seen[(s * K + k) * P + p] = n;
          }
        }
      },
    );
  }
  const signalIndex = new Map(signals.map((s, i) => [s, i]));
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
