import { bigserial, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per project and per sector per recompute; compacted over time (see the heat engine). */
export const heatHistory = pgTable(
  'heat_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    entityType: text({ enum: ['project', 'sector'] }).notNull(),
    entityId: text().notNull(),
    score: doublePrecision().notNull(),
    socialScore: doublePrecision(),
    breakdown: jsonb(),
    model: text().notNull(),
    granularity: text({ enum: ['run', 'hour', 'day'] })
      .notNull()
      .default('run'),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('heat_history_entity_idx').on(t.entityType, t.entityId, t.computedAt.desc()),
    index('heat_history_time_idx').on(t.computedAt),
  ],
);

/** The sync log: one row per scheduled or manual job run. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    job: text().notNull(), // 'heat', 'market', 'full', 'discovery', …
    trigger: text({ enum: ['schedule', 'manual', 'cli', 'startup'] })
      .notNull()
      .default('schedule'),
    status: text({ enum: ['running', 'success', 'failed'] }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    durationMs: integer(),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    errors: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [index('sync_runs_job_idx').on(t.job, t.startedAt.desc())],
);
