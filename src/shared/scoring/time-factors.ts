import { DAY_MS } from '../time/duration.ts';
import { AGE_FACTORS, NEW_WITHIN_DAYS } from './weights.ts';

/** Every age (in days since listing) after which a time-dependent factor changes: the age factor's steps, "new". */
const THRESHOLD_DAYS = [...new Set([...AGE_FACTORS.map((row) => row.withinDays), NEW_WITHIN_DAYS])].sort(
  (a, b) => a - b,
);

/**
 * The first instant (epoch ms) after `nowMs` at which a project listed at `listedAtMs` could score differently with the
 * same inputs: its age crosses an age-factor step or leaves the "new" window. Both bounds are inclusive (an age of
 * exactly 7 days still has the ≤ 7 factor), so the change is 1 ms after listing + threshold. Null when no threshold is
 * ahead (listed long ago) or the listing date is unknown: such a score depends on its inputs alone.
 */
export function nextTimeFactorChangeMs(listedAtMs: number | null, nowMs: number): number | null {
  if (listedAtMs === null) return null;
  for (const days of THRESHOLD_DAYS) {
    const boundary = listedAtMs + days * DAY_MS;
    if (boundary >= nowMs) return boundary + 1;
  }
  return null;
}
