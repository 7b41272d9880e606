import fp from 'fastify-plugin';
import type { AppDeps } from '../app-deps.ts';
import type { Job } from '../runs/job.ts';
import { ALL_JOBS, STARTUP_JOBS } from './registry.ts';
import { createScheduler } from './scheduler.ts';

export type JobsPluginOptions = AppDeps & {
  jobs?: readonly Job[];
  /** Aborted when the app starts closing: every running job stops its source calls and records itself cancelled. */
  stopSignal?: AbortSignal;
};

/**
 * Starts the scheduler on `onReady` when JOBS_ENABLED (off in tests, which call `job.run(ctx)` directly), runs the
 * `runAtStartup` jobs once (the heat recompute) and the start-up-only jobs whose `startupWhen` says so (the first-start
 * refresh), and stops it on `onClose`: runs in progress are aborted (recorded as cancelled) and waited for.
 */
export const jobsPlugin = fp<JobsPluginOptions>(async (app, { jobs: only, stopSignal, ...deps }) => {
  if (!deps.config.JOBS_ENABLED) return;
  const jobs = only ?? [...ALL_JOBS, ...STARTUP_JOBS];
  const ctx = { ...deps, now: () => new Date(), log: app.log, signal: stopSignal };
  const scheduler = createScheduler(jobs, ctx, app.log);
  app.addHook('onReady', async () => {
    scheduler.start();
    app.log.info({ jobs: scheduler.jobs.map((j) => `${j.name} (${j.pattern})`) }, 'scheduler started');
    // Not awaited: the server answers while the first recompute runs. One after another: at 100,000 projects the
    // recompute and the history backfill each hold a working set of every project, and together they set the
    // process's peak memory.
    void (async () => {
      for (const job of jobs) if (job.runAtStartup) await scheduler.runNow(job.name, 'startup').catch(() => {});
    })();
    // Start-up-only jobs: the (one-row) check is awaited, so a start has decided before it answers; the run is not.
    for (const job of jobs) {
      if (!job.startupWhen) continue;
      const due = await job.startupWhen(ctx).catch((err: unknown) => {
        app.log.error({ job: job.name, err }, 'start-up job check failed');
        return false;
      });
      if (due) scheduler.runNow(job.name, 'startup').catch(() => {});
    }
  });
  app.addHook('onClose', () => scheduler.stop());
});
