import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  jsonb,
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

/**
 * A saved search (premium): the /api/search filters as stored JSON (validated by SavedSearchQuerySchema on the way in
 * and out). With `alertEnabled` it is a search alert (premium), counted against the concurrent-alerts quota with the
 * active alerts.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Shared with this team (read for its members, edit for the author and the owner); null: private. */
    teamId: uuid().references(() => teams.id, { onDelete: 'set null' }),
    query: jsonb().$type<Record<string, unknown>>().notNull(),
    alertEnabled: boolean().notNull().default(false),
    /** Search alert: also notify when a result's heat crosses this value upwards (null: only new results). */
    alertHeatThreshold: doublePrecision(),
    /** When the alert last compared the results (null: no baseline yet — the first pass records one, fires nothing). */
    evaluatedAt: timestamp({ withTimezone: true }),
    lastNotifiedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_name_idx').on(t.userId, t.name),
    index('saved_searches_alert_idx').on(t.alertEnabled),
    check('saved_searches_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
  ],
);

/**
 * A search alert's baseline: the results it has seen, and whether each was above the heat threshold at the last pass
 * (the threshold fires on the false → true edge only). Goes with its search and with its project.
 */
export const savedSearchResults = pgTable(
  'saved_search_results',
  {
    savedSearchId: uuid()
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    aboveThreshold: boolean().notNull().default(false),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.projectId] })],
);
