import { date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each entity's last heat of each UTC day and its rank that day, among all entities of its type and (projects) within
 * its sector — what the trend routes read (features/trend). Derived from heat_history: today's rows are re-ranked
 * from a recompute's run at most hourly, and a day is finished with its last run (trend.service.ts refreshDailyRanks), so a trend is ≤ 90 rows by key instead of a window over
 * every entity's history (measured at 100k projects: docs/search.md, Performance). A project's sector is the one it had
 * when its day was last ranked (history itself does not record a project's past category).
 */
export const heatDailyRanks = pgTable(
  'heat_daily_ranks',
  {
    entityType: text({ enum: ['project', 'sector'] }).notNull(),
    entityId: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    /** The history row the day's score comes from: the as-of of the point. */
    computedAt: timestamp({ withTimezone: true }).notNull(),
    score: doublePrecision().notNull(),
    /**
     * The model version of the history row the score came from (every score row keeps its version); null on rows
     * ranked before migration 0051 (heat_daily_ranks_model), whose version is still on that history row.
     */
    model: text(),
    /** 1 = hottest that day; ties share a rank. */
    rank: integer().notNull(),
    total: integer().notNull(),
    /** Projects only, and only when the project belongs to a sector. */
    sectorId: text(),
    sectorRank: integer(),
    sectorTotal: integer(),
  },
  (t) => [
    primaryKey({ name: 'heat_daily_ranks_pk', columns: [t.entityType, t.entityId, t.day] }),
    // The per-day re-rank reads one day (both types), retention the days before one.
    index('heat_daily_ranks_day_idx').on(t.day, t.entityType),
  ],
);
