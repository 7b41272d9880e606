import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { heatHistory, projectScores, projects, scoresOfProject, sectors } from '../../db/schema/index.ts';

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

/** The last history row of each time bucket since `since`, oldest first (a chart's points; backfilled or live). */
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
      SELECT (extract(epoch FROM at) * 1000)::float8 AS at_ms, score, social_score, backfilled FROM (
        SELECT DISTINCT ON (bucket) at, score, social_score, backfilled FROM (
          SELECT floor(extract(epoch FROM computed_at) / ${bucketSeconds}) AS bucket, computed_at AS at, score,
            social_score, backfilled
          FROM heat_history
          WHERE entity_type = ${entityType} AND entity_id = ${id}
            AND computed_at >= ${since.toISOString()}::timestamptz
        ) AS h
        ORDER BY bucket, at DESC
      ) AS p
      ORDER BY at
    `,
  );
}

/** The newest history row of an entity at or before `at` (the latest when `at` is undefined). */
export async function selectHistoryRowAtOrBefore(db: Db, entityType: 'project' | 'sector', id: string, at?: Date) {
  const [row] = await db
    .select({
      computedAt: heatHistory.computedAt,
      score: heatHistory.score,
      contributions: heatHistory.contributions,
      breakdown: heatHistory.breakdown,
    })
    .from(heatHistory)
    .where(
      and(
        eq(heatHistory.entityType, entityType),
        eq(heatHistory.entityId, id),
        at ? lte(heatHistory.computedAt, at) : undefined,
      ),
    )
    .orderBy(desc(heatHistory.computedAt))
    .limit(1);
  return row;
}

/**
 * A project's history rows in [from, to), oldest first, after `after` (keyset on computed_at, unique per project).
 * The cursor is the timestamp as text, so a microsecond a JS Date would drop cannot repeat or skip a row.
 */
export function selectHistoryRowsPage(
  db: Db,
  id: string,
  range: { from: Date; to: Date },
  after: string | null,
  limit: number,
) {
  return db
    .select({
      cursor: sql<string>`(${heatHistory.computedAt})::text`,
      computedAt: heatHistory.computedAt,
      score: heatHistory.score,
      socialScore: heatHistory.socialScore,
      backfilled: heatHistory.backfilled,
      model: heatHistory.model,
    })
    .from(heatHistory)
    .where(
      and(
        eq(heatHistory.entityType, 'project'),
        eq(heatHistory.entityId, id),
        gte(heatHistory.computedAt, range.from),
        lt(heatHistory.computedAt, range.to),
        after ? sql`${heatHistory.computedAt} > ${after}::timestamptz` : undefined,
      ),
    )
    .orderBy(asc(heatHistory.computedAt))
    .limit(limit);
}

export async function countHistoryRows(db: Db, id: string, range: { from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(heatHistory)
    .where(
      and(
        eq(heatHistory.entityType, 'project'),
        eq(heatHistory.entityId, id),
        gte(heatHistory.computedAt, range.from),
        lt(heatHistory.computedAt, range.to),
      ),
    );
  return row?.n ?? 0;
}
