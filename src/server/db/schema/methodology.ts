import { sql } from 'drizzle-orm';
import {
  bigserial,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { HeatModelDefinition } from '../../../shared/methodology/models.ts';

/**
 * Heat model versions as data: weights, caps and rules (`definition`), what changed (`changelog`), and which one is
 * current. The code's model is written here from the code itself (models.service.ts ensureCodeModel), never by hand;
 * candidates are added by an admin and scored on the stored daily inputs without touching the public ranking.
 * At most one row is 'current' (a partial unique index), so two instances promoting at once cannot both win.
 */
export const heatModels = pgTable(
  'heat_models',
  {
    id: text().primaryKey(),
    status: text({ enum: ['current', 'candidate', 'retired'] }).notNull(),
    definition: jsonb().$type<HeatModelDefinition>().notNull(),
    changelog: text().notNull(),
    /** Where the row came from: 'code' (the weights compiled into this build) or 'admin'. */
    origin: text({ enum: ['code', 'admin'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    promotedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('heat_models_one_current_idx').on(t.status).where(sql`${t.status} = 'current'`)],
);

/**
 * One evaluation table cell per (model, basis, outcome, horizon, group): the means over days and their bootstrap
 * intervals (shared/methodology evaluateHeat). `basis` 'published' = the stored daily heat users saw; 'replayed' =
 * heat recomputed under the model from the stored daily inputs (how candidates are scored). `group_id` is '' for all.
 * Replaced as a whole per (model, basis) by the daily evaluation job.
 */
export const heatEvaluationCells = pgTable(
  'heat_evaluation_cells',
  {
    modelVersion: text().notNull(),
    basis: text({ enum: ['published', 'replayed'] }).notNull(),
    outcome: text().notNull(),
    horizon: integer().notNull(),
    groupKind: text({ enum: ['all', 'sector', 'modelVersion'] }).notNull(),
    groupId: text().notNull(),
    family: text().notNull(),
    fromDay: date({ mode: 'string' }).notNull(),
    toDay: date({ mode: 'string' }).notNull(),
    correlationMean: doublePrecision(),
    correlationLow: doublePrecision(),
    correlationHigh: doublePrecision(),
    correlationDays: integer().notNull(),
    hitRateMean: doublePrecision(),
    hitRateLow: doublePrecision(),
    hitRateHigh: doublePrecision(),
    hitRateDays: integer().notNull(),
    hitRateChance: doublePrecision().notNull(),
    blockLength: integer(),
    daysUsed: integer().notNull(),
    daysSkipped: integer().notNull(),
    daysPending: integer().notNull(),
    daysNeeded: integer().notNull(),
    projectsMean: doublePrecision().notNull(),
    projectsMin: integer().notNull(),
    seed: integer().notNull(),
    resamples: integer().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'heat_evaluation_cells_pk',
      columns: [t.modelVersion, t.basis, t.outcome, t.horizon, t.groupKind, t.groupId],
    }),
  ],
);

/** Each cell's daily cross-sections: n projects, Spearman ρ (null = a side all tied) and the top-decile hit rate. */
export const heatEvaluationDays = pgTable(
  'heat_evaluation_days',
  {
    modelVersion: text().notNull(),
    basis: text({ enum: ['published', 'replayed'] }).notNull(),
    outcome: text().notNull(),
    horizon: integer().notNull(),
    groupKind: text({ enum: ['all', 'sector', 'modelVersion'] }).notNull(),
    groupId: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
    correlation: doublePrecision(),
    hitRate: doublePrecision().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'heat_evaluation_days_pk',
      columns: [t.modelVersion, t.basis, t.outcome, t.horizon, t.groupKind, t.groupId, t.day],
    }),
    index('heat_evaluation_days_day_idx').on(t.day),
  ],
);

/**
 * Which stored days changed since the daily evaluation last read them: appended by statement triggers (migration
 * 0053) on daily_signals (the outcomes' signals only) and heat_daily_ranks (projects only), one row per statement and
 * day written; `day` null = every day (a project's sector changed, so every past sector figure may have). The
 * evaluation recomputes the figures those days feed and deletes exactly the rows it read, so a write that commits
 * while it runs is seen by the next run. Append-only: writers never wait on one another here.
 */
export const evaluationInputChanges = pgTable('evaluation_input_changes', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  day: date({ mode: 'string' }),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each stored (model, basis) evaluation was computed over: its window and settings. The daily job extends an
 * evaluation day by day only when the settings match and the new window overlaps the stored one; anything else is a
 * full computation.
 */
export const heatEvaluationRuns = pgTable(
  'heat_evaluation_runs',
  {
    modelVersion: text().notNull(),
    basis: text({ enum: ['published', 'replayed'] }).notNull(),
    fromDay: date({ mode: 'string' }).notNull(),
    toDay: date({ mode: 'string' }).notNull(),
    /** Horizons, outcomes, seed, resamples, confidence and minimum cross-section, as canonical JSON. */
    settings: text().notNull(),
    /** 'full' or 'incremental': how the last run computed it. */
    mode: text({ enum: ['full', 'incremental'] }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'heat_evaluation_runs_pk', columns: [t.modelVersion, t.basis] })],
);

/**
 * A stable small number per project for the evaluation's signal store (migration 0054): a stored day's arrays are
 * indexed by it, so a project added later does not move anyone's values. The full evaluation renumbers them in id
 * order as it rewrites the store; a daily run gives a new project the next number.
 */
export const evaluationProjectSlots = pgTable(
  'evaluation_project_slots',
  {
    projectId: text().primaryKey(),
    slot: integer().notNull(),
  },
  (t) => [unique('evaluation_project_slots_slot_unique').on(t.slot)],
);

/** float4 values, little-endian, as bytea. */
const float4Bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The daily evaluation's compact store of the outcomes' daily signals (evaluation-signal-store.ts): per signal and
 * UTC day, every project's value as float4 at `series[slot]` (NaN: none), for the slots below `slots` as they were
 * when the day was built; `series` null when no project had a value. Rebuilt for the days the change log names; a
 * day absent is built from daily_signals when first needed.
 */
export const evaluationSignalDays = pgTable(
  'evaluation_signal_days',
  {
    signal: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    slots: integer().notNull(),
    series: float4Bytes(),
  },
  (t) => [primaryKey({ name: 'evaluation_signal_days_pk', columns: [t.signal, t.day] })],
);
