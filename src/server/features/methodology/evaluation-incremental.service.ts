import { sql } from 'drizzle-orm';
import {
  computeEvaluableDays,
  EVALUATION_HORIZONS,
  evaluateGivenChanges,
} from '../../../shared/methodology/evaluate.ts';
import { CODE_MODEL_CHANGELOG } from '../../../shared/methodology/models.ts';
import { getOutcome, MIN_WINDOW_COVERAGE, OUTCOMES } from '../../../shared/methodology/outcomes.ts';
import { listDays } from '../../../shared/methodology/panel.ts';
import { summariseEvaluationDays } from '../../../shared/methodology/summarise-days.ts';
import type {
  EvaluationOptions,
  EvaluationPanel,
  EvaluationResult,
  OutcomeDefinition,
} from '../../../shared/methodology/types.ts';
import { toDayNumber, toDayString } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import {
  deleteEvaluationDays,
  type EvaluationDayRow,
  type EvaluationKey,
  insertEvaluationDays,
  replaceEvaluationCells,
  selectEvaluationDays,
} from './evaluation.queries.ts';
import type { EvaluationProject } from './evaluation-inputs.queries.ts';
import { selectEvaluationProjects, selectKnownModelIds, streamPublishedHeat } from './evaluation-inputs.queries.ts';
import { PANEL_SIGNAL_SOURCES } from './evaluation-inputs.service.ts';
import { toStoredRows } from './evaluation-rows.ts';
import { type InputChange, selectEvaluationRuns, upsertEvaluationRun } from './evaluation-runs.queries.ts';
import { planSegments, readSegmentSums, type SegmentPlan, type SegmentSums } from './evaluation-segments.ts';
import { refreshSignalStore } from './evaluation-signal-store.ts';

// The daily evaluation, proportional to what is new. A day's cross-section at horizon h reads only the stored values
// of days t − h + 1 … t + h, so once stored it stays right until one of those days is written again (the triggers of
// migration 0053 log every day written). Each run computes the (t, h) pairs that became computable as the window
// moved, and those whose days were written since the last run, from per-project sums over the few day segments they
// need, taken from the compact signal store (evaluation-signal-store.ts: one array per signal and day); every other
// day's figures are read back from heat_evaluation_days, and the tables are summarised from them exactly as a full
// computation would (summariseEvaluationDays).

/** Above this many cross-sections to recompute per horizon, a full computation reads about as much: do that. */
export const MAX_INCREMENTAL_DAYS = 12;

/** The engine settings that make two evaluations comparable, as stored with each (heat_evaluation_runs.settings). */
export function toSettingsText(options: EvaluationOptions): string {
  const { seed, horizons, outcomes, minProjects, resamples, confidence } = options;
  return JSON.stringify({
    seed,
    horizons: horizons ?? EVALUATION_HORIZONS,
    outcomes: outcomes ?? OUTCOMES.map((o) => o.key),
    minProjects: minProjects ?? null,
    resamples: resamples ?? null,
    confidence: confidence ?? null,
  });
}

export type IncrementalRun = {
  projects: number;
  evaluations: { modelVersion: string; result: EvaluationResult }[];
  heatWithoutModel: number;
  /** Cross-sections recomputed, per horizon. */
  recomputed: Record<number, number>;
  /** Days the signal store built from daily_signals for this run (new, or written since). */
  storeDaysBuilt: number;
  timingsMs: { read: number; evaluate: number; write: number };
};

/**
 * Extends the stored published evaluations to the window [from, to] by recomputing only new and changed days.
 * Returns null — the caller then computes everything — when that is not possible: no stored evaluation, other
 * settings or a window that does not overlap, a change marked "every day", a model version with no stored evaluation
 * in the new days, or more than {@link MAX_INCREMENTAL_DAYS} cross-sections per horizon to recompute.
 */
