import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { projects } from './projects.ts';
import { teams } from './teams.ts';

/** A user's named watchlist (premium portfolio tracking). Caps (lists per user, items per list) live in the service. */
export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Shared with this team (read for its members, edit for the author and the owner); null: private. */
    teamId: uuid().references(() => teams.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watchlists_user_name_idx').on(t.userId, t.name),
    check('watchlists_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/**
 * One project in a list, optionally a holding: amount (units) and cost basis (total USD paid), both ≥ 0 and nullable —
 * a plain "watch" has neither. Goes with its list and with its project.
 */
export const watchlistItems = pgTable(
  'watchlist_items',
  {
    watchlistId: uuid()
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    addedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    amount: doublePrecision(),
    costBasis: doublePrecision(),
    note: text(),
  },
  (t) => [
    primaryKey({ name: 'watchlist_items_pk', columns: [t.watchlistId, t.projectId] }),
    // "Which of my lists hold this project" and the project's cascade walk this.
    index('watchlist_items_project_idx').on(t.projectId),
    check('watchlist_items_amount_nonneg', sql`${t.amount} IS NULL OR ${t.amount} >= 0`),
    check('watchlist_items_cost_nonneg', sql`${t.costBasis} IS NULL OR ${t.costBasis} >= 0`),
    check('watchlist_items_note_length', sql`${t.note} IS NULL OR char_length(${t.note}) <= 200`),
  ],
);
