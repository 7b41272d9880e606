import { DAY_MS } from '../../../shared/time/duration.ts';
import { startOfUtcDay } from '../../../shared/time/utc-day.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { safeErrorMessage } from '../../log-redaction.ts';
import { SourceError } from '../../sources/http.ts';
import { type PastDaysResult, recomputePastDays } from '../heat/past-days.service.ts';
import { refreshMomentum } from '../ingestion/ingestion.service.ts';
import {
  type DailyRow,
  type ProgressWrite,
  selectBackfillTargets,
  selectProgress,
  upsertDailyValues,
} from './backfill.queries.ts';
import { type BackfillSpan, createHistorySources, type HistorySource } from './backfill-sources.ts';
import { createPacer } from './pacer.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { toCommits52w } from './backfill-sources.ts';

/** Extra days fetched before the first backfilled day: its 7-day windows (momentum, news, page views). */
const LEAD_DAYS = 7;
/** Daily values buffered before they are written with their progress records. */
const FLUSH_ROWS = 20_000;
/** A source whose calls fail this many times in a row (network, timeout, 5xx) is left for the next run. */
const MAX_CONSECUTIVE_FAILURES = 5;

export type BackfillOptions = {
  days: number;
  now: Date;
  /** Progress over (project, source) pairs, for the CLI's bar. */
  onProgress?: (done: number, total: number) => void;
  /** The sources (tests pass their own); default: createHistorySources(config). */
  sources?: HistorySource[];
  /** Only these projects (a test on a shared server); default: every project. */
  projectIds?: readonly string[];
};

export type SourceTally = { due: number; done: number; none: number; failed: number; skipped: number };
export type BackfillResult = {
  fromDay: string;
  toDay: string;
  projects: number;
  sources: Record<string, SourceTally>;
  values: { inserted: number; updated: number };
  history: PastDaysResult;
  momentum: number;
  errors: string[];
  timingsMs: { fetch: number; recompute: number };
};

/** The days [today − days, yesterday] (UTC) and the fetch span, which starts LEAD_DAYS earlier. */
export function toBackfillSpan(days: number, now: Date): { fromDay: string; toDay: string; fetch: BackfillSpan } {
  const today = startOfUtcDay(now).getTime();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const fromMs = today - (days + LEAD_DAYS) * DAY_MS;
  const toMs = today - 1000;
  return {
    fromDay: day(today - days * DAY_MS),
    toDay: day(today - DAY_MS),
    fetch: { fromDay: day(fromMs), toDay: day(toMs), fromMs, toMs, days: days + LEAD_DAYS },
  };
}

/**
 * The history backfill (docs/heat-score.md "History backfill"): for every project each history source knows, its
 * daily values over the span, stored with their source and a progress record per (project, source) — a pair whose
 * record already covers the span is not asked again, so an interrupted run resumes where it stopped and a second run
 * fetches nothing. Sources run side by side, each at its own pace; a failed pair is recorded (and retried next run),
 * never filled in. Then heat is recomputed for each past day (heat/past-days.service.ts) and momentum is refreshed.
 */
export async function runBackfill(
  deps: { db: Db; config: Config; signal?: AbortSignal },
  options: BackfillOptions,
): Promise<BackfillResult> {
  const { db, signal } = deps;
  const span = toBackfillSpan(options.days, options.now);
  const sources = options.sources ?? createHistorySources(deps.config, signal);
  const only = options.projectIds ? new Set(options.projectIds) : undefined;
  const targets = (await selectBackfillTargets(db)).filter((t) => !only || only.has(t.id));
  const covered = new Set(
    (await selectProgress(db))
      .filter((p) => p.status !== 'failed' && p.fromDay !== null && p.toDay !== null)
      .filter((p) => (p.fromDay as string) <= span.fetch.fromDay && (p.toDay as string) >= span.fetch.toDay)
      .map((p) => `${p.projectId}\u0000${p.source}`),
  );
  const tallies: Record<string, SourceTally> = {};
  const work = sources.map((source) => {
    const known = targets.filter((t) => source.knows(t));
    const due = known.filter((t) => !covered.has(`${t.id}\u0000${source.name}`));
    tallies[source.name] = { due: due.length, done: 0, none: 0, failed: 0, skipped: known.length - due.length };
    return { source, due };
  });
  const total = work.reduce((n, w) => n + w.due.length, 0);
  let finished = 0;
  const errors: string[] = [];
  const values = { inserted: 0, updated: 0 };
  let rows: DailyRow[] = [];
  let progress: ProgressWrite[] = [];
  let writing = Promise.resolve();
  // One writer at a time (PGlite has one connection): the buffer is swapped out and written behind the fetches.
  const flush = () => {
    const batch = { rows, progress };
    rows = [];
    progress = [];
    writing = writing.then(async () => {
      if (batch.rows.length === 0 && batch.progress.length === 0) return;
      const written = await withTransaction(db, (tx) => upsertDailyValues(tx, batch.rows, batch.progress, options.now));
      values.inserted += written.inserted;
      values.updated += written.updated;
    });
    return writing;
  };
  const started = performance.now();
  // Settled, not Promise.all: a stopped run lets every source end at its next call, keeps the progress made so far
  // (the next run resumes after it), then stops before the recompute.
  const fetches = await Promise.allSettled(
    work.map(async ({ source, due }) => {
      const pace = createPacer(source.pauseMs, signal);
      const tally = tallies[source.name] as SourceTally;
      let failedInARow = 0;
      for (const [index, target] of due.entries()) {
        if (failedInARow >= MAX_CONSECUTIVE_FAILURES) {
          tally.skipped += due.length - index; // unreachable: the next run resumes these pairs
          errors.push(`${source.name}: stopped after ${failedInARow} failures in a row`);
          finished += due.length - index;
          break;
        }
        await pace();
        const record = {
          projectId: target.id,
          source: source.name,
          fromDay: span.fetch.fromDay,
          toDay: span.fetch.toDay,
        };
        try {
          const points = await source.fetch(target, span.fetch);
          const status = points === null || points.length === 0 ? 'none' : 'done';
          tally[status]++;
          failedInARow = 0;
          for (const p of points ?? [])
            rows.push({ projectId: target.id, signal: p.signal, day: p.day, value: p.value, source: source.name });
          progress.push({ ...record, status, points: points?.length ?? 0, error: null });
        } catch (error) {
          signal?.throwIfAborted(); // stopping: not this pair's failure
          const notFound = error instanceof SourceError && error.kind === 'not_found';
          tally[notFound ? 'none' : 'failed']++;
          failedInARow = notFound ? 0 : failedInARow + 1;
          const message = safeErrorMessage(error);
          if (!notFound && errors.length < 100) errors.push(`${source.name} ${target.id}: ${message}`);
          progress.push({ ...record, status: notFound ? 'none' : 'failed', points: 0, error: message.slice(0, 500) });
        }
        options.onProgress?.(++finished, total);
        if (rows.length >= FLUSH_ROWS) await flush();
      }
    }),
  );
  await flush();
  signal?.throwIfAborted();
  for (const settled of fetches) if (settled.status === 'rejected') throw settled.reason;
  const fetched = performance.now();
  const history = await recomputePastDays(db, { fromDay: span.fromDay, toDay: span.toDay, now: options.now });
  const momentum = await refreshMomentum(db, options.now);
  return {
    fromDay: span.fromDay,
    toDay: span.toDay,
    projects: targets.length,
    sources: tallies,
    values,
    history,
    momentum,
    errors,
    timingsMs: { fetch: Math.round(fetched - started), recompute: Math.round(performance.now() - fetched) },
  };
}
