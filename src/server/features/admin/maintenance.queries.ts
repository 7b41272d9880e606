import { and, desc, eq, gte, like, lte, notLike, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

import { syncRuns } from '../../db/schema/index.ts';
/** Deletes projects whose name is empty once trimmed (their scores, history and links go by ON DELETE CASCADE). */
export async function deleteUnnamedProjects(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM projects WHERE btrim(name, E' \t\r\n\u00a0\u3000') = '' RETURNING id`,
  );
  return rows.map((r) => r.id);
}

/** Each sector's stored project count, by id. */
export async function selectSectorCounts(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; n: number }>(db, sql`SELECT id, project_count AS n FROM sectors`);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * VACUUM (ANALYZE), which no transaction may wrap: each statement goes alone to the driver (a pooled connection on
 * PostgreSQL, the single session on PGlite). PostgreSQL vacuums the whole database; PGlite, without autovacuum, too.
 * Returns the number of tables of schema public.
 */
export async function vacuumAnalyze(db: Db): Promise<number> {
  await db.execute(sql.raw('VACUUM (ANALYZE)'));
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  );
  return rows[0]?.n ?? 0;
}

const OPERATION_RUN_COLUMNS = {
  id: syncRuns.id,
  job: syncRuns.job,
  status: syncRuns.status,
  trigger: syncRuns.trigger,
  startedAt: syncRuns.startedAt,
  finishedAt: syncRuns.finishedAt,
  durationMs: syncRuns.durationMs,
  counts: syncRuns.counts,
  errors: syncRuns.errors,
};

/** The newest run of each of `jobs` (one index walk per job: sync_runs_job_idx). */
export async function selectLatestRunsOf(db: Db, jobs: string[]) {
  const rows = await Promise.all(
    jobs.map((job) =>
      db
        .select(OPERATION_RUN_COLUMNS)
        .from(syncRuns)
        .where(eq(syncRuns.job, job))
        .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
        .limit(1),
    ),
  );
  return rows.flat();
}

/** Source rows (ingest:<source>) started in [from, to): the steps of one full sync. */
export function selectSourceRunsBetween(db: Db, from: Date, to: Date | null) {
  return db
    .select({ job: syncRuns.job, status: syncRuns.status, startedAt: syncRuns.startedAt, errors: syncRuns.errors })
    .from(syncRuns)
    .where(
      and(like(syncRuns.job, 'ingest:%'), gte(syncRuns.startedAt, from), to ? lte(syncRuns.startedAt, to) : undefined),
    )
    .orderBy(syncRuns.startedAt, syncRuns.id);
}

/**
 * The newest start-up run of each job (trigger 'startup': the first-start refresh, the start-up heat recompute, the
 * history backfill…), without the per-source steps (ingest:<source>) a start-up job records under it.
 */
export function selectLatestStartupRuns(db: Db) {
  return db
    .selectDistinctOn([syncRuns.job], OPERATION_RUN_COLUMNS)
    .from(syncRuns)
    .where(and(eq(syncRuns.trigger, 'startup'), notLike(syncRuns.job, 'ingest:%')))
    .orderBy(syncRuns.job, desc(syncRuns.startedAt), desc(syncRuns.id));
}
