import { computePointsLevel, MEMBERSHIP_LEVELS } from '../../../shared/membership/level.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { selectPlansEndingBetween } from './notifications.queries.ts';
import { type NewNotification, notify } from './notify.service.ts';

/** How long before a paid plan ends its owner is warned. */
export const MEMBERSHIP_EXPIRY_WARNING_DAYS = 3;

const BATCH = 500;

/**
 * The daily warning: every user whose paid plan ends within the next 3 days gets one `membership_expiring` per plan
 * end (dedupe `membership_expiring:<expiresAt>`), so daily runs, reruns and overlapping instances warn once, and a
 * renewed plan (a new end) is warned again before it ends. A user whose points alone already give the plan's level
 * loses nothing and is not warned.
 */
export async function notifyExpiringMemberships(db: Db, now: Date): Promise<{ candidates: number; notified: number }> {
  const until = new Date(now.getTime() + MEMBERSHIP_EXPIRY_WARNING_DAYS * DAY_MS);
  const plans = await selectPlansEndingBetween(db, now, until);
  const rows: NewNotification[] = [];
  for (const plan of plans) {
    if (!plan.expiresAt) continue;
    if (MEMBERSHIP_LEVELS.indexOf(computePointsLevel(plan.points)) >= MEMBERSHIP_LEVELS.indexOf(plan.level)) continue;
    const expiresAt = plan.expiresAt.toISOString();
    rows.push({
      userId: plan.userId,
      kind: 'membership_expiring',
      params: { level: plan.level, expiresAt },
      link: '/membership',
      dedupeKey: `membership_expiring:${expiresAt}`,
    });
  }
  let notified = 0;
  for (let i = 0; i < rows.length; i += BATCH) notified += await notify(db, rows.slice(i, i + BATCH));
  return { candidates: rows.length, notified };
}
