import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An export job (docs/exports.md): what to export (`source`, `options`, both validated on the way in), its state
 * (spec §4: processing → completed | failed) and the file it produced. The file's bytes live in `export_chunks`, in the
 * database, so every instance on one PostgreSQL can serve every download. A row goes once `expires_at` has passed.
 */
export const exports = pgTable(
  'exports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: jsonb().$type<Record<string, unknown>>().notNull(),
    options: jsonb().$type<Record<string, unknown>>().notNull(),
    state: text({ enum: ['processing', 'completed', 'failed'] })
      .notNull()
      .default('processing'),
    /** An error code of shared/api/errors.ts (the message is localised when read) and its parameters. */
    error: text(),
    errorParams: jsonb().$type<Record<string, unknown>>(),
    fileName: text(),
    contentType: text(),
    fileSize: bigint({ mode: 'number' }),
    rowCount: integer(),
    /** Rows per export for this user's level when created (null: bulk export, no cap). */
    rowCap: integer(),
    /** True when more rows matched than rowCap allowed: the file holds the first rowCap. */
    truncated: boolean().notNull().default(false),
    /** The schedule that made it and the period it ran for (unique: one export per schedule and period). */
    scheduleId: uuid().references(() => exportSchedules.id, { onDelete: 'set null' }),
    scheduledFor: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('exports_processing_idx').on(t.createdAt).where(sql`${t.state} = 'processing'`),
    index('exports_expires_idx').on(t.expiresAt),
    uniqueIndex('exports_schedule_period_idx').on(t.scheduleId, t.scheduledFor),
  ],
);

/** A finished export's bytes in order (seq 0, 1, …), at most EXPORT_CHUNK_BYTES each: streamed in and out. */
export const exportChunks = pgTable(
  'export_chunks',
  {
    exportId: uuid()
      .notNull()
      .references(() => exports.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);

/**
 * A scheduled export: the same source and options run every day, week or month from `next_run_at` (claimed
 * atomically by the exports job), delivered by an e-mailed link or kept for download on /exports.
 */
export const exportSchedules = pgTable(
  'export_schedules',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: jsonb().$type<Record<string, unknown>>().notNull(),
    options: jsonb().$type<Record<string, unknown>>().notNull(),
    frequency: text({ enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    delivery: text({ enum: ['email', 'download'] }).notNull(),
    active: boolean().notNull().default(true),
    nextRunAt: timestamp({ withTimezone: true }).notNull(),
    lastRunAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('export_schedules_user_idx').on(t.userId, t.createdAt),
    index('export_schedules_due_idx').on(t.nextRunAt).where(sql`${t.active}`),
  ],
);
