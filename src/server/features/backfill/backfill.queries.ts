import { asc, sql } from 'drizzle-orm';
import { bulkInsert } from '../../db/bulk-insert.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { backfillProgress, projects, type WikipediaTitles } from '../../db/schema/index.ts';

/** What the backfill needs of a project to ask each source about it. */
export type BackfillTarget = {
  id: string;
  name: string;
  symbol: string | null;
  newsQuery: string | null;
  coingeckoId: string | null;
  defillamaId: string | null;
  githubOrgs: string[];
  wikipediaTitles: WikipediaTitles | null;
};

export function selectBackfillTargets(db: Db): Promise<BackfillTarget[]> {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      symbol: projects.symbol,
      newsQuery: projects.newsQuery,
      coingeckoId: projects.coingeckoId,
      defillamaId: projects.defillamaId,
      githubOrgs: projects.githubOrgs,
      wikipediaTitles: projects.wikipediaTitles,
    })
    .from(projects)
    .orderBy(asc(projects.id));
}

export type ProgressRow = {
  projectId: string;
  source: string;
  status: string;
  fromDay: string | null;
  toDay: string | null;
};

/** Every progress record of the sources (a run skips the pairs that already cover its span). */
export function selectProgress(db: Db): Promise<ProgressRow[]> {
  return db
    .select({
      projectId: backfillProgress.projectId,
      source: backfillProgress.source,
      status: backfillProgress.status,
      fromDay: backfillProgress.fromDay,
      toDay: backfillProgress.toDay,
    })
    .from(backfillProgress);
}

export type DailyRow = { projectId: string; signal: string; day: string; value: number; source: string };
export type ProgressWrite = {
  projectId: string;
  source: string;
  status: 'done' | 'none' | 'failed';
  fromDay: string | null;
  toDay: string | null;
  points: number;
  error: string | null;
};

/**
 * Stores fetched daily values and their progress records in one transaction (a value is never marked done without
 * its rows, nor the reverse). Values go through a binary-COPY staging table, then one upsert that rewrites a row only
 * when its value or source changed: a second run with the same answers inserts and updates nothing. Returns the rows
 * inserted and updated. `db` must be a transaction (the staging table lives until its commit).
 */
export async function upsertDailyValues(
  tx: Db,
  rows: readonly DailyRow[],
  progress: readonly ProgressWrite[],
  at: Date,
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  if (rows.length > 0) {
    await tx.execute(sql`CREATE TEMP TABLE daily_signals_in
      (project_id text, signal text, day text, value float8, source text) ON COMMIT DROP`);
    // One row per key (a key twice in one INSERT … ON CONFLICT is an error): the last value wins.
    const unique = new Map(rows.map((r) => [`${r.projectId}\u0000${r.signal}\u0000${r.day}`, r]));
    const values = [...unique.values()].map((r) => [r.projectId, r.signal, r.day, r.value, r.source]);
    await bulkInsert(tx, 'daily_signals_in', STAGING_COLUMNS, values);
    const [counts] = await queryRows<{ inserted: number; updated: number }>(
      tx,
      sql`WITH written AS (
        INSERT INTO daily_signals AS d (project_id, signal, day, value, source, fetched_at)
        SELECT project_id, signal, day::date, value, source, ${at.toISOString()}::timestamptz
        FROM daily_signals_in i WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = i.project_id)
        ON CONFLICT (project_id, signal, day) DO UPDATE
          SET value = EXCLUDED.value, source = EXCLUDED.source, fetched_at = EXCLUDED.fetched_at
          WHERE (d.value, d.source) IS DISTINCT FROM (EXCLUDED.value, EXCLUDED.source)
        RETURNING (xmax = 0) AS fresh
      ) SELECT (count(*) FILTER (WHERE fresh))::int AS inserted, (count(*) FILTER (WHERE NOT fresh))::int AS updated
        FROM written`,
    );
    inserted = counts?.inserted ?? 0;
    updated = counts?.updated ?? 0;
  }
  if (progress.length > 0) {
    await tx.execute(sql`
      INSERT INTO backfill_progress AS b (project_id, source, status, from_day, to_day, points, error, updated_at)
      SELECT v.project_id, v.source, v.status, v.from_day::date, v.to_day::date, v.points, v.error,
        ${at.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(progress.map(toProgressRecord))}::json)
        AS v(project_id text, source text, status text, from_day text, to_day text, points int4, error text)
      WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = v.project_id)
      ON CONFLICT (project_id, source) DO UPDATE SET status = EXCLUDED.status, from_day = EXCLUDED.from_day,
        to_day = EXCLUDED.to_day, points = EXCLUDED.points, error = EXCLUDED.error, updated_at = EXCLUDED.updated_at
    `);
  }
  return { inserted, updated };
}

const STAGING_COLUMNS = [
  { name: 'project_id', type: 'text' },
  { name: 'signal', type: 'text' },
  { name: 'day', type: 'text' },
  { name: 'value', type: 'float8' },
  { name: 'source', type: 'text' },
];

const toProgressRecord = (p: ProgressWrite) => ({
  project_id: p.projectId,
  source: p.source,
  status: p.status,
  from_day: p.fromDay,
  to_day: p.toDay,
  points: p.points,
  error: p.error,
});

/** The number of daily values stored (the CLI's summary and the tests' "twice adds nothing"). */
export async function countDailyValues(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM daily_signals`);
  return row?.n ?? 0;
}
