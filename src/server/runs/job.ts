import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { ResponseCache } from '../plugins/response-cache.ts';

/**
 * What a job run receives: the app's dependencies (the cache is optional, a CLI has none; the mailer is the process's
 * one, so every job shares its SMTP transport) and `now`, the only clock a job reads, so tests can pin it.
 */
export type JobContext = Pick<AppDeps, 'db' | 'dbKind' | 'config' | 'events' | 'mailer'> & {
  cache?: Pick<ResponseCache, 'invalidate'>;
  now: () => Date;
  /** The app's logger (the scheduler passes it; a CLI or a test may not): for what a job does in the background. */
  log?: FastifyBaseLogger;
  /**
   * Aborted when the server stops (the app's preClose): a job passes it to every source call and stops at once, its
   * run recorded as `cancelled`; the next scheduled run resumes the work. A CLI or a test may leave it out.
   */
  signal?: AbortSignal;
};

/**
 * What a run reports. `status` defaults to success; a job that did part of its work says `partial`, one whose work
 * all failed says `failed` (a job that throws is failed too).
 */
export type JobOutcome = {
  counts: Record<string, number>;
  errors: string[];
  status?: 'success' | 'partial' | 'failed';
};

/** A scheduled job: `everyMs` (aligned to the wall clock: every 5 min runs at :00, :05, …) or a `cron` pattern. */
export type Job = {
  name: string;
  everyMs?: number;
  cron?: string;
  /** Also run once when the server starts (spec: "the initial sync runs at start"). */
  runAtStartup?: boolean;
  /**
   * A start-up-only job (neither `everyMs` nor `cron`): at start the scheduler asks this, and runs the job in the
   * background when it says yes (e.g. the first-start refresh, until one has succeeded).
   */
  startupWhen?: (ctx: JobContext) => Promise<boolean>;
  run: (ctx: JobContext) => Promise<JobOutcome>;
  /** The ingestion sources it runs (their rows are `ingest:<source>`), for the status page's next-run times. */
  sources?: readonly string[];
};

/**
 * Every job the app knows (jobs/registry.ts builds it; app.ts passes it in): scheduled jobs and start-up-only ones.
 * Code below the job definitions (the run log, sync status, admin operations) reads jobs from it, never imports them.
 */
export type JobCatalogue = { scheduled: readonly Job[]; startup: readonly Job[] };

/** The catalogue's job named `name`; throws when there is none (a wiring mistake, not a request error). */
export function getJob(catalogue: JobCatalogue, name: string): Job {
  const job = [...catalogue.scheduled, ...catalogue.startup].find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job named ${name} in the catalogue`);
  return job;
}
