import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One complete UTC day's figure of a project, as a live ingestion run measured it. */
export type DailyValue = { projectId: string; signal: string; day: string; value: number };

/**
 * Stores a live run's per-day figures in daily_signals (the store the history backfill fills and the evaluation of
 * the heat score reads). A later measure of the same day wins (late posts, commits pushed with earlier dates); a row
 * is rewritten only when its value changed. Rows of unknown projects are dropped; non-finite values are never stored.
 */
export async function upsertDailyValues(db: Db, source: string, at: Date, rows: readonly DailyValue[]): Promise<void> {
  // One row per key (a key twice in one INSERT … ON CONFLICT is an error): the last value wins.
  const unique = new Map(
    rows.filter((r) => Number.isFinite(r.value)).map((r) => [`${r.projectId} ${r.signal} ${r.day}`, r]),
  );
  const values = [...unique.values()].map((r) => ({
    project_id: r.projectId,
    signal: r.signal,
    day: r.day,
    value: r.value,
  }));
  if (values.length === 0) return;
  await db.execute(sql`
    INSERT INTO daily_signals AS d (project_id, signal, day, value, source, fetched_at)
    SELECT v.project_id, v.signal, v.day::date, v.value, ${source}, ${at.toISOString()}::timestamptz
    FROM json_to_recordset(${JSON.stringify(values)}::json) AS v(project_id text, signal text, day text, value float8)
    WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = v.project_id)
    ON CONFLICT (project_id, signal, day) DO UPDATE
      SET value = EXCLUDED.value, source = EXCLUDED.source, fetched_at = EXCLUDED.fetched_at
    WHERE (d.value, d.source) IS DISTINCT FROM (EXCLUDED.value, EXCLUDED.source)
  `);
}
