import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Crash reports the web app's error boundaries send (POST /api/client-errors, features/client-errors): one row per
 * report, kept 30 days (the daily-cleanup job). Nothing personal: no user, session, cookie or address is stored, the
 * route is a path without its query string, and e-mail-like strings are masked before the insert.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    message: text().notNull(),
    stack: text(),
    route: text().notNull(),
    buildId: text(),
    /** Which fallback caught it: 'app' (the crash fallback) or 'route' (the router's error screen). */
    boundary: text({ enum: ['app', 'route'] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_created_idx').on(t.createdAt), index('client_errors_message_idx').on(t.message)],
);
