import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';

/**
 * Source signals that have no column on `projects` (e.g. CoinGecko's trending rank). One row per project and
 * signal, replaced on each fetch; the heat engine may read them. Raw inputs only, never derived scores.
 */
export const projectSignals = pgTable(
  'project_signals',
  {
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    signal: text().notNull(), // e.g. 'trendingRank' (0 = top of CoinGecko's trending list)
    value: doublePrecision(),
    source: text().notNull(),
    asOf: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.signal] }), index('project_signals_signal_idx').on(t.signal)],
);

/**
 * Every category a source used, with the sector we mapped it to; `mapped = false` rows went to the configured
 * fallback sector and are what the admin sees as "unmapped categories".
 */
export const sourceCategories = pgTable(
  'source_categories',
  {
    source: text().notNull(), // 'defillama'
    category: text().notNull(),
    sector: text().notNull(),
    mapped: boolean().notNull(),
    projectCount: integer().notNull().default(0),
    seenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.category] })],
);
