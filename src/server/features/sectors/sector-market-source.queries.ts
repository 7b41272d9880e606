import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Sets each sector's market_source: the provenance of its total market cap. Sample when any member's market cap is a
 * sample, stale when any is stale, as of the oldest member value (ISO strings from toISOString order as text), and
 * the source of that oldest value unless a sample is among them. Null when no member has a sourced market cap.
 * Its own statement (not part of updateSectorAggregates) so the heat engine's aggregate SQL stays untouched.
 */
export async function updateSectorMarketSources(db: Db): Promise<void> {
  await db.execute(sql`
    UPDATE sectors AS s SET market_source = agg.source
    FROM sectors AS base
    LEFT JOIN (
      SELECT category, jsonb_strip_nulls(jsonb_build_object(
        'source', CASE WHEN bool_or(sample) THEN 'catalogue-sample'
                       ELSE (array_agg(source ORDER BY as_of, source))[1] END,
        'asOf', min(as_of),
        'sample', CASE WHEN bool_or(sample) THEN true END,
        'stale', CASE WHEN bool_or(stale) THEN true END
      )) AS source
      FROM (
        SELECT category,
               metric_sources->'marketCap'->>'source' AS source,
               metric_sources->'marketCap'->>'asOf' AS as_of,
               coalesce((metric_sources->'marketCap'->>'sample')::boolean, false) AS sample,
               coalesce((metric_sources->'marketCap'->>'stale')::boolean, false) AS stale
        FROM projects
        WHERE market_cap IS NOT NULL AND metric_sources ? 'marketCap'
      ) AS m
      GROUP BY category
    ) AS agg ON agg.category = base.name
    WHERE s.id = base.id AND s.market_source IS DISTINCT FROM agg.source
  `);
}
