import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { hourStartOf } from '../../db/history-at.ts';

type TierOptions = { from: readonly ('run' | 'hour')[]; to: 'hour' | 'day'; bucket: 'hour' | 'day'; before: Date };

const bucketOf = (bucket: 'hour' | 'day') =>
  // date_trunc on a timestamp (not timestamptz) at UTC: buckets never depend on the session time zone.
  sql.raw(`date_trunc('${bucket === 'hour' ? 'hour' : 'day'}', computed_at AT TIME ZONE 'UTC')`);

/**
 * Compacts one tier: among rows of `from` granularities older than `before`, keeps the newest scored row of each
 * entity per UTC `bucket` (hour or day), relabels it `to`, and deletes the rest. `before` is a bucket boundary, so a
 * bucket is always compacted whole and never split across two runs. A project's run row kept this way moves to the
 * last run it stood for (as db/history-at.ts effectiveAt, its next row read by a window): the time the row of that run had when every run wrote one,
 * so the compacted tiers are what they were. Rows that only ended a carried row (null score) go.
 */
export async function compactTier(db: Db, options: TierOptions): Promise<{ deleted: number; kept: number }> {
  const before = options.before.toISOString();
  const from = sql.join(
    options.from.map((g) => sql`${g}`),
    sql`, `,
  );
  const rows = await queryRows<{ deleted: number; kept: number }>(
    db,
    sql`
      WITH numbered AS (
        SELECT entity_type, entity_id, computed_at, granularity, score IS NULL AS ended,
          row_number() OVER (PARTITION BY entity_type, entity_id, ${bucketOf(options.bucket)}
            ORDER BY score IS NULL, computed_at DESC) AS rn,
          -- The entity's next row (none inside the tier: at or after the cut-off, a bucket boundary).
          lead(computed_at) OVER (PARTITION BY entity_type, entity_id ORDER BY computed_at) AS next_at
        FROM heat_history
        WHERE granularity IN (${from}) AND computed_at < ${before}::timestamptz
      ),
      ranked AS (
        SELECT n.entity_type, n.entity_id, n.computed_at, n.rn, n.ended,
          CASE WHEN n.rn = 1 AND NOT n.ended THEN
            CASE WHEN n.entity_type = 'project' AND n.granularity = 'run' THEN coalesce((
              SELECT max(r.computed_at) FROM heat_runs r
              WHERE r.granularity = 'run' AND r.computed_at >= n.computed_at
                AND r.computed_at < least(${hourStartOf(sql`n.computed_at`)} + interval '1 hour',
                  coalesce(n.next_at, 'infinity'::timestamptz))
            ), n.computed_at) ELSE n.computed_at END
          END AS kept_at
        FROM numbered AS n
      ),
      deleted AS (
        DELETE FROM heat_history AS h USING ranked AS r
        WHERE (r.rn > 1 OR r.ended) AND h.entity_type = r.entity_type AND h.entity_id = r.entity_id
          AND h.computed_at = r.computed_at
        RETURNING 1
      ),
      kept AS (
        UPDATE heat_history AS h SET granularity = ${options.to}, computed_at = r.kept_at FROM ranked AS r
        WHERE r.rn = 1 AND NOT r.ended AND h.entity_type = r.entity_type AND h.entity_id = r.entity_id
          AND h.computed_at = r.computed_at
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM deleted)::int AS deleted, (SELECT count(*) FROM kept)::int AS kept
    `,
  );
  return rows[0] ?? { deleted: 0, kept: 0 };
}

/** The same tier step for heat_runs (after heat_history's: its kept rows read the runs): the last run per bucket. */
export async function compactRunsTier(db: Db, options: TierOptions): Promise<void> {
  const from = sql.join(
    options.from.map((g) => sql`${g}`),
    sql`, `,
  );
  await db.execute(sql`
    WITH ranked AS (
      SELECT computed_at, row_number() OVER (PARTITION BY ${bucketOf(options.bucket)} ORDER BY computed_at DESC) AS rn
      FROM heat_runs WHERE granularity IN (${from}) AND computed_at < ${options.before.toISOString()}::timestamptz
    ),
    deleted AS (DELETE FROM heat_runs AS h USING ranked AS r WHERE r.rn > 1 AND h.computed_at = r.computed_at)
    UPDATE heat_runs AS h SET granularity = ${options.to} FROM ranked AS r
    WHERE r.rn = 1 AND h.computed_at = r.computed_at
  `);
}
