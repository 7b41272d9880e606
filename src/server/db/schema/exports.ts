import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const exportJobs = pgTable(
  'export_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text({ enum: ['csv', 'json', 'xlsx', 'pdf'] }).notNull(),
    scope: jsonb().$type<{ filters?: Record<string, unknown>; from?: string; to?: string }>().notNull().default({}),
    compress: text({ enum: ['none', 'gzip', 'zip'] })
      .notNull()
      .default('none'),
    includeMetadata: boolean().notNull().default(true),
    schedule: text({ enum: ['once', 'daily', 'weekly', 'monthly'] })
      .notNull()
      .default('once'),
    status: text({ enum: ['processing', 'completed', 'failed'] })
      .notNull()
      .default('processing'),
    rowCount: integer(),
    filePath: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    nextRunAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('export_jobs_user_idx').on(t.userId, t.createdAt.desc())],
);
