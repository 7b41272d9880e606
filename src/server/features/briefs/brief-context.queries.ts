import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { countsSince } from '../../db/history-at.ts';

export type ProjectContextRow = {
  /** Median current heat of the project's sector (scored projects only), and how many it is over. */
  sector_median: number | null;
  sector_projects: number;
  /** Lowest and highest heat in the window, and on how many distinct days (UTC) there is history. */
  low: number | null;
  high: number | null;
  days: number;
};

/** What the breakdown table does not show: the project's sector median and its own heat range since `since`. */
export async function selectProjectContext(db: Db, projectId: string, since: Date): Promise<ProjectContextRow> {
  const [row] = await queryRows<ProjectContextRow>(
    db,
    sql`
      SELECT
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s.heat_score)::float8 FROM project_scores s
          WHERE s.category = own.category AND s.heat_score IS NOT NULL) AS sector_median,
        (SELECT count(*)::int FROM project_scores s
          WHERE s.category = own.category AND s.heat_score IS NOT NULL) AS sector_projects,
        h.low, h.high, h.days
      FROM project_scores own
      CROSS JOIN (
        SELECT min(score)::float8 AS low, max(score)::float8 AS high,
               count(DISTINCT (computed_at AT TIME ZONE 'UTC')::date)::int AS days
        FROM heat_history h
        WHERE h.entity_type = 'project' AND h.entity_id = ${projectId} AND h.score IS NOT NULL
          AND ${countsSince('h', since)}
      ) AS h
      WHERE own.project_id = ${projectId}
    `,
  );
  return row ?? { sector_median: null, sector_projects: 0, low: null, high: null, days: 0 };
}
