import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { countsSince, effectiveAt, projectRowAt } from '../../db/history-at.ts';
import { type HistoryBreakdown, projectScores, projects, scoresOfProject, sectors } from '../../db/schema/index.ts';

// Reads behind GET /api/projects/:id/heat and the history endpoints.

/** What the last run stored for one project and its signals' provenance (GET /api/projects/:id/heat). */
export async function selectProjectHeat(db: Db, id: string) {
  const [row] = await db
    .select({
      id: projects.id,
      status: projectScores.status,
      model: projectScores.model,
      inputsHash: projectScores.inputsHash,
      computedAt: projectScores.computedAt,
      metricSources: projects.metricSources,
    })
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}

export async function selectSectorId(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(sql`lower(${sectors.id}) = lower(${id})`)
    .limit(1);
  return row?.id;
}

/**
 * The last history row of each time bucket since `since`, oldest first (a chart's points; backfilled or live).
 * `bucketSeconds` is a whole number of hours: a project's run row stands for the runs of its hour after it, so a
 * shorter bucket would miss the runs it was carried to.
 */
export async function selectHistoryPoints(
  db: Db,
  entityType: 'project' | 'sector',
  id: string,
  since: Date,
  bucketSeconds: number,
) {
  return queryRows<{ at_ms: number; score: number; social_score: number | null; backfilled: boolean }>(
    db,
    sql`
      SELECT (extract(epoch FROM ${effectiveAt('p')}) * 1000)::float8 AS at_ms, score, social_score, backfilled FROM (
        SELECT DISTINCT ON (bucket) entity_type, entity_id, computed_at, granularity, score, social_score,
          backfilled FROM (
          SELECT floor(extract(epoch FROM h.computed_at) / ${bucketSeconds}) AS bucket, h.entity_type, h.entity_id,
            h.computed_at, h.granularity, h.score, h.social_score, h.backfilled
          FROM heat_history h
          WHERE h.entity_type = ${entityType} AND h.entity_id = ${id} AND h.score IS NOT NULL
            AND ${countsSince('h', since)}
        ) AS b
        ORDER BY bucket, computed_at DESC
      ) AS p
      ORDER BY computed_at
    `,
  );
}

export type HistoryRowAt = {
  computedAt: Date;
  score: number;
  contributions: number[] | null;
  breakdown: HistoryBreakdown | null;
};

/**
 * The newest history row of an entity at or before `at` (the latest when `at` is undefined), with the time of the
 * last run it stood for (db/history-at.ts effectiveAt): the row that run wrote when every run wrote one.
 */
export async function selectHistoryRowAtOrBefore(
  db: Db,
  entityType: 'project' | 'sector',
  id: string,
  at?: Date,
): Promise<HistoryRowAt | undefined> {
  const cap = at ? sql`${at.toISOString()}::timestamptz` : undefined;
  const [row] = await queryRows<{
    at_ms: number;
    score: number;
    contributions: number[] | null;
    breakdown: HistoryBreakdown | null;
  }>(
    db,
    sql`SELECT (extract(epoch FROM ${effectiveAt('h', cap)}) * 1000)::float8 AS at_ms, h.score, h.contributions,
          h.breakdown
        FROM heat_history h
        WHERE h.entity_type = ${entityType} AND h.entity_id = ${id} AND h.score IS NOT NULL
          ${cap ? sql`AND h.computed_at <= ${cap}` : sql``}
        ORDER BY h.computed_at DESC LIMIT 1`,
  );
  return row
    ? { computedAt: new Date(row.at_ms), score: row.score, contributions: row.contributions, breakdown: row.breakdown }
    : undefined;
}

/**
 * A project's history in [from, to) as one row per run (its row carried to each run: db/history-at.ts) and its
 * compacted and backfilled rows, oldest first. `x` has at, score, social_score, backfilled, model.
 */
function projectHistoryRows(id: string, range: { from: Date; to: Date }) {
  const from = sql`${range.from.toISOString()}::timestamptz`;
  const to = sql`${range.to.toISOString()}::timestamptz`;
  return sql`(
    SELECT h.computed_at AS at, h.score, h.social_score, h.backfilled, h.model FROM heat_history h
    WHERE h.entity_type = 'project' AND h.entity_id = ${id} AND h.granularity <> 'run'
      AND h.computed_at >= ${from} AND h.computed_at < ${to}
    UNION ALL
    SELECT r.computed_at, c.score, c.social_score, false, c.model FROM heat_runs r
    CROSS JOIN LATERAL ${projectRowAt(sql`${id}`, sql`r.computed_at`, sql`score, social_score, model`)} AS c
    WHERE r.granularity = 'run' AND r.computed_at >= ${from} AND r.computed_at < ${to} AND c.score IS NOT NULL
  )`;
}

/**
 * A project's history rows in [from, to), oldest first, after `after` (keyset on the time, unique per project).
 * The cursor is the timestamp as text, so a microsecond a JS Date would drop cannot repeat or skip a row.
 */
export async function selectHistoryRowsPage(
  db: Db,
  id: string,
  range: { from: Date; to: Date },
  after: string | null,
  limit: number,
) {
  const rows = await queryRows<{
    cursor: string;
    at_ms: number;
    score: number;
    social_score: number | null;
    backfilled: boolean;
    model: string;
  }>(
    db,
    sql`SELECT x.at::text AS cursor, (extract(epoch FROM x.at) * 1000)::float8 AS at_ms, x.score, x.social_score,
          x.backfilled, x.model
        FROM ${projectHistoryRows(id, range)} AS x
        ${after ? sql`WHERE x.at > ${after}::timestamptz` : sql``}
        ORDER BY x.at LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    cursor: r.cursor,
    computedAt: new Date(r.at_ms),
    score: r.score,
    socialScore: r.social_score,
    backfilled: r.backfilled,
    model: r.model,
  }));
}

export async function countHistoryRows(db: Db, id: string, range: { from: Date; to: Date }): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${projectHistoryRows(id, range)} AS x`,
  );
  return row?.n ?? 0;
}
