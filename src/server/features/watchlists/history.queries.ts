import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { countsSince } from '../../db/history-at.ts';

/**
 * The list's heat per zone-day since `since`, in one statement: each current project's last history row of each day,
 * then the mean per day. Projects added later count on their earlier days too: it is the heat of what the list holds now.
 */
export async function selectHistory(db: Db, watchlistId: string, since: Date, timeZone: string) {
  return queryRows<{ day: string; heat: number; projects: number }>(
    db,
    sql`
      SELECT to_char(d, 'YYYY-MM-DD') AS day, avg(score)::float8 AS heat, count(*)::int AS projects FROM (
        SELECT DISTINCT ON (entity_id, d) d, score FROM (
          SELECT h.entity_id, h.computed_at, h.score, (h.computed_at AT TIME ZONE ${timeZone})::date AS d
          FROM watchlist_items i
          JOIN heat_history h ON h.entity_type = 'project' AND h.entity_id = i.project_id
          WHERE i.watchlist_id = ${watchlistId} AND h.score IS NOT NULL AND ${countsSince('h', since)}
        ) AS rows_in_range
        ORDER BY entity_id, d, computed_at DESC
      ) AS last_of_day
      GROUP BY d
      ORDER BY d
    `,
  );
}
