import { DAY_MS } from './duration.ts';

/** The instant the UTC day of `at` began (00:00:00.000 UTC). */
export function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** The UTC calendar date of `at` as YYYY-MM-DD. */
export function utcDayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A UTC day as a number: days since 1970-01-01 (cheap to shift and compare in per-day loops). */
export const toDayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
/** The YYYY-MM-DD of a day number. */
export const toDayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);
