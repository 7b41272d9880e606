import { arrayContains, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { projectListColumns } from '../projects/projects.queries.ts';

export type PlatformAggregateRow = {
  name: string;
  kind: 'chain' | 'launchpad';
  project_count: number;
  avg_heat: number;
  top_projects: { id: string; name: string; heatScore: number }[];
};

/**
 * Every chain (from projects.chains) and launch platform (projects.source_platform) with its project count,
 * average heat and top 3 projects by heat, in one set-based statement.
 */
export async function selectPlatformAggregates(db: Db): Promise<PlatformAggregateRow[]> {
  return queryRows<PlatformAggregateRow>(
    db,
    sql`
    WITH memberships AS (
      SELECT c.chain AS name, 'chain' AS kind, p.id, p.name AS project_name, p.heat_score
      FROM projects p CROSS JOIN LATERAL unnest(p.chains) AS c(chain)
      UNION ALL
      SELECT p.source_platform, 'launchpad', p.id, p.name, p.heat_score
      FROM projects p WHERE p.source_platform IS NOT NULL
    ),
    ranked AS (
      SELECT *, row_number() OVER (PARTITION BY kind, name ORDER BY heat_score DESC, id) AS rank FROM memberships
    )
    SELECT name, kind, count(*)::int AS project_count, avg(heat_score)::float8 AS avg_heat,
      coalesce(
        jsonb_agg(jsonb_build_object('id', id, 'name', project_name, 'heatScore', heat_score) ORDER BY rank)
          FILTER (WHERE rank <= 3),
        '[]'::jsonb
      ) AS top_projects
    FROM ranked
    GROUP BY kind, name
    ORDER BY count(*) DESC, avg(heat_score) DESC, name
  `,
  );
}

export function selectPlatformProjects(
  db: Db,
  platform: { name: string; kind: 'chain' | 'launchpad' },
  page: { limit: number; offset: number },
) {
  const where =
    platform.kind === 'chain'
      ? arrayContains(projects.chains, [platform.name])
      : eq(projects.sourcePlatform, platform.name);
  return db
    .select(projectListColumns)
    .from(projects)
    .where(where)
    .orderBy(sql`${projects.heatScore} DESC NULLS LAST`, projects.id)
    .limit(page.limit)
    .offset(page.offset);
}
