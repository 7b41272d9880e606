// Fixed lengths of time in milliseconds. A "day" here is 24 h of elapsed time (ages, retention, windows of N days);
// a calendar day in a zone, which daylight saving can stretch, is day-window.ts's business.

/** One minute, in ms. */
export const MINUTE_MS = 60_000;
/** One hour, in ms. */
export const HOUR_MS = 60 * MINUTE_MS;
/** One day of 24 hours, in ms. */
export const DAY_MS = 24 * HOUR_MS;
