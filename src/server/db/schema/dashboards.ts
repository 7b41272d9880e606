import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A user's custom dashboard (premium): one row per account, so the layout is the same on every device. `widgets` is
 * the ordered list validated by DashboardWidgetSchema on the way in; `version` counts saves (optimistic concurrency:
 * a save names the version it read). `home_dashboard`: the signed-in home is /dashboard instead of /.
 */
export const userDashboards = pgTable(
  'user_dashboards',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    widgets: jsonb().notNull().default(sql`'[]'::jsonb`),
    homeDashboard: boolean().notNull().default(false),
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_dashboards_version_positive', sql`${t.version} >= 1`)],
);
