import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

export type SourceEvidenceRow = {
  source: string;
  /** The newest ingestion run of this source that wrote data (success or partial), epoch ms. */
  run_ms: number | null;
  /** The newest as-of among the values this source holds in projects.metric_sources, epoch ms. */
  data_ms: number | null;
  /** Projects holding at least one value from this source. */
  projects: number;
};

/**
 * Per source, the evidence that it answered: its newest successful run (sync_runs `ingest:<source>`) and its newest
 * stored value (projects.metric_sources, the catalogue sample included as `catalogue-sample`). One round trip.
 */
export function selectSourceEvidence(db: Db): Promise<SourceEvidenceRow[]> {
  return queryRows<SourceEvidenceRow>(
    db,
    sql`
      WITH runs AS (
        SELECT substr(job, 8) AS source, max(coalesce(finished_at, started_at)) AS at
        FROM sync_runs WHERE job LIKE 'ingest:%' AND status IN ('success', 'partial') GROUP BY 1
      ),
      data AS (
        SELECT e.value->>'source' AS source, count(DISTINCT p.id)::int AS projects,
          max(CASE WHEN e.value->>'asOf' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN (e.value->>'asOf')::timestamptz END) AS at
        FROM projects p, jsonb_each(p.metric_sources) e
        WHERE jsonb_typeof(e.value) = 'object' AND e.value->>'source' IS NOT NULL
        GROUP BY 1
      )
      SELECT source, (extract(epoch FROM runs.at) * 1000)::float8 AS run_ms,
        (extract(epoch FROM data.at) * 1000)::float8 AS data_ms, coalesce(data.projects, 0)::int AS projects
      FROM runs FULL JOIN data USING (source)
    `,
  );
}
