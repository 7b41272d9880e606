import { heatJob } from './heat.job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's recompute after data changes (created or imported projects): app.ts. */
    heatRescore: RecomputeTrigger;
  }
}

import type { JobContext } from '../runs/job.ts';
import { type RunTrigger, runRecordedJob } from '../runs/run-log.ts';

/** Between two tries while another run of the heat job holds its lock (this instance's scheduler or another's). */
const LOCKED_RETRY_MS = 1_000;
/** How long a request waits for a running recompute before leaving it to the scheduled one (every 5 minutes). */
const LOCKED_GIVE_UP_MS = 5 * 60_000;

export type RecomputeTrigger = {
  /** Asks for a heat recompute now, in the background (never throws; several requests coalesce). */
  request: () => void;
  /** Settles when no requested recompute is pending or running (shutdown and tests wait on it). */
  settled: () => Promise<void>;
  /** Stops waiting for a lock and runs nothing new; `settled()` then ends after the current run. */
  stop: () => void;
};

/**
 * A recompute started by a data change (an admin's created or imported projects), so new projects are scored within
 * seconds instead of at the next 5-minute run. It is the scheduled heat job itself, run through runRecordedJob: the
 * same lock (advisory on PostgreSQL), so two instances never run it at once, and a sync_runs row with `trigger`.
 * A request made while a run is in progress (here or, through the lock, on another instance) is served by one more
 * run after it: the run in progress may have read the projects before the change committed. Requests made meanwhile
 * coalesce into that one run.
 */
export function createRecomputeTrigger(ctx: JobContext, instance: string, trigger: RunTrigger): RecomputeTrigger {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function runUntilServed(): Promise<void> {
    const deadline = Date.now() + LOCKED_GIVE_UP_MS;
    while (!stopped) {
      const run = await runRecordedJob(ctx.db, ctx.dbKind, { job: heatJob.name, trigger, instance, now: ctx.now }, () =>
        heatJob.run(ctx),
      );
      if (run.ran || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, LOCKED_RETRY_MS));
    }
  }

  async function loop(): Promise<void> {
    do {
      again = false;
      try {
        await runUntilServed();
      } catch (err) {
        // Only a database error gets here (a failed run is recorded in its row): the scheduled run tries again.
        ctx.log?.error({ err }, 'the heat recompute after a data change could not run');
      }
    } while (again && !stopped);
  }

  function start(): void {
    running = loop().finally(() => {
      running = null;
      if (again && !stopped) start(); // asked for after the loop's last check
    });
  }

  return {
    request() {
      if (stopped) return;
      if (running) again = true;
      else start();
    },
    async settled() {
      while (running) await running;
    },
    stop() {
      stopped = true;
    },
  };
}
