import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * Compacts one tier: among rows of `from` granularities older than `before`, keeps the newest row of each entity per
 * UTC `bucket` (hour or day), relabels it `to`, and deletes the rest. `before` is a bucket boundary, so a bucket is
 * always compacted whole and never split across two runs.
 */
export async function compactTier(
  db: Db,
  options: { from: readonly ('run' | 'hour')[]; to: 'hour' | 'day'; bucket: 'hour' | 'day'; before: Date },
): Promise<{ deleted: number; kept: number }> {
  const before = options.before.toISOString();
  const from = sql.join(
    options.from.map((g) => sql`${g}`),
    sql`, `,
  );
  // date_trunc on a timestamp (not timestamptz) at UTC: buckets never depend on the session time zone.
  const bucket = sql.raw(`date_trunc('${options.bucket === 'hour' ? 'hour' : 'day'}', computed_at AT TIME ZONE 'UTC')`);
  const rows = await queryRows<{ deleted: number; kept: number }>(
    db,
    sql`
      WITH ranked AS (
        SELECT entity_type, entity_id, computed_at,
          row_number() OVER (PARTITION BY entity_type, entity_id, ${bucket} ORDER BY computed_at DESC) AS rn
        FROM heat_history
        WHERE granularity IN (${from}) AND computed_at < ${before}::timestamptz
      ),
      deleted AS (
        DELETE FROM heat_history AS h USING ranked AS r
        WHERE r.rn > 1 AND h.entity_type = r.entity_type AND h.entity_id = r.entity_id
          AND h.computed_at = r.computed_at
        RETURNING 1
      ),
      kept AS (
        UPDATE heat_history AS h SET granularity = ${options.to} FROM ranked AS r
        WHERE r.rn = 1 AND h.entity_type = r.entity_type AND h.entity_id = r.entity_id
          AND h.computed_at = r.computed_at
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM deleted)::int AS deleted, (SELECT count(*) FROM kept)::int AS kept
    `,
  );
  return rows[0] ?? { deleted: 0, kept: 0 };
}
