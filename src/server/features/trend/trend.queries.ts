import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

export type TrendRow = {
  day: string;
  score: number;
  rank: number;
  total: number;
  sector_rank: number | null;
  sector_total: number | null;
};

/**
 * The last stored heat of each UTC day for every entity of the type since `since` (`daily`), ranked per day with
 * window functions, then narrowed to one entity. Projects are also ranked within their sector (today's sector:
 * history does not record a project's past category). Ties share a rank (rank(), 1 = hottest).
 */
export function selectTrendRows(db: Db, entityType: 'project' | 'sector', id: string, since: Date) {
  const withinSector =
    entityType === 'project'
      ? sql`rank() OVER (PARTITION BY d.day, s.id ORDER BY d.score DESC)::int AS sector_rank,
          count(*) OVER (PARTITION BY d.day, s.id)::int AS sector_total, s.id AS sector_id`
      : sql`NULL::int AS sector_rank, NULL::int AS sector_total, NULL::text AS sector_id`;
  const sectorJoin =
    entityType === 'project'
      ? sql`LEFT JOIN projects p ON p.id = d.entity_id LEFT JOIN sectors s ON s.name = p.category`
      : sql``;
  return queryRows<TrendRow>(
    db,
    sql`
      WITH daily AS (
        SELECT DISTINCT ON (entity_id, day) entity_id, day, score FROM (
          SELECT entity_id, to_char(computed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, computed_at, score
          FROM heat_history
          WHERE entity_type = ${entityType} AND computed_at >= ${since.toISOString()}::timestamptz
        ) AS h
        ORDER BY entity_id, day, computed_at DESC
      ), ranked AS (
        SELECT d.entity_id, d.day, d.score,
          rank() OVER (PARTITION BY d.day ORDER BY d.score DESC)::int AS rank,
          count(*) OVER (PARTITION BY d.day)::int AS total,
          ${withinSector}
        FROM daily d ${sectorJoin}
      )
      SELECT day, score, rank, total,
        CASE WHEN sector_id IS NULL THEN NULL ELSE sector_rank END AS sector_rank,
        CASE WHEN sector_id IS NULL THEN NULL ELSE sector_total END AS sector_total
      FROM ranked WHERE entity_id = ${id}
      ORDER BY day
    `,
  );
}

/** A sector's stored id, given in any case; undefined when unknown. */
export async function selectSectorKey(db: Db, id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(db, sql`SELECT id FROM sectors WHERE lower(id) = lower(${id}) LIMIT 1`);
  return row?.id;
}

/** A project's id and its sector's id (null without one); undefined when the project is unknown. */
export async function selectProjectSector(db: Db, id: string) {
  const [row] = await queryRows<{ id: string; sector_id: string | null }>(
    db,
    sql`SELECT p.id, s.id AS sector_id FROM projects p LEFT JOIN sectors s ON s.name = p.category WHERE p.id = ${id}`,
  );
  return row;
}
