import type { Db, DbKind } from '../db/client.ts';
import { safeErrorMessage } from '../log-redaction.ts';
import type { JobOutcome } from './job.ts';
import { withJobLock } from './job-lock.ts';
import {
  type FinishedStatus,
  hasCompletedRun,
  insertRun,
  insertScheduledRun,
  type RunTrigger,
  selectJobsWithRunningRows,
  updateOrphanedRunsFailed,
  updateRunFinished,
} from './run-log.queries.ts';

export type RecordedRun =
  | { ran: true; id: number; status: FinishedStatus; durationMs: number; outcome: JobOutcome }
  | { ran: false; reason: 'locked' | 'slot-taken' };

export type RunJobOptions = {
  job: string;
  trigger: RunTrigger;
  /** The cron slot of a scheduled run; claimed once across all instances. */
  slot?: Date;
  instance: string;
  now: () => Date;
  /** The run's stop signal (the job passes it to its source calls): a run it ends is recorded as `cancelled`. */
  signal?: AbortSignal;
};

/**
 * Runs a job once and records it in `sync_runs` (start, end, duration, counts, errors). The run holds the job's lock
 * (advisory on PostgreSQL), so with several instances only one runs it at a time, and a scheduled slot is run once
 * (the slot row is unique). Holding the lock also proves that any older 'running' row of the job belongs to a
 * process that died mid-run: it is closed as failed first. The run is recorded with the status its outcome reports
 * (success by default, partial or failed); a job that throws is recorded as failed, or as cancelled when it threw
 * because `options.signal` was aborted (a shutdown). This function only throws on database errors.
 */
export async function runRecordedJob(
  db: Db,
  dbKind: DbKind,
  options: RunJobOptions,
  run: () => Promise<JobOutcome>,
): Promise<RecordedRun> {
  const body = async (): Promise<RecordedRun> => {
    const startedAt = options.now();
    await updateOrphanedRunsFailed(db, startedAt, options.job);
    const id = options.slot
      ? await insertScheduledRun(db, options.job, options.slot, options.instance, startedAt)
      : await insertRun(db, options.job, options.trigger, options.instance, startedAt);
    if (id === null) return { ran: false, reason: 'slot-taken' };
    let outcome: JobOutcome;
    let status: FinishedStatus;
    try {
      outcome = await run();
      status = outcome.status ?? 'success';
    } catch (error) {
      const cancelled = options.signal?.aborted === true;
      outcome = { counts: {}, errors: [cancelled ? cancelledMessage(options.signal) : safeErrorMessage(error)] };
      status = cancelled ? 'cancelled' : 'failed';
    }
    const finishedAt = options.now();
    const durationMs = Math.max(0, finishedAt.getTime() - startedAt.getTime());
    await updateRunFinished(db, id, {
      status,
      finishedAt,
      durationMs,
      counts: outcome.counts,
      errors: outcome.errors.slice(0, 100),
    });
    return { ran: true, id, status, durationMs, outcome };
  };
  const result = await withJobLock(db, dbKind, options.job, body);
  return result.locked ? result.value : { ran: false, reason: 'locked' };
}

/** The error a cancelled run records: why it stopped (the signal's reason) and that the next run resumes it. */
export function cancelledMessage(signal: AbortSignal | undefined): string {
  const reason: unknown = signal?.reason;
  const why = reason instanceof Error ? reason.message : 'stopped';
  return `cancelled: ${why}; the next run resumes the work`;
}

/**
 * At start-up: closes as failed the 'running' rows whose process is gone, so the status never shows a dead run as in
 * progress. PGlite has one process per data directory, so every such row is an orphan (sources' rows included). On
 * PostgreSQL a job's rows are orphans when its lock is free (no instance runs it); others are left to their owner.
 */
export async function closeOrphanedRuns(db: Db, dbKind: DbKind, now: Date): Promise<number> {
  if (dbKind === 'pglite') return updateOrphanedRunsFailed(db, now);
  let closed = 0;
  for (const job of await selectJobsWithRunningRows(db)) {
    const result = await withJobLock(db, dbKind, job, () => updateOrphanedRunsFailed(db, now, job));
    if (result.locked) closed += result.value;
  }
  return closed;
}

export type { FinishedStatus, JobOutcome, RunTrigger };
export { hasCompletedRun };
export type SyncRunResult = Parameters<typeof updateRunFinished>[2];

/**
 * Opens a 'running' sync-log row for work recorded below a job (e.g. one ingestion source inside `ingest-market`);
 * returns its id for {@link finishSyncRun}. The one writer of `sync_runs`, shared with {@link runRecordedJob}.
 */
export function openSyncRun(db: Db, job: string, trigger: RunTrigger, startedAt: Date): Promise<number> {
  return insertRun(db, job, trigger, null, startedAt);
}

/** Closes a row opened by {@link openSyncRun} with its status, duration, counts and errors. */
export function finishSyncRun(db: Db, id: number, result: SyncRunResult): Promise<void> {
  return updateRunFinished(db, id, result);
}
