import {
  computePointsLevel,
  LEVEL_POINT_THRESHOLDS,
  type MembershipLevel,
  nextPointsLevel,
} from '../../../shared/membership/level.ts';

export type LevelProgress = {
  /** The level the balance earns by points alone. */
  level: MembershipLevel;
  /** The next level points can reach; null at vip. */
  next: MembershipLevel | null;
  /** The bar's ends in points: this level's threshold and the next one's (both the vip threshold at the top). */
  from: number;
  to: number;
  /** Share of the way from `from` to `to`, 0–100, one decimal rounded down (never 100 before the next level). */
  percent: number;
  pointsNeeded: number;
};

/** How far a points balance has come from its level's threshold towards the next (1000 premium, 5000 vip). */
export function computeLevelProgress(balance: number): LevelProgress {
  const points = Math.max(0, balance);
  const level = computePointsLevel(points);
  const next = nextPointsLevel(points);
  const from = LEVEL_POINT_THRESHOLDS[level];
  if (!next) return { level, next: null, from, to: from, percent: 100, pointsNeeded: 0 };
  const to = LEVEL_POINT_THRESHOLDS[next.level];
  const percent = Math.floor(((points - from) / (to - from)) * 1000) / 10;
  return { level, next: next.level, from, to, percent, pointsNeeded: next.pointsNeeded };
}

/**
 * Whole seconds left until a server-issued token becomes creditable. Measured from the server's own clock: the wait is
 * creditableAt − serverNow as the server saw it, minus the time that has passed here since the answer arrived
 * (elapsedMs, from a monotonic clock), so a wrong local clock does not shift the countdown. Never below 0.
 */
export function computeSecondsLeft(creditableAt: string, serverNow: string, elapsedMs: number): number {
  const waitMs = Date.parse(creditableAt) - Date.parse(serverNow);
  if (!Number.isFinite(waitMs)) return 0;
  return Math.max(0, Math.ceil((waitMs - Math.max(0, elapsedMs)) / 1000));
}

/** Seconds from an error's details, when the server said how long is left (409 too early). */
export function readSecondsLeft(details: unknown): number | null {
  if (typeof details !== 'object' || details === null) return null;
  for (const key of ['secondsLeft', 'seconds', 'retryAfter']) {
    const value = (details as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, Math.ceil(value));
  }
  return null;
}

/** The page count of a paged list (at least 1, so an empty history reads "page 1 of 1"). */
export function computePageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}
