// The one quota service (spec §6). Search, export, alert and API features call consumeQuota / assertAlertSlot; the
// limits come from the shared quota table at the viewer's level (viewerOf: test mode and paid plans apply).
import type { QuotaUsage, UsageResponse } from '../../../shared/api/usage.schema.ts';
import {
  type Feature,
  nextPointsLevel,
  QUOTAS,
  type Quota,
  quotaLimit,
  UNLIMITED,
} from '../../../shared/membership/level.ts';
import { hourWindow, startOfDay, startOfNextDay, utcOffsetLabel } from '../../../shared/time/day-window.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  countActiveAlerts,
  deleteSubjectUsage,
  deleteUsageBefore,
  incrementUsage,
  selectUsage,
} from './quotas.queries.ts';

/** Who a counter belongs to: a signed-in user by id, a visitor by IP (with the free limits, viewerOf gives 'free'). */
export type QuotaSubject = { subject: string; viewer: Viewer };

const userSubject = (userId: string) => `user:${userId}`;

export function quotaSubjectOf(viewer: Viewer, ip: string): QuotaSubject {
  return { subject: viewer.userId ? userSubject(viewer.userId) : `ip:${ip}`, viewer };
}

/** A deleted account's counters go with it (they are keyed by text, not by a foreign key that would cascade). */
export async function forgetUserQuotaUsage(db: Db, userId: string): Promise<void> {
  await deleteSubjectUsage(db, userSubject(userId));
}

/** The feature a quota belongs to: a limit of 0 means the level lacks it, so the refusal names the tier. */
const QUOTA_FEATURE: Record<Quota, Feature> = {
  dailySearches: 'basic_search',
  dailyExports: 'export_data',
  hourlyApiCalls: 'api_access',
  concurrentAlerts: 'search_alerts',
};

const LIMIT_ERROR = {
  dailySearches: 'SEARCH_LIMIT_REACHED',
  dailyExports: 'EXPORT_LIMIT_REACHED',
  hourlyApiCalls: 'API_LIMIT_REACHED',
  concurrentAlerts: 'ALERT_LIMIT_REACHED',
} as const satisfies Record<Quota, string>;

type WindowedQuota = Exclude<Quota, 'concurrentAlerts'>;

/** The window a use at `now` counts in, and when it ends. */
export function quotaWindow(quota: WindowedQuota, now: Date, timeZone: string): { start: Date; resetsAt: Date } {
  if (quota === 'hourlyApiCalls') {
    const { start, end } = hourWindow(now);
    return { start, resetsAt: end };
  }
  return { start: startOfDay(now, timeZone), resetsAt: startOfNextDay(now, timeZone) };
}

/** 403 (or 401 for a visitor) when the level's limit is 0: the feature is not in the plan. */
function assertIncluded(who: QuotaSubject, quota: Quota, limit: number): void {
  if (limit !== 0) return;
  assertCanUse(who.viewer, QUOTA_FEATURE[quota]);
  // The matrix and the quota table agree today; if they ever drift, a 0 limit still refuses.
  throw new AppError(who.viewer.userId ? 'FEATURE_LOCKED' : 'SIGN_IN_REQUIRED', {}, { quota });
}

/**
 * Counts one use of a windowed quota BEFORE the work runs: 403/401 when the plan lacks it, 429 with the spec's
 * message when this window's limit is used up (nothing counted then). Unlimited levels are counted too.
 */
export async function consumeQuota(
  db: Db,
  who: QuotaSubject,
  quota: WindowedQuota,
  now: Date,
  timeZone: string,
): Promise<{ used: number; limit: number; resetsAt: Date }> {
  const limit = quotaLimit(who.viewer.level, quota);
  assertIncluded(who, quota, limit);
  const { start, resetsAt } = quotaWindow(quota, now, timeZone);
  const used = await incrementUsage(db, { subject: who.subject, quota, windowStart: start }, limit);
  if (used === null)
    throw new AppError(LIMIT_ERROR[quota], { limit }, { quota, limit, resetsAt: resetsAt.toISOString() });
  return { used, limit, resetsAt };
}

/**
 * The check alert creation calls before it activates an alert: 403 when alerts are not in the plan, 429
 * when the user's active alerts already fill it. Run it in the transaction that inserts the alert (after locking the
 * user's row) so two parallel creations cannot both pass.
 */
export async function assertAlertSlot(db: Db, viewer: Viewer): Promise<void> {
  const limit = quotaLimit(viewer.level, 'concurrentAlerts');
  assertIncluded({ subject: `user:${viewer.userId}`, viewer }, 'concurrentAlerts', limit);
  if (!viewer.userId) throw new AppError('SIGN_IN_REQUIRED');
  if (limit === UNLIMITED) return;
  const active = await countActiveAlerts(db, viewer.userId);
  if (active >= limit) throw new AppError('ALERT_LIMIT_REACHED', { limit }, { quota: 'concurrentAlerts', limit });
}

/** Every quota's used / limit / reset for a subject at `now`. */
export async function readQuotas(db: Db, who: QuotaSubject, now: Date, timeZone: string): Promise<QuotaUsage[]> {
  const windowed = QUOTAS.filter((q): q is WindowedQuota => q !== 'concurrentAlerts').map((quota) => ({
    quota,
    ...quotaWindow(quota, now, timeZone),
  }));
  const rows = await selectUsage(
    db,
    who.subject,
    windowed.map((w) => ({ quota: w.quota, windowStart: w.start })),
  );
  const alertsUsed = who.viewer.userId ? await countActiveAlerts(db, who.viewer.userId) : 0;
  return QUOTAS.map((quota): QuotaUsage => {
    const limit = quotaLimit(who.viewer.level, quota);
    if (quota === 'concurrentAlerts') return { quota, window: 'concurrent', used: alertsUsed, limit, resetsAt: null };
    const w = windowed.find((x) => x.quota === quota);
    const used = rows.find((r) => r.quota === quota)?.used ?? 0;
    return {
      quota,
      window: quota === 'hourlyApiCalls' ? 'hour' : 'day',
      used,
      limit,
      resetsAt: w ? w.resetsAt.toISOString() : null,
    };
  });
}

export type PlanSnapshot = { points: number; paidExpiresAt: Date | null };

/** GET /api/me/usage: the viewer's level, progress to the next level and every quota. */
export async function getUsage(
  db: Db,
  who: QuotaSubject,
  plan: PlanSnapshot | null,
  now: Date,
  timeZone: string,
): Promise<UsageResponse> {
  const points = plan?.points ?? 0;
  return {
    signedIn: who.viewer.userId !== null,
    level: who.viewer.level,
    actualLevel: who.viewer.actualLevel,
    testLevel: who.viewer.testLevel,
    membershipExpiresAt: plan?.paidExpiresAt?.toISOString() ?? null,
    points,
    next: who.viewer.userId ? nextPointsLevel(points) : null,
    zoneLabel: utcOffsetLabel(now, timeZone),
    quotas: await readQuotas(db, who, now, timeZone),
  };
}

/** Counters of windows older than two days are never read again (the longest window is a day). */
export async function cleanupQuotaUsage(db: Db, now: Date): Promise<number> {
  return deleteUsageBefore(db, new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000));
}
