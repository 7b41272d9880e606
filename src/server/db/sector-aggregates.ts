import { type SQL, sql } from 'drizzle-orm';
import { lockCatalogueWrites } from './catalogue-lock.ts';
import { type Db, queryRows } from './client.ts';
import { withTransaction } from './transaction.ts';

// Sector aggregates are derived from the catalogue's projects: loading the catalogue, an admin edit, the synthetic
// seed and the recompute all refresh them, so the statement lives below the features that call it.

/**
 * A sector's top 3 scored projects as jsonb (null when it has none), for the sector named by `name`: they walk
 * project_scores' (category, heat) index, and an unscored project is never a sector leader.
 */
const topProjectsOf = (name: SQL) => sql`(
  SELECT jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'heatScore', p.heat_score)
                   ORDER BY p.heat_score DESC, p.id)
  FROM (
    SELECT sc.project_id AS id, pr.name, sc.heat_score
    FROM project_scores AS sc JOIN projects AS pr ON pr.id = sc.project_id
    WHERE sc.category = ${name} AND sc.heat_score IS NOT NULL
    ORDER BY sc.heat_score DESC NULLS LAST, sc.project_id LIMIT 3
  ) AS p
)`;

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
    LEFT JOIN LATERAL (SELECT ${topProjectsOf(sql`base.name`)} AS items) AS top ON true
    WHERE s.id = base.id
  `);
}

/** The top-3 part of {@link updateSectorAggregates} alone: what a heat run moves when no project statement ran. */
export async function updateSectorLeaders(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE sectors AS s SET top_projects = coalesce(${topProjectsOf(sql`s.name`)}, '[]'::jsonb)
  `);
}

/**
 * Whether a projects statement may have moved the membership facts since the last call (migration 0057's marks),
 * consuming the marks it saw: true means recount (updateSectorAggregates) in the same transaction.
 */
export async function takeSectorAggregateMarks(db: Db): Promise<boolean> {
  const taken = await queryRows<{ txid: string }>(db, sql`DELETE FROM sector_aggregate_marks RETURNING txid::text`);
  return taken.length > 0;
}

/**
 * Recounts sector membership, market cap and top projects; call after projects are added, removed or rescored. The
 * recount rewrites every sector row, so two at once (parallel admin edits, two instances, a recompute beside an
 * import) could lock those rows in different orders and deadlock — measured on PostgreSQL: 102 of 250 parallel calls.
 * Recounts take turns with every catalogue write (db/catalogue-lock.ts), held until the caller's transaction ends.
 */
export async function refreshSectorAggregates(db: Db): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockCatalogueWrites(tx);
    await updateSectorAggregates(tx);
  });
}
