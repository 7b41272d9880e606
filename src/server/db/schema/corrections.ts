import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CorrectionValues } from '../../../shared/api/corrections.schema.ts';
import { users } from './auth.ts';
import { projects } from './projects.ts';

/**
 * A user's proposed correction of a project's facts. `proposed` holds only the allowed fields
 * (CORRECTION_FIELDS, validated by the service), `current` the project's values of the same fields when proposed: an
 * accept refuses (409 CORRECTION_STALE) when the project no longer holds them. Reviewed once: the status moves from
 * pending exactly once, under the row's lock (features/corrections).
 */
export const projectCorrections = pgTable(
  'project_corrections',
  {
    id: uuid().primaryKey().defaultRandom(),
    projectId: text()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proposed: jsonb().$type<CorrectionValues>().notNull(),
    current: jsonb().$type<CorrectionValues>().notNull(),
    note: text(),
    sourceUrl: text(),
    status: text({ enum: ['pending', 'accepted', 'rejected'] })
      .notNull()
      .default('pending'),
    reviewerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    reason: text(),
    /** Points credited on acceptance (the ledger row has key `correction:<id>`); 0 otherwise. */
    points: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('project_corrections_user_idx').on(t.userId, t.createdAt.desc()),
    index('project_corrections_status_idx').on(t.status, t.createdAt),
    index('project_corrections_project_idx').on(t.projectId, t.status),
    check('project_corrections_status_check', sql`${t.status} IN ('pending', 'accepted', 'rejected')`),
    check('project_corrections_reviewed_check', sql`(${t.status} = 'pending') = (${t.reviewedAt} IS NULL)`),
  ],
);
