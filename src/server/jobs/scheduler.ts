import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { Job, JobContext } from '../runs/job.ts';
import { isScheduled, toCronPattern } from '../runs/job-schedule.ts';
import { type RecordedRun, type RunTrigger, runRecordedJob } from '../runs/run-log.ts';

/** How the scheduler starts a run (the CLI's runs go through runRecordedJob directly). */
type SchedulerTrigger = Exclude<RunTrigger, 'cli'>;

export type SchedulerLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type Scheduler = {
  start: () => void;
  /**
   * Stops the timers, aborts the runs in progress (their source calls stop at once; each run is recorded as
   * cancelled, unless it finished anyway) and waits for them to be recorded.
   */
  stop: () => Promise<void>;
  /** Runs a job now, outside its schedule; skipped while the same job runs. */
  runNow: (
    name: string,
    trigger?: 'manual' | 'startup',
  ) => Promise<RecordedRun | { ran: false; reason: 'busy' | 'stopping' }>;
  readonly jobs: readonly { name: string; pattern: string; nextRunAt: Date | null }[];
};

/**
 * Runs each job on its schedule. Per job: a run is skipped while the previous one is still running (in this process,
 * and — through the advisory lock — in any instance on the same PostgreSQL), and each cron slot runs at most once
 * across instances (sync_runs' unique (job, slot)). Every run is logged with its duration and outcome.
 */
export function createScheduler(jobs: readonly Job[], ctx: JobContext, log: SchedulerLog): Scheduler {
  const instance = `${hostname()}:${process.pid}`;
  const running = new Map<string, Promise<unknown>>();
  const timers = new Map<string, Cron>();
  const byName = new Map(jobs.map((job) => [job.name, job]));
  // Every run's stop signal: aborted by stop(), or by the caller's own signal (the app's, when it closes).
  const stopping = new AbortController();
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, stopping.signal]) : stopping.signal;
  const runCtx: JobContext = { ...ctx, signal };
  // Once stopping, no slot starts a new run (the app aborts before its onClose calls stop()).
  signal.addEventListener('abort', () => {
    for (const cron of timers.values()) cron.stop();
  });

  /** One run, recorded, logged and announced. */
  const runAndAnnounce = async (job: Job, slot: Date | undefined, trigger: SchedulerTrigger) => {
    try {
      const result = await runRecordedJob(
        ctx.db,
        ctx.dbKind,
        { job: job.name, trigger, slot, instance, now: ctx.now, signal },
        () => job.run(runCtx),
      );
      if (!result.ran) log.info({ job: job.name, slot, reason: result.reason }, 'job skipped: another instance has it');
      else {
        const level = result.status === 'success' ? 'info' : result.status === 'partial' ? 'warn' : 'error';
        log[level]({ job: job.name, slot, durationMs: result.durationMs, ...result.outcome }, `job ${result.status}`);
        await ctx.events.publish({ type: 'sync.updated', job: job.name });
      }
      return result;
    } catch (error) {
      log.error({ job: job.name, slot, err: error }, 'job could not be recorded');
      throw error;
    }
  };

  const execute = async (job: Job, slot: Date | undefined, trigger: SchedulerTrigger) => {
    // Stopping: no new run, even one chained after a run that just ended (the start-up jobs run one after another).
    // It would outlive stop()'s wait and write to a closed database, leaving a 'running' row the next start closes
    // as failed.
    if (signal.aborted) return { ran: false as const, reason: 'stopping' as const };
    if (running.has(job.name)) {
      log.warn({ job: job.name, slot }, 'job skipped: previous run still in progress');
      return { ran: false as const, reason: 'busy' as const };
    }
    // The whole run, announcement included, is what stop() waits for; it leaves the map as it settles.
    const whole = runAndAnnounce(job, slot, trigger).finally(() => running.delete(job.name));
    running.set(job.name, whole);
    return whole;
  };

  return {
    start: () => {
      for (const job of jobs) {
        if (timers.has(job.name) || !isScheduled(job)) continue;
        const cron = new Cron(toCronPattern(job), { timezone: 'UTC', unref: true }, (self: Cron) => {
          // The slot is the scheduled time, identical on every instance, whatever the timer's jitter.
          const slot = self.previousRuns(1, new Date(Date.now() + 50))[0] ?? new Date();
          execute(job, slot, 'schedule').catch(() => {});
        });
        timers.set(job.name, cron);
      }
    },
    stop: async () => {
      for (const cron of timers.values()) cron.stop();
      timers.clear();
      if (!stopping.signal.aborted) stopping.abort(new Error('the scheduler was stopped'));
      // Enough once: each entry is its whole run and leaves the map as it settles, and no run starts once stopping.
      await Promise.allSettled(running.values());
    },
    runNow: async (name, trigger = 'manual') => {
      const job = byName.get(name);
      if (!job) throw new Error(`unknown job ${name}`);
      return execute(job, undefined, trigger);
    },
    get jobs() {
      return jobs.map((job) => ({
        name: job.name,
        pattern: isScheduled(job) ? toCronPattern(job) : 'at start-up',
        nextRunAt: timers.get(job.name)?.nextRun() ?? null,
      }));
    },
  };
}
