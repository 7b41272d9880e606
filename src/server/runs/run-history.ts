import { and, desc, eq, gte, inArray, like, lte, max, notLike, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { syncRuns } from '../db/schema/index.ts';

// The run log's history as features show it (the admin's operations and statistics, a source's last check). The run
// log's own bookkeeping (open, finish, locks, orphans) and the status page's aggregates are in run-log.queries.ts.

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

const RUN_COLUMNS = {
  id: syncRuns.id,
  job: syncRuns.job,
  trigger: syncRuns.trigger,
  status: syncRuns.status,
  startedAt: syncRuns.startedAt,
  finishedAt: syncRuns.finishedAt,
  durationMs: syncRuns.durationMs,
  errors: syncRuns.errors,
};

/** Job-level runs only: source rows ('ingest:coingecko') carry a ':' (run-log.queries.ts). */
export function selectRecentJobRuns(db: Db, limit: number) {
  return db
    .select(RUN_COLUMNS)
    .from(syncRuns)
    .where(sql`position(':' in ${syncRuns.job}) = 0`)
    .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
    .limit(limit);
}

/** Runs of any level with recorded errors; a skipped source's reason is not an error. */
export function selectRecentRunsWithErrors(db: Db, limit: number) {
  return db
    .select(RUN_COLUMNS)
    .from(syncRuns)
    .where(and(sql`jsonb_array_length(${syncRuns.errors}) > 0`, sql`${syncRuns.status} <> 'skipped'`))
    .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
    .limit(limit);
}

/** When the rounds source (`ingest:raises` in sync_runs) last finished with data; null when it never has. */
export async function selectRaisesCheckedAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(sql<Date>`coalesce(${syncRuns.finishedAt}, ${syncRuns.startedAt})`) })
    .from(syncRuns)
    .where(and(eq(syncRuns.job, 'ingest:raises'), inArray(syncRuns.status, ['success', 'partial'])));
  return row?.at ? new Date(row.at) : null;
}

/** True once a run of `job` has finished without failures (success; partial does not count). */
export async function hasSucceededRun(db: Db, job: string): Promise<boolean> {
  const [row] = await db
    .select({ id: syncRuns.id })
    .from(syncRuns)
    .where(and(eq(syncRuns.job, job), eq(syncRuns.status, 'success')))
    .limit(1);
  return row !== undefined;
}
