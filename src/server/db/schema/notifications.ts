import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../shared/api/notifications.schema.ts';
import { users } from './auth.ts';

/**
 * In-app notifications (spec nav "notifications"): alerts, search alerts, points credited, level changes, membership
 * expiry warnings. Stored as a kind and its parameters — the web words them in the reader's language. `dedupe_key`
 * makes each source idempotent (the same firing, credit or warning is one row however often it is reported).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** In-app path the notification opens, e.g. /project/bitcoin. */
    link: text(),
    dedupeKey: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notifications_user_time_idx').on(t.userId, t.createdAt.desc(), t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * A notification to every user at once (a heat model promotion): one row however many users there are, instead of one
 * row — and one realtime NOTIFY, through notifications' per-row trigger — per user. A user sees the broadcasts made
 * since their account was created, merged into their own notifications; `dedupe_key` makes the source idempotent.
 */
export const notificationBroadcasts = pgTable(
  'notification_broadcasts',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: NOTIFICATION_KINDS }).notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    link: text(),
    dedupeKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_broadcasts_dedupe_idx').on(t.dedupeKey),
    index('notification_broadcasts_time_idx').on(t.createdAt.desc(), t.id),
  ],
);

/** Who has read which broadcast: a row appears only when a user reads one (unread is the absence of a row). */
export const notificationBroadcastReads = pgTable(
  'notification_broadcast_reads',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    broadcastId: uuid()
      .notNull()
      .references(() => notificationBroadcasts.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.broadcastId] })],
);
