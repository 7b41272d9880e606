import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Saved searches; with alertEnabled they become search alerts (premium), counted against the alerts quota. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    query: jsonb().$type<Record<string, unknown>>().notNull(),
    alertEnabled: boolean().notNull().default(false),
    lastNotifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);

/** Alerts on a project's heat, rank or a sector move. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['heat_above', 'heat_below', 'rank_change', 'sector_move'] }).notNull(),
    targetType: text({ enum: ['project', 'sector'] }).notNull(),
    targetId: text().notNull(),
    threshold: jsonb().$type<Record<string, number>>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    lastTriggeredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alerts_user_idx').on(t.userId)],
);
