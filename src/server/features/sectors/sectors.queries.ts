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
