import { DAY_MS } from './duration.ts';

/** The instant the UTC day of `at` began (00:00:00.000 UTC). */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The UTC calendar date of `at` as YYYY-MM-DD. */
export function utcDayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}
