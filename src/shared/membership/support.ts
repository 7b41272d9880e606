// Support priority and response targets: vip's priority_support (level.ts) puts a request first in
// the admin queue with a shorter first-response target; every other signed-in level gets normal priority. The server
// decides both when a request is created; /membership and the /support form show the same constant.

import { DAY_MS } from '../time/duration.ts';
import { canUse, type MembershipLevel } from './level.ts';

export const SUPPORT_PRIORITIES = ['priority', 'normal'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

/** Business days (Monday–Friday in the server's DAY_TIME_ZONE) within which a waiting request gets a response. */
export const SUPPORT_RESPONSE_TARGETS: Readonly<Record<SupportPriority, { businessDays: number }>> = {
  priority: { businessDays: 1 },
  normal: { businessDays: 3 },
};

/** The priority a level's requests get: 'priority' with the priority_support feature (vip), else 'normal'. */
export function supportPriorityOf(level: MembershipLevel): SupportPriority {
  return canUse(level, 'priority_support') ? 'priority' : 'normal';
}

const WEEKEND = new Set(['Sat', 'Sun']);

/** Whether a moment falls on a Saturday or Sunday in `timeZone` (an IANA name). */
export function isWeekend(moment: Date, timeZone: string): boolean {
  return WEEKEND.has(new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(moment));
}

/**
 * `from` plus `days` business days: steps of 24 hours, where a step landing on a Saturday or Sunday (in `timeZone`)
 * does not count. Friday 10:00 + 1 → Monday 10:00; Saturday 10:00 + 1 → Monday 10:00. Public holidays are not known.
 */
export function addBusinessDays(from: Date, days: number, timeZone: string): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (!isWeekend(new Date(at), timeZone)) left--;
  }
  return new Date(at);
}