export async function runIncrementalEvaluation(
  db: Db,
  o: { now: Date; from: string; to: string; engine: EvaluationOptions; changes: readonly InputChange[] },
): Promise<IncrementalRun | null> {
  const timingsMs = { read: 0, evaluate: 0, write: 0 };
  let started = performance.now();
  if (o.changes.some((c) => c.day === null)) return null;
  const runs = (await selectEvaluationRuns(db)).filter((r) => r.basis === 'published');
  const previous = runs[0];
  const settings = toSettingsText(o.engine);
  if (!previous) return null;
  const sameAsPrevious = (r: (typeof runs)[number]) =>
    r.settings === settings && r.fromDay === previous.fromDay && r.toDay === previous.toDay;
  if (!runs.every(sameAsPrevious)) return null;
  if (o.from < previous.fromDay || o.to < previous.toDay || o.from > previous.toDay) return null;
  const days = listDays(o.from, o.to);
  const first = toDayNumber(o.from);
  const horizons = o.engine.horizons ?? EVALUATION_HORIZONS;
  const outcomes = o.engine.outcomes ? o.engine.outcomes.map(getOutcome) : OUTCOMES;
  const targets = planTargets(days.length, first, horizons, toDayNumber(previous.toDay), o.changes);
  if ([...targets.values()].some((t) => t.length > MAX_INCREMENTAL_DAYS)) return null;
  const models = new Set(runs.map((r) => r.modelVersion));
  const plan = planSegments(first, targets, outcomes);
  const storeDaysBuilt = await refreshSignalStore(db, { from: o.from, changes: o.changes, days: plan.days });
  const read = await db.transaction((tx) => readTargets(tx as unknown as Db, first, targets, plan), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  if (!read || [...read.heat.keys()].some((m) => !models.has(m))) return null;
  timingsMs.read = Math.round(performance.now() - started);
  const evaluations: IncrementalRun['evaluations'] = [];
  for (const modelVersion of models) {
    started = performance.now();
    const rows = computeTargetRows(
      { modelVersion, basis: 'published' },
      read,
      days,
      first,
      targets,
      outcomes,
      o.engine,
    );
    timingsMs.evaluate += Math.round(performance.now() - started);
    started = performance.now();
    const key: EvaluationKey = { modelVersion, basis: 'published' };
    const result = await withTransaction(db, async (tx) => {
      for (const outcome of outcomes) {
        for (const h of horizons) {
          const span = computeEvaluableDays(outcome, h, days.length);
          await deleteEvaluationDays(tx, key, {
            outcome: outcome.key,
            horizon: h,
            firstDay: days[span.first] ?? '9999-12-31',
            lastDay: days[span.last] ?? '0000-01-01',
            days: (targets.get(h) ?? []).map((t) => days[t] as string),
          });
        }
      }
      await insertEvaluationDays(tx, rows);
      const stored = await selectEvaluationDays(tx, key);
      const summary = summariseEvaluationDays(
        { days, projects: read.panelProjects(modelVersion) },
        o.engine,
        lookup(stored),
      );
      await replaceEvaluationCells(tx, key, toStoredRows(key, summary, o.now).cells);
      await upsertEvaluationRun(tx, {
        ...key,
        fromDay: o.from,
        toDay: o.to,
        settings,
        mode: 'incremental',
        computedAt: o.now,
      });
      return summary;
    });
    timingsMs.write += Math.round(performance.now() - started);
    evaluations.push({ modelVersion, result });
  }
  const recomputed = Object.fromEntries([...targets].map(([h, t]) => [h, t.length]));
  return {
    projects: read.projects.length,
    evaluations,
    heatWithoutModel: read.heatWithoutModel,
    recomputed,
    storeDaysBuilt,
    timingsMs,
  };
}

/**
 * Per horizon, the day indices of the window to (re)compute: those not computable in the previous window (ending
 * `previousTo`), and those reading a day written since (a growth at t reads t − h + 1 … t + h; a price move t and
 * t + h; heat t), within what the new window can compute.
 */
export function planTargets(
  D: number,
  first: number,
  horizons: readonly number[],
  previousTo: number,
  changes: readonly InputChange[],
): Map<number, number[]> {
  const written = changes.flatMap((c) => (c.day === null ? [] : [toDayNumber(c.day)]));
  const targets = new Map<number, number[]>();
  for (const h of horizons) {
    const list: number[] = [];
    for (let t = 0; t <= D - 1 - h; t++) {
      const day = first + t;
      if (day + h > previousTo || written.some((x) => x - h <= day && day <= x + h - 1)) list.push(t);
    }
    targets.set(h, list);
  }
  return targets;
}

type TargetInputs = {
  projects: EvaluationProject[];
  panelProjects: (modelVersion: string) => EvaluationPanel['projects'];
  /** Model → day number → heat of every project that day (NaN where none or another version's). */
  heat: Map<string, Map<number, Float32Array>>;
  sums: SegmentSums;
  heatWithoutModel: number;
};

async function readTargets(
  db: Db,
  first: number,
  targets: Map<number, number[]>,
  plan: SegmentPlan,
): Promise<TargetInputs | null> {
  // Small reads by day: a JIT compile (~1 s) would cost more than it saves.
  await db.execute(sql`SET LOCAL jit = off`);
  const projects = await selectEvaluationProjects(db);
  const P = projects.length;
  const heatDays = [...new Set([...targets.values()].flat())].map((t) => first + t);
  const models = [...new Set([...(await selectKnownModelIds(db)), ...CODE_MODEL_CHANGELOG.map((c) => c.id)])];
  const heat = new Map<string, Map<number, Float32Array>>();
  let heatWithoutModel = 0;
  if (heatDays.length > 0) {
    await streamPublishedHeat(db, heatDays.map(toDayString), models, ({ columns, rows }) => {
      const [position, day, score, model] = columns as [Float64Array, Float64Array, Float64Array, Float64Array];
      for (let i = 0; i < rows; i++) {
        const m = model[i] as number;
        if (!(m > 0)) {
          heatWithoutModel++;
          continue;
        }
        const id = models[m - 1] as string;
        const byDay = heat.get(id) ?? new Map<number, Float32Array>();
        heat.set(id, byDay);
        const d = day[i] as number;
        let column = byDay.get(d);
        if (!column) {
          column = new Float32Array(P).fill(Number.NaN);
          byDay.set(d, column);
        }
        column[position[i] as number] = score[i] as number;
      }
    });
  }
  const sums = await readSegmentSums(db, projects, plan);
  if (!sums) return null;
  const panelProjects = (modelVersion: string) =>
    projects.map((p) => ({ id: p.id, sectorIds: [p.sectorId], modelVersion }));
  return { projects, panelProjects, heat, sums, heatWithoutModel };
}

/**
 * The cross-sections of every target (t, h) for one model, by the engine's own code from each project's change over
 * (t, t + h] computed from the window sums as the engine computes it from the panel.
 */
function computeTargetRows(
  key: EvaluationKey,
  read: TargetInputs,
  days: readonly string[],
  first: number,
  targets: Map<number, number[]>,
  outcomes: readonly OutcomeDefinition[],
  engine: EvaluationOptions,
): EvaluationDayRow[] {
  const P = read.projects.length;
  const rows: EvaluationDayRow[] = [];
  const projects = read.panelProjects(key.modelVersion);
  const nan = new Float32Array(P).fill(Number.NaN);
  for (const [h, list] of targets) {
    const minSeen = Math.max(1, Math.ceil(h * MIN_WINDOW_COVERAGE));
    for (const t of list) {
      const T = first + t;
      // A day the full window cannot compute (the h days before t are not all in it) is left out, as it is there.
      const computable = outcomes.filter((o) => t >= computeEvaluableDays(o, h, days.length).first);
      const changes = computable.map((outcome) => {
        const source = PANEL_SIGNAL_SOURCES[outcome.signal];
        const change = new Float64Array(P);
        for (let p = 0; p < P; p++) {
          change[p] =
            outcome.change === 'growth'
              ? read.sums.growth(source, p, T, h, minSeen)
              : read.sums.absLogChange(source, p, T, h);
        }
        return { outcome: outcome.key, change };
      });
      const heat = read.heat.get(key.modelVersion)?.get(T) ?? nan;
      const figures = evaluateGivenChanges(days[t] as string, projects, heat, changes, engine.minProjects);
      for (const { outcome, group, day } of figures) {
        if (!day) continue;
        rows.push({
          ...key,
          outcome,
          horizon: h,
          groupKind: group.kind,
          groupId: group.id ?? '',
          day: day.day,
          n: day.n,
          correlation: day.correlation,
          hitRate: day.hitRate,
        });
      }
    }
  }
  return rows;
}

/** Stored day rows as the summary reads them, by (outcome, horizon, group). */
function lookup(rows: readonly EvaluationDayRow[]) {
  const byCell = new Map<string, { day: string; n: number; correlation: number | null; hitRate: number }[]>();
  for (const r of rows) {
    const k = `${r.outcome}|${r.horizon}|${r.groupKind}|${r.groupId}`;
    const list = byCell.get(k) ?? [];
    byCell.set(k, list);
    list.push({ day: r.day, n: r.n, correlation: r.correlation, hitRate: r.hitRate });
  }
  for (const list of byCell.values()) list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return (outcome: string, horizon: number, group: { kind: string; id: string | null }) =>
    byCell.get(`${outcome}|${horizon}|${group.kind}|${group.id ?? ''}`) ?? [];
}
