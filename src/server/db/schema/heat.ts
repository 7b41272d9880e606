import { eq, sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PROJECT_STATUSES } from '../../../shared/api/common.values.ts';
import { projects } from './projects.ts';

/**
 * The heat engine's current output per project, one row per project (kept by triggers on `projects`: a row appears
 * unscored — heat and status null, evidence 0 — when a project is inserted, follows its id and category, and goes when it is
 * deleted — see migration 0008). Narrow on purpose: a recompute that changes most scores rewrites this table (or
 * rebuilds it, see recompute.service.ts) instead of the wide projects rows and their dozen indexes.
 * `category` is a copy of projects.category so "a sector's projects by heat" walks one index, and `chains` one of
 * projects.chains so the search facets read this table alone (docs/search.md, "Facets").
 */
export const projectScores = pgTable(
  'project_scores',
  {
    projectId: text().primaryKey(),
    category: text().notNull(),
    /** A copy of projects.chains (kept equal by triggers, migration 0055): the facets count chains from here alone. */
    chains: text().array().notNull().default(sql`'{}'::text[]`),
    /** Null = not scored: fewer than MIN_EVIDENCE_SIGNALS inputs with data, or not computed yet (migration 0011). */
    heatScore: doublePrecision(),
    /** Null = no social input was read (no X profile, mentions or engagement): never the formula's base alone. */
    socialScore: doublePrecision(),
    /** Heat before the status bonus: 24 h gains and the derived status use it. Null when not scored. */
    signalScore: doublePrecision(),
    /** Derived status; null when not scored (a status needs a score). */
    status: text({ enum: PROJECT_STATUSES }),
    /** Raw heat inputs with data (0–17, shared/scoring/evidence.ts), as of the last recompute. */
    evidenceCount: integer().notNull().default(0),
    /** Each breakdown entry's contribution in PROJECT_HISTORY_KEYS order (heat.mappers.ts); sums to heat_score. */
    contributions: real().array(),
    /** Hash of the exact inputs the score came from; the heat route and the next recompute compare it. */
    inputsHash: text(),
    model: text(),
    /** The `now` of the run that computed this row (its age factor); null before the first recompute. */
    computedAt: timestamp({ withTimezone: true }),
    /**
     * Bumped by a trigger on `projects` whenever one of the heat inputs changes (migration 0047). A recompute stores
     * the version it read in `scoredVersion`: a row whose two versions differ must be re-scored, and a change that
     * commits while a run is scoring keeps its row dirty for the next run.
     */
    inputsVersion: integer().notNull().default(0),
    /** The inputsVersion the stored score came from; -1 = never scored from this row's inputs. */
    scoredVersion: integer().notNull().default(-1),
    /** When a time-dependent factor (age factor, the "new" window) next changes this score; null = never. */
    rescoreAt: timestamp({ withTimezone: true }),
    /** Signal heat minus the baseline run's (24 h gain); null without a baseline or when not scored. */
    gain24h: doublePrecision('gain_24h'),
  },
  (t) => [
    // Every index matches its query's ORDER BY exactly (DESC NULLS LAST, id). A rebuild recreates these from this
    // very list (createIndexStatements in heat.queries.ts), so they are declared here only.
    // Unscored projects (heat null) sort after every scored one: NULLS LAST here and in every heat ORDER BY.
    // After the id (unique, so the order ends there), the sector, status and chains: the search facets count the
    // matches of a heat range from this index alone (search.queries.ts, selectFacets; migration 0055).
    index('project_scores_heat_idx').on(t.heatScore.desc().nullsLast(), t.projectId, t.category, t.status, t.chains),
    index('project_scores_social_idx').on(t.socialScore.desc().nullsLast(), t.projectId),
    index('project_scores_category_heat_idx').on(t.category, t.heatScore.desc().nullsLast(), t.projectId),
    // The incremental plan reads only the rows to re-score (migration 0058): those whose inputs moved since they were
    // scored (a partial index holds just them) and those whose time factor steps.
    index('project_scores_dirty_idx').on(t.projectId).where(sql.raw('inputs_version <> scored_version')),
    index('project_scores_rescore_idx').on(t.rescoreAt),
  ],
);

/**
 * What the last committed heat run used, one row (id 1), written in the run's own transaction: the next run scores
 * incrementally against exactly this (incremental-recompute.ts), and a run whose plan read an older row than the one
 * it finds when it writes (another run committed in between) starts over as a full run.
 */
