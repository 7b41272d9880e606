import {
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationsResponse,
} from '../../../shared/api/notifications.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  deleteOldBroadcasts,
  insertAllBroadcastReads,
  insertBroadcastRead,
  selectBroadcastPage,
} from './broadcasts.queries.ts';
import {
  deleteOldNotifications,
  type PageKey,
  selectNotificationPage,
  updateAllRead,
  updateOneRead,
} from './notifications.queries.ts';
import { countUnread } from './notify.service.ts';

/** Read notifications are kept this long, then the daily cleanup deletes them. */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;
/** No notification, read or not, is kept longer than this (an abandoned account's unread pile stays bounded). */
export const NOTIFICATION_MAX_AGE_DAYS = 365;

const KEY_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A calendar instant PostgreSQL accepts too (no 30 February, no hour 24): it survives a round trip through Date. */
function isRealInstant(at: string): boolean {
  const date = new Date(at);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === at.slice(0, 19);
}

/** The opaque cursor: base64url of "<created_at to the microsecond>|<id>". */
export function encodeCursor(key: PageKey): string {
  return Buffer.from(`${key.at}|${key.id}`, 'utf8').toString('base64url');
}

/** A cursor this service issued, or 400 VALIDATION_FAILED (never a database error from a forged one). */
export function decodeCursor(cursor: string): PageKey {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !KEY_AT.test(at) || !UUID.test(id) || !isRealInstant(at)) {
    throw new AppError('VALIDATION_FAILED', { reason: 'cursor' }, { field: 'cursor' });
  }
  return { at, id };
}

type Row = Awaited<ReturnType<typeof selectNotificationPage>>[number];

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Two pages each newest first (ties by id) → their first `limit + 1` in the same order (the keyset spans both). */
function mergePages(a: Row[], b: Row[], limit: number): Row[] {
  return [...a, ...b]
    .sort((x, y) => (x.pageKey === y.pageKey ? (x.id < y.id ? 1 : -1) : x.pageKey < y.pageKey ? 1 : -1))
    .slice(0, limit + 1);
}

/**
 * GET /api/notifications: a page of the user's notifications — their own and the broadcasts they see — newest first,
 * and their unread count.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  query: { cursor?: string; unreadOnly?: 'true' | 'false' },
): Promise<NotificationsResponse> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const limit = NOTIFICATIONS_PAGE_SIZE;
  const options = { after, unreadOnly: query.unreadOnly === 'true', limit };
  const [own, broadcasts, unread] = await Promise.all([
    selectNotificationPage(db, userId, options),
    selectBroadcastPage(db, userId, options),
    countUnread(db, userId),
  ]);
  const rows = mergePages(own, broadcasts, limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toNotification),
    unread,
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.pageKey, id: last.id }) : null,
  };
}

/** GET /api/notifications/unread-count: what the bell polls. */
export async function getUnreadCount(db: Db, userId: string): Promise<{ unread: number }> {
  return { unread: await countUnread(db, userId) };
}

/**
 * Marks one of the user's notifications (or a broadcast they see) read (again: no change); another user's or a missing
 * id → 404.
 */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<{ unread: number }> {
  const found = (await updateOneRead(db, userId, id, now)) || (await insertBroadcastRead(db, userId, id, now));
  if (!found) throw new AppError('NOTIFICATION_NOT_FOUND');
  return getUnreadCount(db, userId);
}

/** Marks all of the user's notifications and the broadcasts they see read; a repeat changes nothing. */
export async function markAllRead(db: Db, userId: string, now: Date): Promise<{ unread: number }> {
  await updateAllRead(db, userId, now);
  await insertAllBroadcastReads(db, userId, now);
  return getUnreadCount(db, userId);
}

/**
 * Daily cleanup: read notifications older than 90 days, any older than a year; broadcasts older than a year (one
 * row for everyone: a read one cannot go for one user only, so it stays its year).
 */
export async function cleanupNotifications(db: Db, now: Date): Promise<number> {
  const anyCutoff = new Date(now.getTime() - NOTIFICATION_MAX_AGE_DAYS * DAY_MS);
  const own = await deleteOldNotifications(
    db,
    new Date(now.getTime() - READ_NOTIFICATION_RETENTION_DAYS * DAY_MS),
    anyCutoff,
  );
  return own + (await deleteOldBroadcasts(db, anyCutoff));
}
