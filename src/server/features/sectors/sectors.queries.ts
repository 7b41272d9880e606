import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectListColumns } from '../../db/project-columns.ts';
import { projectScores, projects, scoresOfProject, sectors } from '../../db/schema/index.ts';

/** Every sector, hottest first; sectors without a scored member (heat null) come last. */
export function selectSectors(db: Db) {
  return db.select().from(sectors).orderBy(sql`${sectors.heatScore} DESC NULLS LAST`, sectors.id);
}

export async function selectSectorById(db: Db, id: string) {
  const [row] = await db.select().from(sectors).where(sql`lower(${sectors.id}) = lower(${id})`).limit(1);
  return row;
}

export function selectSectorProjects(db: Db, sectorName: string, page: { limit: number; offset: number }) {
  return db
    .select(projectListColumns)
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .where(eq(projectScores.category, sectorName))
    .orderBy(sql`${projectScores.heatScore} DESC NULLS LAST`, projectScores.projectId)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * Refreshes each sector's project count, total market cap and top-3 projects from the projects table in one
 * statement (the top 3 walk project_scores' (category, heat) index and hold scored projects only: an unscored
 * project is never a sector leader). Heat and trend come from the heat engine; this only keeps the membership facts
 * exact.
 */
export async function updateSectorAggregates(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE sectors AS s SET
      project_count = coalesce(agg.n, 0),
      total_market_cap = agg.total_market_cap,
      top_projects = coalesce(top.items, '[]'::jsonb),
      updated_at = now()
    FROM sectors AS base
    LEFT JOIN (
      SELECT category, count(*)::int AS n, sum(market_cap) AS total_market_cap
      FROM projects GROUP BY category
    ) AS agg ON agg.category = base.name
    LEFT JOIN LATERAL (
      SELECT jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'heatScore', p.heat_score)
                       ORDER BY p.heat_score DESC, p.id) AS items
      FROM (
        SELECT s.project_id AS id, pr.name, s.heat_score
        FROM project_scores AS s JOIN projects AS pr ON pr.id = s.project_id
        WHERE s.category = base.name AND s.heat_score IS NOT NULL
        ORDER BY s.heat_score DESC NULLS LAST, s.project_id LIMIT 3
      ) AS p
    ) AS top ON true
    WHERE s.id = base.id
  `);
}
