import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** HeatRank's own ads (no ad network): free users watch one to earn points; admins edit them under /api/admin/ads. */
export const houseAds = pgTable('house_ads', {
  id: uuid().primaryKey().defaultRandom(),
  titleZh: text().notNull(),
  titleEn: text().notNull(),
  bodyZh: text().notNull(),
  bodyEn: text().notNull(),
  imageUrl: text(),
  linkUrl: text().notNull(),
  active: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One issued ad view: the id is the SHA-256 of the token the client holds (the token itself is never stored), so a
 * view is redeemed once, by its own user, no earlier than issued_at + AD_MIN_VIEW_SECONDS.
 */
export const adViews = pgTable(
  'ad_views',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adId: uuid()
      .notNull()
      .references(() => houseAds.id, { onDelete: 'cascade' }),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    redeemedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('ad_views_user_idx').on(t.userId, t.adId, t.issuedAt.desc())],
);

/**
 * A share link's token, one per user, project and zone-day (asking again that day returns the same token, so it is
 * stored as issued). Worth one daily task at most, so a plain token is enough.
 */
export const shareTokens = pgTable(
  'share_tokens',
  {
    token: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text().notNull(),
    day: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    redeemedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('share_tokens_user_project_day_idx').on(t.userId, t.projectId, t.day)],
);

/**
 * Progress the server saw itself (a project page opened, a search run), one row per distinct item per task per day:
 * a task with target n is creditable once n rows exist for that day. Old days are only history.
 */
export const taskEvents = pgTable(
  'task_events',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskKey: text().notNull(),
    day: text().notNull(),
    item: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.taskKey, t.item] }),
    check('task_events_item_length', sql`length(${t.item}) <= 200`),
  ],
);
