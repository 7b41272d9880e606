import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Quota counters (spec §6): one row per subject, quota and window. The subject is 'user:<uuid>' or 'ip:<address>'
 * (visitors get the free limits by IP), so no foreign key; a deleted user's rows age out with the cleanup job.
 */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    subject: text().notNull(),
    quota: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    used: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.quota, t.windowStart] }),
    // The cleanup deletes by age across every subject.
    index('quota_usage_window_idx').on(t.windowStart),
  ],
);
