import { runBackgroundBackfill } from '../features/backfill/backfill-run.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * The history backfill in the background: at start-up and every 6 hours until one run succeeds (then a no-op), so a
 * fresh install's charts, momentum and trend have BACKFILL_DAYS of history without anyone running the CLI. One runner
 * across instances (the job lock); an interrupted run resumes from its progress records.
 */
export const historyBackfillJob: Job = {
  name: 'history-backfill',
  everyMs: 6 * 3_600_000,
  runAtStartup: true,
  run: (ctx) => runBackgroundBackfill({ db: ctx.db, config: ctx.config, signal: ctx.signal }, ctx.now()),
};
