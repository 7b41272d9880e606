import { evaluateHeat } from '../../../shared/methodology/evaluate.ts';
import type { EvaluationOptions, EvaluationResult, OutcomeKey } from '../../../shared/methodology/types.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { toDayString } from '../../../shared/time/utc-day.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type EvaluationCellRow, type EvaluationDayRow, replaceEvaluation } from './evaluation.queries.ts';
import { loadEvaluationInputs, toPanel } from './evaluation-inputs.service.ts';
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
  const engineOptions: EvaluationOptions = {
    seed: EVALUATION_SEED,
    ...(options.horizons ? { horizons: options.horizons } : {}),
    ...(options.outcomes ? { outcomes: options.outcomes } : {}),
    ...(options.resamples ? { resamples: options.resamples } : {}),
  };
  const evaluations: StoredEvaluation[] = [];
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
    await withTransaction(db, (tx) => replaceEvaluation(tx, key, rows.cells, rows.days));
    timingsMs.write += Math.round(performance.now() - started);
    options.onProgress?.('write', i + 1, panels.length);
  }
  return {
    from,
    to,
    projects: inputs.projects.length,
    evaluations,
    heatWithoutModel: inputs.heatWithoutModel,
    timingsMs,
  };
}

/** An engine result as table rows: one per cell, one per cell and used day. */
export function toStoredRows(
  key: { modelVersion: string; basis: 'published' | 'replayed' },
  result: EvaluationResult,
  at: Date,
): { cells: EvaluationCellRow[]; days: EvaluationDayRow[] } {
  const cells: EvaluationCellRow[] = [];
  const days: EvaluationDayRow[] = [];
  for (const c of result.cells) {
    const cellKey = {
      ...key,
      outcome: c.outcome,
      horizon: c.horizon,
      groupKind: c.group.kind,
      groupId: c.group.id ?? '',
    };
    cells.push({
      ...cellKey,
      family: c.family,
      fromDay: result.from as string,
      toDay: result.to as string,
      correlationMean: c.correlation.mean,
      correlationLow: c.correlation.low,
      correlationHigh: c.correlation.high,
      correlationDays: c.correlation.days,
      hitRateMean: c.hitRate.mean,
      hitRateLow: c.hitRate.low,
      hitRateHigh: c.hitRate.high,
      hitRateDays: c.hitRate.days,
      hitRateChance: c.hitRateChance,
      blockLength: c.correlation.blockLength,
      daysUsed: c.daysUsed,
      daysSkipped: c.daysSkipped,
      daysPending: c.daysPending,
      daysNeeded: c.daysNeeded,
      projectsMean: c.projectsMean,
      projectsMin: c.projectsMin,
      seed: result.seed,
      resamples: result.resamples,
      computedAt: at,
    });
    for (const d of c.daily)
      days.push({ ...cellKey, day: d.day, n: d.n, correlation: d.correlation, hitRate: d.hitRate });
  }
  return { cells, days };
}
