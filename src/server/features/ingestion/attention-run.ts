import { pause, SourceError } from '../../sources/http.ts';
import {
  type AttentionScope,
  countAttentionCandidates,
  selectAttentionTargets,
  upsertProjectSignal,
} from './attention.queries.ts';
import { upsertDailyValues } from './daily-values.queries.ts';
import { markMetricsStale, updateProjectMetrics } from './ingestion.queries.ts';
import {
  emptyResult,
  errorMessage,
  type IngestDeps,
  type IngestOptions,
  type SourceRunResult,
} from './ingestion.types.ts';
import { type MetricField, type MetricUpdate, SOURCE_FIELDS, type SourceName } from './metric-fields.ts';

export type AttentionTarget = Awaited<ReturnType<typeof selectAttentionTargets>>[number];

/** What one project's fetch found; null = the source has nothing for it (no article, no query): no data, no failure. */
export type AttentionFinding = {
  values: MetricUpdate['values'];
  /** Raw figures kept beside the metric (project_signals), e.g. Reddit's distinct authors. */
  signals?: { signal: string; value: number }[];
  /** The answer was cut at a page cap, so the count is a lower bound. */
  capped?: boolean;
  /** Figures of complete UTC days the answer measured, stored in daily_signals (a later measure of a day wins). */
  daily?: { signal: string; day: string; value: number }[];
} | null;

export type AttentionPlan = {
  source: Extract<SourceName, 'gdelt' | 'wikipedia' | 'reddit'>;
  /** The metric whose `asOf` says when a project was last fetched (oldest first). */
  field: MetricField;
  scope: AttentionScope;
  /** A project is due again once its value is older than this. */
  refreshMs: number;
  /** Runs per day of the source's job: each run takes 1/runsPerDay of the projects; undefined → every due project. */
  runsPerDay?: number;
  /** Pause between two projects (the source's rate rule). */
  pauseMs: number;
};

/**
 * Runs one attention source over the most overdue slice of its projects. A project whose fetch fails keeps its value,
 * marked stale; a rate limit the source asks us to wait out longer than we do stops the run (the rest stay due, so the
 * next run resumes with them). The tally counts projects; "no data" answers count as succeeded.
 */
export async function runAttentionSource(
  deps: IngestDeps,
  plan: AttentionPlan,
  fetch: (target: AttentionTarget, now: Date) => Promise<AttentionFinding>,
  options: IngestOptions = {},
): Promise<SourceRunResult> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const result = emptyResult(plan.source);
  const candidates = await countAttentionCandidates(db, plan.scope);
  const share = plan.runsPerDay ? Math.ceil(candidates / plan.runsPerDay) : candidates;
  const limit = options.limit ?? share;
  const dueBefore = new Date(now.getTime() - plan.refreshMs);
  const targets = limit > 0 ? await selectAttentionTargets(db, plan.field, plan.scope, dueBefore, limit) : [];
  let failed = 0;
  let noData = 0;
  let capped = 0;
  let stopped = 0;
  for (const [i, target] of targets.entries()) {
    if (i > 0 && plan.pauseMs > 0) await pause(plan.pauseMs, deps.signal);
    deps.signal?.throwIfAborted();
    try {
      const finding = await fetch(target, now);
      if (!finding) {
        noData++;
      } else {
        const asOf = deps.now?.() ?? new Date();
        await updateProjectMetrics(db, plan.source, asOf, [{ id: target.id, values: finding.values }]);
        for (const { signal, value } of finding.signals ?? []) {
          await upsertProjectSignal(db, { projectId: target.id, signal, source: plan.source, value, asOf });
        }
        if (finding.daily?.length) {
          await upsertDailyValues(
            db,
            plan.source,
            asOf,
            finding.daily.map((d) => ({ ...d, projectId: target.id })),
          );
        }
        if (finding.capped) capped++;
        result.updatedIds.push(target.id);
      }
    } catch (error) {
      deps.signal?.throwIfAborted(); // stopping: not this project's failure
      failed++;
      result.errors.push(`${target.id}: ${errorMessage(error)}`);
      await markMetricsStale(db, plan.source, SOURCE_FIELDS[plan.source], [target.id]);
      if (error instanceof SourceError && error.kind === 'rate_limited') {
        result.errors.push(`stopped after ${i + 1} of ${targets.length}: rate-limited`);
        stopped = targets.length - i - 1;
        break;
      }
    }
    options.onProgress?.(i + 1, targets.length);
  }
  const updated = result.updatedIds.length;
  result.counts = { due: targets.length, candidates, updated, noData, failed, stopped, capped };
  result.tally = { requested: targets.length, succeeded: updated + noData, failed, skipped: stopped };
  result.failed = targets.length > 0 && failed > 0 && updated + noData === 0;
  return result;
}