export const heatRecomputeState = pgTable('heat_recompute_state', {
  id: integer().primaryKey(),
  /** The `now` of the last committed run. */
  lastRunAt: timestamp({ withTimezone: true }).notNull(),
  /** The baseline run its gains came from; null when it had none. */
  baselineAt: timestamp({ withTimezone: true }),
  model: text().notNull(),
});

/** How a project joins its scores row: `.innerJoin(projectScores, scoresOfProject)` (every project has exactly one). */
export const scoresOfProject = eq(projectScores.projectId, projects.id);

/**
 * A sector history row's breakdown: each entry's contribution (score points) by key, and its member projects' mean
 * contributions per category, which "why it moved" compares over 24 h and 7 d.
 */
export type HistoryBreakdown = {
  contributions: Record<string, number>;
  categories: Record<string, number>;
};

/**
 * Heat history, compacted by the retention job: runs are kept 48 h, then the last row of each hour ('hour') for 30
 * days, then the last row of each day ('day'). A sector has a row per run. A project has a run row only where one of
 * its stored outputs moved since its previous row, plus one at its first run of each UTC hour (docs/heat-score.md
 * §7.2): its value at run t is its newest run row in [the hour of t, t] (db/history-at.ts), and heat_runs lists the
 * runs. Compacted rows are as before: each project's row at the last run of the bucket it was scored in.
 */
export const heatHistory = pgTable(
  'heat_history',
  {
    entityType: text({ enum: ['project', 'sector'] }).notNull(),
    entityId: text().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * Null only in a project's run-tier row that ends its carried row: the project stopped being scored (or was
     * deleted) since its previous row of the hour (migration 0056). Retention removes these rows.
     */
    score: doublePrecision(),
    socialScore: doublePrecision(),
    /** Heat before the status bonus (projects): 24 h gains and the derived status use it. */
    signalScore: doublePrecision(),
    /**
     * Projects: each breakdown entry's contribution in the order of the model's breakdown keys (HEAT_BREAKDOWN_KEYS
     * for heat-v1), as float4 — ~90 bytes instead of ~350 for keyed JSON, 100,000 times per run.
     */
    contributions: real().array(),
    /** Sectors: contributions by key and member category means (few rows, so keyed JSON). */
    breakdown: jsonb().$type<HistoryBreakdown>(),
    model: text().notNull(),
    granularity: text({ enum: ['run', 'hour', 'day'] })
      .notNull()
      .default('run'),
    /**
     * True for a day recomputed by the history backfill from daily source values (features/backfill), not stored by
     * a live run. A backfilled row never replaces a live one; the chart marks these points.
     */
    backfilled: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'heat_history_pk', columns: [t.entityType, t.entityId, t.computedAt] }),
    // Tier first: the recompute reads the newest 'run' rows, retention walks the oldest 'run'/'hour' rows; neither
    // scans the other tiers.
    index('heat_history_tier_time_idx').on(t.granularity, t.computedAt),
  ],
);

/**
 * One row per heat run that stored anything (migration 0056), compacted like heat_history: every run for 48 h, then
 * the last of each hour, then of each day. Kept by the run itself and by a trigger on heat_history inserts.
 */
export const heatRuns = pgTable('heat_runs', {
  computedAt: timestamp({ withTimezone: true }).primaryKey(),
  granularity: text({ enum: ['run', 'hour', 'day'] })
    .notNull()
    .default('run'),
  /** The run scored at least one project (a baseline must be one). */
  projects: boolean().notNull().default(false),
});

/** The sync log: one row per scheduled, manual or CLI job run. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    job: text().notNull(), // 'heat', 'market', 'full', 'history-retention', …
    trigger: text({ enum: ['schedule', 'manual', 'cli', 'startup'] })
      .notNull()
      .default('schedule'),
    /** The cron slot a scheduled run belongs to; unique per job, so several instances run each slot once. */
    scheduledFor: timestamp({ withTimezone: true }),
    /** Which process ran it (hostname:pid). */
    instance: text(),
    // 'partial': some of the run's work failed. A TS-only enum: no CHECK in the database, no migration.
    status: text({ enum: ['running', 'success', 'partial', 'failed', 'skipped', 'cancelled'] }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    durationMs: integer(),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    errors: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('sync_runs_job_idx').on(t.job, t.startedAt.desc()),
    index('sync_runs_started_idx').on(t.startedAt.desc()),
    uniqueIndex('sync_runs_slot_idx').on(t.job, t.scheduledFor).where(sql`${t.scheduledFor} IS NOT NULL`),
  ],
);
