import { dayKey } from '../../../shared/time/day-window.ts';
import type { Db } from '../../db/client.ts';
import { deleteAdViewsBefore, deleteDayRowsBefore } from './cleanup.queries.ts';

const KEEP_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Drops what only today's tasks read: progress rows and share tokens of days over two days old, and ad views over two
 * days old (a token dies within the hour; the ad rotation only needs the recent ones). Credits stay in user_tasks and
 * the points ledger, which are never cleaned.
 */
export async function cleanupTaskRows(db: Db, now: Date, timeZone: string) {
  const before = new Date(now.getTime() - KEEP_MS);
  const dayRows = await deleteDayRowsBefore(db, dayKey(before, timeZone));
  return { ...dayRows, adViews: await deleteAdViewsBefore(db, before) };
}
