import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
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

export type SectorTvlRow = {
  category: string;
  total_tvl: number;
  projects: number;
  source: string | null;
  as_of: string | null;
  sample: boolean;
  stale: boolean;
};

/**
 * Per sector (projects.category): the sum of its members' TVL, how many members hold one, and the provenance of the
 * total (the oldest member value's source and time, sample or stale when any member's is). Computed on read: no
 * column holds it, and the list is cached per data version.
 */
export function selectSectorTvl(db: Db, category?: string): Promise<SectorTvlRow[]> {
  return queryRows<SectorTvlRow>(
    db,
    sql`
      SELECT category, sum(tvl)::float8 AS total_tvl, count(*)::int AS projects,
        (array_agg(metric_sources->'tvl'->>'source' ORDER BY metric_sources->'tvl'->>'asOf'))[1] AS source,
        min(metric_sources->'tvl'->>'asOf') AS as_of,
        bool_or(coalesce((metric_sources->'tvl'->>'sample')::boolean, false)) AS sample,
        bool_or(coalesce((metric_sources->'tvl'->>'stale')::boolean, false)) AS stale
      FROM projects
      WHERE tvl IS NOT NULL ${category === undefined ? sql`` : sql`AND category = ${category}`}
      GROUP BY category
    `,
  );
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
 * Refreshes each sector's project count, total market cap with its provenance, and top-3 projects from the projects
 * table in one statement (the top 3 walk project_scores' (category, heat) index and hold scored projects only: an
 * unscored project is never a sector leader). Heat and trend come from the heat engine; this only keeps the
 * membership facts exact.
 *
 * market_source, the provenance of the total: sample when any member's market cap is a sample, stale when any is
 * stale, as of the oldest member value (ISO strings from toISOString order as text), and the source of that oldest
 * value unless a sample is among them; null when no member has a sourced market cap.
 */
export async function updateSectorAggregates(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE sectors AS s SET
      project_count = coalesce(agg.n, 0),
      total_market_cap = agg.total_market_cap,
      market_source = agg.market_source,
      top_projects = coalesce(top.items, '[]'::jsonb),
      updated_at = now()
    FROM sectors AS base
    LEFT JOIN (
      SELECT category, count(*)::int AS n, sum(market_cap) AS total_market_cap,
        CASE WHEN bool_or(sourced) THEN jsonb_strip_nulls(jsonb_build_object(
          'source', CASE WHEN bool_or(sample) THEN 'catalogue-sample'
                         ELSE (array_agg(mc->>'source' ORDER BY mc->>'asOf', mc->>'source') FILTER (WHERE sourced))[1]
                    END,
          'asOf', min(mc->>'asOf') FILTER (WHERE sourced),
          'sample', CASE WHEN bool_or(sample) THEN true END,
          'stale', CASE WHEN bool_or(stale) THEN true END
        )) END AS market_source
      FROM (
        SELECT category, market_cap, metric_sources->'marketCap' AS mc,
               market_cap IS NOT NULL AND metric_sources ? 'marketCap' AS sourced,
               market_cap IS NOT NULL AND coalesce((metric_sources->'marketCap'->>'sample')::boolean, false) AS sample,
               market_cap IS NOT NULL AND coalesce((metric_sources->'marketCap'->>'stale')::boolean, false) AS stale
        FROM projects
      ) AS m
      GROUP BY category
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
