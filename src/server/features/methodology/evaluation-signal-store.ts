import { sql } from 'drizzle-orm';
import { PANEL_SIGNALS } from '../../../shared/methodology/types.ts';
import { toDayNumber } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type EvaluationInputs, PANEL_SIGNAL_SOURCES } from './evaluation-inputs.service.ts';
import type { InputChange } from './evaluation-runs.queries.ts';
import {
  assignProjectSlots,
  deleteStoredDays,
  deleteStoredDaysBefore,
  insertStoredSeries,
  lockSignalStore,
  replaceProjectSlots,
  type StoredSeries,
  selectStoredDays,
  streamSignalDayValues,
} from './evaluation-signal-store.queries.ts';

// The evaluation's compact store of the outcomes' daily signals (migration 0054): per signal and UTC day one float4
// array over project slots. A new day's cross-sections at horizon 30 read the 60 days around t = yesterday − 30;
// as rows of daily_signals that is ~2.4·10⁷ rows at 10⁵ projects, as arrays ~60 per signal.
//
// It stays equal to daily_signals the same way the stored day figures do, by the change log (migration 0053): the
// full evaluation rewrites it from the panel it read (after reading the log, so every logged write is in it), and
// each daily run first forgets the days the log names, then builds from daily_signals (by day, through
// daily_signals_evaluation_day_idx) every day it needs and does not hold. A write committing after a run read the log
// stays logged, so the next run forgets that day again. The log rows are deleted only once the run's results are
// stored, as before: a run that fails leaves them, and the store is rebuilt where they say.
//
// Values are kept exactly as the panel keeps them (float4, NaN for none), so sums over them equal the panel's.

/** The signals it holds: every outcome's, the ones migration 0053's triggers log and 0054's index covers. */
export const STORE_SIGNALS: readonly string[] = [...new Set(PANEL_SIGNALS.map((s) => PANEL_SIGNAL_SOURCES[s]))];

/** Days built per daily_signals read (~3 MB of arrays per day and signal at 10⁵ projects). */
const BUILD_DAYS = 4;
/** Arrays per COPY of the full rewrite. */
const WRITE_ROWS = 16;

/**
 * Readies the store for a daily run of the window starting `from` that reads `days` (UTC days): forgets the days
 * `changes` name (all of them for "every day") and those before `from`, gives projects without a slot the next ones,
 * and builds from daily_signals each day of `days` it does not hold. One transaction under the store's lock. Returns
 * how many days it built.
 */
export async function refreshSignalStore(
  db: Db,
  o: { from: string; changes: readonly InputChange[]; days: readonly string[] },
): Promise<number> {
  const { changes, days } = o;
  return withTransaction(db, async (tx) => {
    await lockSignalStore(tx);
    // A day's rows by the day index: an exact bitmap (10⁵ heap pages when a backfill wrote project by project) and
    // no JIT compile, which took longer (~1–3 s) than the read itself.
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    if (changes.some((c) => c.day === null)) await deleteStoredDays(tx, 'all');
    else await deleteStoredDays(tx, [...new Set(changes.map((c) => c.day as string))]);
    await deleteStoredDaysBefore(tx, o.from);
    const slots = await assignProjectSlots(tx);
    const held = await selectStoredDays(tx, days);
    const missing = [...new Set(days)].filter((d) => !held.has(d)).sort();
    for (let i = 0; i < missing.length; i += BUILD_DAYS) {
      await buildDays(tx, missing.slice(i, i + BUILD_DAYS), slots);
    }
    return missing.length;
  });
}

/** Builds and stores every signal of `days` from daily_signals over slots 0 … `slots` − 1. */
async function buildDays(db: Db, days: readonly string[], slots: number): Promise<void> {
  const series = new Map<string, Float32Array>();
  const dayByNumber = new Map(days.map((d) => [toDayNumber(d), d]));
  await streamSignalDayValues(db, STORE_SIGNALS, days, ({ columns, rows }) => {
    const [slot, signal, day, value] = columns as [Float64Array, Float64Array, Float64Array, Float64Array];
    for (let i = 0; i < rows; i++) {
      const at = slot[i] as number;
      if (at >= slots) continue;
      const key = `${signal[i]}|${day[i]}`;
      let values = series.get(key);
      if (!values) {
        values = new Float32Array(slots).fill(Number.NaN);
        series.set(key, values);
      }
      values[at] = value[i] as number;
    }
  });
  const rows: StoredSeries[] = [];
  for (const [number, day] of dayByNumber) {
    STORE_SIGNALS.forEach((signal, s) => {
      rows.push({ signal, day, slots, series: series.get(`${s}|${number}`) ?? null });
    });
  }
  await insertStoredSeries(db, rows);
}

/**
 * Rewrites the whole store from a full evaluation's inputs: slots renumbered in the panel's project order, every
 * signal and day of its window from the panel. Call it only from a run that read the change log before `inputs`
 * and deletes what it read: the store then holds every write the log no longer names.
 */
export async function writeSignalStore(db: Db, inputs: EvaluationInputs): Promise<void> {
  const P = inputs.projects.length;
  const D = inputs.days.length;
  await withTransaction(db, async (tx) => {
    await lockSignalStore(tx);
    await deleteStoredDays(tx, 'all');
    await replaceProjectSlots(
      tx,
      inputs.projects.map((p) => p.id),
    );
    for (const key of PANEL_SIGNALS) {
      const panel = inputs.signals[key];
      let rows: StoredSeries[] = [];
      for (let d = 0; d < D; d++) {
        const values = new Float32Array(P);
        let any = false;
        for (let p = 0; p < P; p++) {
          const v = panel[p * D + d] as number;
          values[p] = v;
          if (!Number.isNaN(v)) any = true;
        }
        rows.push({
          signal: PANEL_SIGNAL_SOURCES[key],
          day: inputs.days[d] as string,
          slots: P,
          series: any ? values : null,
        });
        if (rows.length === WRITE_ROWS) {
          await insertStoredSeries(tx, rows);
          rows = [];
        }
      }
      await insertStoredSeries(tx, rows);
    }
  });
}
