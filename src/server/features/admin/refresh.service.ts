import type { RefreshStartedResponse } from '../../../shared/api/admin-ops.schema.ts';
import { AppError } from '../../errors.ts';
import { getJob, type JobCatalogue, type JobContext } from '../../runs/job.ts';
import { FULL_SYNC_JOB } from '../../runs/job-names.ts';
import { runRecordedJob } from '../../runs/run-log.ts';

/**
 * "Refresh all data": starts the daily full sync (every source, then a heat recompute) now, in the background, as
 * job full-sync with trigger 'manual' — the scheduled job's lock and sync_runs row, so it never overlaps the 02:30
 * run or another admin's. Resolves once the run holds its lock and has its row; its progress is the per-source rows
 * GET /api/sync/status reads (and the sync.updated event when it ends). Throws MAINTENANCE_RUNNING (409) when a full
 * sync already runs on any instance. `done` settles when the run has finished (tests and shutdown wait on it); when
 * `ctx.signal` is aborted (the server stops) the run stops at once and is recorded as cancelled.
 */
export async function startFullRefresh(
  ctx: JobContext,
  jobs: JobCatalogue,
  instance: string,
): Promise<RefreshStartedResponse & { done: Promise<void> }> {
  const fullSyncJob = getJob(jobs, FULL_SYNC_JOB);
  let signal: (startedAt: Date | null) => void = () => {};
  const started = new Promise<Date | null>((resolve) => {
    signal = resolve;
  });
  const done = runRecordedJob(
    ctx.db,
    ctx.dbKind,
    { job: fullSyncJob.name, trigger: 'manual', instance, now: ctx.now, signal: ctx.signal },
    () => {
      signal(ctx.now());
      return fullSyncJob.run(ctx);
    },
  ).then(
    async (run) => {
      signal(null);
      if (run.ran) await ctx.events.publish({ type: 'sync.updated', job: fullSyncJob.name });
    },
    (error: unknown) => {
      signal(null); // only a database error gets here: the run's own failures are recorded in its row
      ctx.log?.error({ err: error }, 'refresh all data: the full sync could not be recorded');
    },
  );
  const startedAt = await started;
  if (!startedAt) throw new AppError('MAINTENANCE_RUNNING', { action: 'refresh' });
  return { job: 'full-sync', startedAt: startedAt.toISOString(), done };
}
