import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { effectiveAt, projectRowsAt } from '../../db/history-at.ts';
import { heatDailyRanks } from '../../db/schema/index.ts';

export type TrendRow = {
  day: string;
  computedAt: Date | string;
  score: number;
  rank: number;
  total: number;
  sectorRank: number | null;
  sectorTotal: number | null;
};

/** One entity's ranked days since `sinceDay` (YYYY-MM-DD), oldest first: ≤ 90 rows by primary key. */
export function selectTrendRows(db: Db, entityType: 'project' | 'sector', id: string, sinceDay: string) {
  return db
    .select({
      day: heatDailyRanks.day,
      computedAt: heatDailyRanks.computedAt,
      score: heatDailyRanks.score,
      rank: heatDailyRanks.rank,
      total: heatDailyRanks.total,
      sectorRank: heatDailyRanks.sectorRank,
      sectorTotal: heatDailyRanks.sectorTotal,
    })
    .from(heatDailyRanks)
    .where(
      and(
        eq(heatDailyRanks.entityType, entityType),
        eq(heatDailyRanks.entityId, id),
        gte(heatDailyRanks.day, sinceDay),
      ),
    )
    .orderBy(asc(heatDailyRanks.day));
}

/** Which heat_history rows feed a re-rank: one run's rows (after a recompute), or every row of the days (a rebuild). */
export type DailySource = { run: Date } | { all: true };

/**
 * Re-ranks the UTC days [fromDay, toDay] of heat_daily_ranks: each entity's day keeps its newest score among what the
 * table holds and the source's history rows of that day, then every entity of the type is ranked per day with window
 * functions (rank(): ties share a rank, 1 = hottest), projects also within their sector (as it is now). One statement;
 * rows whose figures did not change are not rewritten.
 */
export function upsertDailyRanks(db: Db, fromDay: string, toDay: string, source: DailySource) {
  // The run's rows: its sectors' and each project's row carried to it (db/history-at.ts), at the run's time. For
  // whole days, each entity's last row of each day, at the last run it stood for.
  const history =
    'run' in source
      ? sql`SELECT entity_type, entity_id, computed_at, score, model FROM heat_history
          WHERE granularity = 'run' AND computed_at = ${source.run.toISOString()}::timestamptz
            AND entity_type = 'sector'
          UNION ALL
          SELECT 'project', entity_id, ${source.run.toISOString()}::timestamptz, score, model
          FROM ${projectRowsAt(source.run)} AS c`
      : sql`SELECT entity_type, entity_id, ${effectiveAt('l')} AS computed_at, score, model FROM (
          SELECT DISTINCT ON (entity_type, entity_id, (computed_at AT TIME ZONE 'UTC')::date) entity_type, entity_id,
            computed_at, granularity, score, model
          FROM heat_history
          WHERE score IS NOT NULL AND computed_at >= ${fromDay}::date::timestamp AT TIME ZONE 'UTC'
            AND computed_at < (${toDay}::date + 1)::timestamp AT TIME ZONE 'UTC'
          ORDER BY entity_type, entity_id, (computed_at AT TIME ZONE 'UTC')::date, computed_at DESC
        ) AS l`;
  return db.execute(sql`
    WITH latest AS (
      SELECT DISTINCT ON (entity_type, entity_id, day) entity_type, entity_id, day, computed_at, score, model FROM (
        SELECT entity_type, entity_id, (computed_at AT TIME ZONE 'UTC')::date AS day, computed_at, score, model,
          0 AS stored
        FROM (${history}) AS h
        UNION ALL
        SELECT entity_type, entity_id, day, computed_at, score, model, 1 AS stored FROM heat_daily_ranks
        WHERE day BETWEEN ${fromDay}::date AND ${toDay}::date
      ) AS x
      -- A history row rewritten in place (a backfilled day recomputed from changed inputs) keeps its time: at equal
      -- times the history row wins over the ranked copy, else an arbitrary pick could keep the stale score.
      ORDER BY entity_type, entity_id, day, computed_at DESC, stored
    ), ranked AS (
      SELECT l.entity_type, l.entity_id, l.day, l.computed_at, l.score, l.model,
        rank() OVER (PARTITION BY l.entity_type, l.day ORDER BY l.score DESC)::int AS rank,
        count(*) OVER (PARTITION BY l.entity_type, l.day)::int AS total,
        s.id AS sector_id,
        rank() OVER (PARTITION BY l.entity_type, l.day, s.id ORDER BY l.score DESC)::int AS sector_rank,
        count(*) OVER (PARTITION BY l.entity_type, l.day, s.id)::int AS sector_total
      FROM latest l
      LEFT JOIN projects p ON l.entity_type = 'project' AND p.id = l.entity_id
      LEFT JOIN sectors s ON s.name = p.category
    )
    INSERT INTO heat_daily_ranks AS d
      (entity_type, entity_id, day, computed_at, score, model, rank, total, sector_id, sector_rank, sector_total)
    SELECT entity_type, entity_id, day, computed_at, score, model, rank, total, sector_id,
      CASE WHEN sector_id IS NULL THEN NULL ELSE sector_rank END,
      CASE WHEN sector_id IS NULL THEN NULL ELSE sector_total END
    FROM ranked
    ON CONFLICT (entity_type, entity_id, day) DO UPDATE SET
      computed_at = EXCLUDED.computed_at, score = EXCLUDED.score, model = EXCLUDED.model, rank = EXCLUDED.rank,
      total = EXCLUDED.total, sector_id = EXCLUDED.sector_id, sector_rank = EXCLUDED.sector_rank,
      sector_total = EXCLUDED.sector_total
    WHERE (d.computed_at, d.score, d.model, d.rank, d.total, d.sector_id, d.sector_rank, d.sector_total)
      IS DISTINCT FROM (EXCLUDED.computed_at, EXCLUDED.score, EXCLUDED.model, EXCLUDED.rank, EXCLUDED.total,
        EXCLUDED.sector_id, EXCLUDED.sector_rank, EXCLUDED.sector_total)
  `);
}

/**
 * When a day was last ranked: the newest as-of among its rows (null when it has none). Every run ranks the sectors
 * with the projects, so their few rows answer; the projects' are read only when the day has no sector row.
 */
export async function selectDayRankedAt(db: Db, day: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`SELECT coalesce(
      (SELECT max(computed_at) FROM heat_daily_ranks WHERE day = ${day}::date AND entity_type = 'sector'),
      (SELECT max(computed_at) FROM heat_daily_ranks WHERE day = ${day}::date AND entity_type = 'project')
    ) AS at`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The newest recompute run (in the run tier) of a UTC day, or null. */
export async function selectLastRunOfDay(db: Db, day: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`SELECT max(computed_at) AS at FROM heat_runs
      WHERE granularity = 'run' AND computed_at >= ${day}::date::timestamp AT TIME ZONE 'UTC'
        AND computed_at < (${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Drops ranked days before `beforeDay`: no trend range reaches them. */
export function deleteDailyRanksBefore(db: Db, beforeDay: string) {
  return db.delete(heatDailyRanks).where(lt(heatDailyRanks.day, beforeDay));
}

/** The oldest and newest UTC day heat_history holds (null when empty): the span a rebuild re-ranks. */
export async function selectHistoryDaySpan(db: Db): Promise<{ from: string; to: string } | null> {
  const [row] = await queryRows<{ from: string | null; to: string | null }>(
    db,
    sql`SELECT to_char(min(computed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "from",
      to_char(max(computed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "to" FROM heat_history WHERE score IS NOT NULL`,
  );
  return row?.from && row.to ? { from: row.from, to: row.to } : null;
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
