import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export async function selectProjectCount(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM projects`);
  return rows[0]?.n ?? 0;
}

export type StatsRow = {
  total_projects: number;
  scored_projects: number;
  active_sectors: number;
  trending: number;
  heat_index: number | null;
  total_users: number;
  daily_active: number;
  users_before_week: number;
  users_before_month: number;
};

/** Every homepage statistic in one round trip. */
export async function selectStats(db: Db): Promise<StatsRow> {
  const rows = await queryRows<StatsRow>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM projects) AS total_projects,
      (SELECT count(*)::int FROM project_scores WHERE heat_score IS NOT NULL) AS scored_projects,
      (SELECT count(*)::int FROM sectors WHERE project_count > 0) AS active_sectors,
      (SELECT count(*)::int FROM project_scores WHERE status = 'trending' AND heat_score IS NOT NULL) AS trending,
      (SELECT avg(heat_score)::float8 FROM project_scores WHERE heat_score IS NOT NULL) AS heat_index,
      (SELECT count(*)::int FROM users) AS total_users,
      (SELECT count(*)::int FROM user_profiles WHERE last_active > now() - interval '24 hours') AS daily_active,
      (SELECT count(*)::int FROM users WHERE created_at <= now() - interval '7 days') AS users_before_week,
      (SELECT count(*)::int FROM users WHERE created_at <= now() - interval '30 days') AS users_before_month
  `,
  );
  const row = rows[0];
  if (!row) throw new Error('stats query returned no row');
  return row;
}
