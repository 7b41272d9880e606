import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * Daily source values of a project (the backfill's raw inputs, docs/ingestion.md "History"): one row per project,
 * signal and UTC day, e.g. ('uniswap', 'price', '2026-11-20', 6.1, 'coingecko'). Written by an idempotent upsert (a
 * second run with the same answers changes nothing); past days' heat is recomputed from these rows, and the
 * momentum input (7-day price change) is read from them when they hold the days it needs.
 */
export const dailySignals = pgTable(
  'daily_signals',
  {
    // No foreign key: a per-row RI check doubled the backfill's bulk upsert on PGlite (49 s → 19 s for 686k rows).
    // A project's rows go with it by the daily_signals_project_delete trigger (migration 0025) instead.
    projectId: text().notNull(),
    /**
     * price, marketCap, volume24h (coingecko); tvl (defillama); commits52w, commits (github); pageViews (wikipedia);
     * news (gdelt); redditPosts, redditAuthors (reddit: that day's posts and distinct authors)
     */
    signal: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    value: doublePrecision().notNull(),
    source: text().notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'daily_signals_pk', columns: [t.projectId, t.signal, t.day] }),
    // One day of the evaluation's outcome signals, for its compact store (migration 0054).
    index('daily_signals_evaluation_day_idx')
      .on(t.day)
      .where(
        sql`${t.signal} IN ('pageViews', 'news', 'redditPosts', 'redditAuthors', 'commits', 'volume24h', 'price')`,
      ),
  ],
);

/**
 * Where the backfill is, per project and source: an interrupted run resumes from the pairs not yet `done` through
 * the day it needs. `failed` pairs are tried again by the next run; `none` means the source has nothing for the
 * project (an unknown id, a missing article) and is not asked again for the same span.
 */
export const backfillProgress = pgTable(
  'backfill_progress',
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    source: text().notNull(),
    status: text({ enum: ['done', 'none', 'failed'] }).notNull(),
    /** The span the last successful fetch covered (UTC days, inclusive). */
    fromDay: date({ mode: 'string' }),
    toDay: date({ mode: 'string' }),
    points: integer().notNull().default(0),
    error: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'backfill_progress_pk', columns: [t.projectId, t.source] })],
);
