import type { Job } from './job.ts';

/**
 * A cron pattern (with seconds) for `everyMs`, aligned to the wall clock so every instance computes the same slots:
 * 5 min → '0 *\/5 * * * *'. Only intervals that divide a minute, an hour or a day evenly are accepted.
 */
export function toCronPattern(job: Pick<Job, 'name' | 'everyMs' | 'cron'>): string {
  if (job.cron) return job.cron.trim().split(/\s+/).length === 5 ? `0 ${job.cron}` : job.cron;
  const ms = job.everyMs ?? 0;
  const s = ms / 1000;
  if (Number.isInteger(s) && s >= 1 && s < 60 && 60 % s === 0) return `*/${s} * * * * *`;
  const m = s / 60;
  if (Number.isInteger(m) && m >= 1 && m < 60 && 60 % m === 0) return `0 */${m} * * * *`;
  const h = m / 60;
  if (Number.isInteger(h) && h >= 1 && h < 24 && 24 % h === 0) return `0 0 */${h} * * *`;
  if (h === 24) return '0 0 0 * * *';
  throw new Error(`job ${job.name}: everyMs ${ms} does not divide a minute, an hour or a day`);
}

/** A job with a schedule; one without (`startupWhen` only) runs at start-up alone. */
export const isScheduled = (job: Pick<Job, 'everyMs' | 'cron'>): boolean => Boolean(job.everyMs || job.cron);
