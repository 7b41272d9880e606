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
 * One issued ad view: redeemed once, by its own user, no earlier than issued_at + AD_MIN_VIEW_SECONDS. The id is the
 * token the client holds (a view is only ever claimed by its own signed-in user, so it needs no secrecy; rows from
 * before hold a token's SHA-256). At most ONE open (unredeemed) view per user — the partial unique index — so a
 * second start returns the open view and its start time instead of opening another: the minimum view time is real.
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
  (t) => [
    index('ad_views_user_idx').on(t.userId, t.adId, t.issuedAt.desc()),
    uniqueIndex('ad_views_one_open_per_user_idx').on(t.userId).where(sql`${t.redeemedAt} is null`),
  ],
);

/**
 * A share link's token, one per user, project and zone-day (asking again that day returns the same token, so it is
 * stored as issued). The link carries it; it counts when ANOTHER visitor opens the link (share_visits), never on copy.
 * sharer_visitor is the SHA-256 of the sharer's own visitor cookie at share time, so the sharer's own browser,
 * signed out, is not "another visitor". redeemed_at: legacy (copy-and-wait claims), no longer written.
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
    sharerVisitor: text(),
  },
  (t) => [uniqueIndex('share_tokens_user_project_day_idx').on(t.userId, t.projectId, t.day)],
);

/**
 * One counted open of a share link: a visitor (the SHA-256 of their visitor cookie) other than the sharer. The primary
 * key makes a repeat visit by the same visitor nothing; the partial unique index makes a signed-in visitor count once
 * per link whichever browser they use. The sharer's daily.share_project is credited on the first counted visit of the
 * token's day (ledger key task:daily.share_project:<day>, so once).
 */
export const shareVisits = pgTable(
  'share_visits',
  {
    token: text()
      .notNull()
      .references(() => shareTokens.token, { onDelete: 'cascade' }),
    visitor: text().notNull(),
    visitorUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.token, t.visitor] }),
    uniqueIndex('share_visits_token_user_idx').on(t.token, t.visitorUserId).where(sql`${t.visitorUserId} is not null`),
  ],
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
