import { evaluateHeat } from '../../../shared/methodology/evaluate.ts';
import type { EvaluationOptions, EvaluationResult, OutcomeKey } from '../../../shared/methodology/types.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { toDayString } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { replaceEvaluation } from './evaluation.queries.ts';
import { runIncrementalEvaluation, toSettingsText } from './evaluation-incremental.service.ts';
import { loadEvaluationInputs, toPanel } from './evaluation-inputs.service.ts';
import { toStoredRows } from './evaluation-rows.ts';
import {
  deleteEvaluationRuns,
  deleteInputChanges,
  selectInputChanges,
  upsertEvaluationRun,
} from './evaluation-runs.queries.ts';
import { writeSignalStore } from './evaluation-signal-store.ts';
import { listActiveModels } from './models.service.ts';

/** The window the daily job evaluates: the last 90 days. */
export const EVALUATION_WINDOW_DAYS = 90;
/** The bootstrap seed of stored evaluations: fixed, so a re-run on the same inputs stores the same intervals. */
export const EVALUATION_SEED = 37;

export type EvaluationPhase = 'read' | 'evaluate' | 'write';

export type RunEvaluationOptions = {
  now: Date;
  /** UTC days, inclusive; default the 90 days ending yesterday (today's heat is not final). */
  from?: string;
  to?: string;
  /** Only this model version (published and replayed); default every version found or active. */
  model?: string;
  horizons?: readonly number[];
  outcomes?: readonly OutcomeKey[];
  resamples?: number;
  /** Store the results (the job does; the CLI may only print). Default true. */
  store?: boolean;
  /**
   * When storing, extend the stored evaluation by the new and changed days only, if it can
   * (evaluation-incremental.service.ts); false = always compute the whole window. Default true.
   */
  incremental?: boolean;
  onProgress?: (phase: EvaluationPhase, done: number, total: number) => void;
};

export type StoredEvaluation = { modelVersion: string; basis: 'published' | 'replayed'; result: EvaluationResult };

export type RunEvaluationResult = {
  from: string;
  to: string;
  projects: number;
  evaluations: StoredEvaluation[];
  heatWithoutModel: number;
  timingsMs: Record<EvaluationPhase, number>;
  /** 'incremental' when only new and changed days were computed (the stored figures of the others reused). */
  mode: 'full' | 'incremental';
};

/** The default window: the 90 UTC days ending the day before `now`. */
export function toEvaluationWindow(now: Date): { from: string; to: string } {
  const yesterday = Math.floor(now.getTime() / DAY_MS) - 1;
  return { from: toDayString(yesterday - EVALUATION_WINDOW_DAYS + 1), to: toDayString(yesterday) };
}

/**
 * Evaluates heat against what happened next over a window: the published daily heat of every model version found in
 * it, and — when a candidate exists — the heat replayed from the stored daily inputs under every active version
 * (current and candidates, so a candidate is compared with the current model on identical inputs without touching the
 * public ranking). Stores each
 * (model, basis) in its own transaction, replacing the previous one. Deterministic: a fixed seed.
 */
export async function runEvaluation(db: Db, options: RunEvaluationOptions): Promise<RunEvaluationResult> {
  const window = toEvaluationWindow(options.now);
  const from = options.from ?? window.from;
  const to = options.to ?? window.to;
  const timingsMs: Record<EvaluationPhase, number> = { read: 0, evaluate: 0, write: 0 };
  let started = performance.now();
  const active = await listActiveModels(db, options.now);
  // Replaying costs a rebuild of every past day's inputs: done when there is a candidate to compare (then the current
  // model is replayed too, on the same inputs), or when one model is asked for by name.
  const replay = options.model
    ? active.filter((m) => m.id === options.model)
    : active.some((m) => m.status === 'candidate')
      ? active
      : [];
  const engineOptions: EvaluationOptions = {
    seed: EVALUATION_SEED,
    ...(options.horizons ? { horizons: options.horizons } : {}),
    ...(options.outcomes ? { outcomes: options.outcomes } : {}),
    ...(options.resamples ? { resamples: options.resamples } : {}),
  };
  const store = options.store !== false;
  // Read before the inputs: a day written after this read is seen again by the next run, never lost.
  const changes = store && !options.model ? await selectInputChanges(db) : null;
  if (changes && options.incremental !== false && replay.length === 0) {
    const run = await runIncrementalEvaluation(db, { now: options.now, from, to, engine: engineOptions, changes });
    if (run) {
      await deleteInputChanges(
        db,
        changes.map((c) => c.id),
      );
      options.onProgress?.('write', 1, 1);
      return {
        from,
        to,
        projects: run.projects,
        evaluations: run.evaluations.map((e) => ({ ...e, basis: 'published' as const })),
        heatWithoutModel: run.heatWithoutModel,
        timingsMs: run.timingsMs,
        mode: 'incremental',
      };
    }
    started = performance.now();
  }
  const inputs = await loadEvaluationInputs(db, {
    from,
    to,
    replay,
    onProgress: (done, total) => options.onProgress?.('read', done, total),
  });
  timingsMs.read = Math.round(performance.now() - started);
  const panels = [
    ...[...inputs.published].map(([id, heat]) => ({ modelVersion: id, basis: 'published' as const, heat })),
    ...[...inputs.replayed].map(([id, heat]) => ({ modelVersion: id, basis: 'replayed' as const, heat })),
  ].filter((p) => !options.model || p.modelVersion === options.model);
  const evaluations: StoredEvaluation[] = [];
  const settings = toSettingsText(engineOptions);
  // The published evaluations recorded are exactly the ones computed now (one whose heat left the window is not).
  if (changes) await deleteEvaluationRuns(db, 'published');
  for (const [i, panel] of panels.entries()) {
    started = performance.now();
    const result = evaluateHeat(toPanel(inputs, panel.heat, panel.modelVersion), engineOptions);
    timingsMs.evaluate += Math.round(performance.now() - started);
    evaluations.push({ modelVersion: panel.modelVersion, basis: panel.basis, result });
    options.onProgress?.('evaluate', i + 1, panels.length);
    if (options.store === false) continue;
    started = performance.now();
    const key = { modelVersion: panel.modelVersion, basis: panel.basis };
    const rows = toStoredRows(key, result, options.now);
    await withTransaction(db, async (tx) => {
      await replaceEvaluation(tx, key, rows.cells, rows.days);
      await upsertEvaluationRun(tx, {
        ...key,
        fromDay: from,
        toDay: to,
        settings,
        mode: 'full',
        computedAt: options.now,
      });
    });
    timingsMs.write += Math.round(performance.now() - started);
    options.onProgress?.('write', i + 1, panels.length);
  }
  if (changes) {
    // The daily runs after this one read the signals from the store: it holds what this run read, written since
    // the changes were read, so they are accounted for there too.
    started = performance.now();
    await writeSignalStore(db, inputs);
    timingsMs.write += Math.round(performance.now() - started);
    // Every stored evaluation was just computed from inputs read after the changes: they are accounted for.
    await deleteInputChanges(
      db,
      changes.map((c) => c.id),
    );
  }
  return {
    from,
    to,
    projects: inputs.projects.length,
    evaluations,
    heatWithoutModel: inputs.heatWithoutModel,
    timingsMs,
    mode: 'full',
  };
}

export { toStoredRows } from './evaluation-rows.ts';
