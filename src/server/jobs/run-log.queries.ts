import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { syncRuns } from '../db/schema/index.ts';

export type RunTrigger = 'schedule' | 'manual' | 'cli' | 'startup';

/**
 * Claims a scheduled slot for a job: inserts its 'running' row unless a row for (job, slot) exists — the unique
 * index makes the database the referee when several instances fire the same slot. Returns the row id, or null
 * when another instance already claimed the slot.
 */
export async function insertScheduledRun(
  db: Db,
  job: string,
  slot: Date,
  instance: string,
  startedAt: Date,
): Promise<number | null> {
  const rows = await db
    .insert(syncRuns)
    .values({ job, trigger: 'schedule', scheduledFor: slot, instance, status: 'running', startedAt })
    .onConflictDoNothing({ target: [syncRuns.job, syncRuns.scheduledFor], where: sql`scheduled_for IS NOT NULL` })
    .returning({ id: syncRuns.id });
  return rows[0]?.id ?? null;
}

/** Opens a 'running' row for an unscheduled run (manual, CLI, startup). */
export async function insertRun(db: Db, job: string, trigger: RunTrigger, instance: string | null, startedAt: Date) {
  const [row] = await db
    .insert(syncRuns)
    .values({ job, trigger, instance, status: 'running', startedAt })
    .returning({ id: syncRuns.id });
  if (!row) throw new Error('insertRun returned no row');
  return row.id;
}

export async function updateRunFinished(
  db: Db,
  id: number,
  result: {
    status: 'success' | 'failed';
    finishedAt: Date;
    durationMs: number;
    counts: Record<string, number>;
    errors: string[];
  },
): Promise<void> {
  await db.update(syncRuns).set(result).where(eq(syncRuns.id, id));
}

/**
 * Closes the 'running' rows of `job` (all jobs when omitted) as failed: only called when no live run can own them
 * (the caller holds the job's lock, or PGlite's single process is just starting). Returns how many were closed.
 */
export async function updateOrphanedRunsFailed(db: Db, finishedAt: Date, job?: string): Promise<number> {
  const rows = await db
    .update(syncRuns)
    .set({ status: 'failed', finishedAt, errors: [ORPHANED_RUN_ERROR] })
    .where(
      job === undefined ? eq(syncRuns.status, 'running') : and(eq(syncRuns.status, 'running'), eq(syncRuns.job, job)),
    )
    .returning({ id: syncRuns.id });
  return rows.length;
}

export const ORPHANED_RUN_ERROR = 'interrupted: the process running it stopped before it finished';

/** The job-level jobs that have a 'running' row. */
export async function selectJobsWithRunningRows(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ job: syncRuns.job })
    .from(syncRuns)
    .where(and(eq(syncRuns.status, 'running'), JOB_LEVEL));
  return rows.map((r) => r.job);
}

// Job-level rows: the scheduler's, the CLI's and manual runs. Source-level rows written by ingestion
// ('ingest:coingecko', …) carry a ':' and are only read for their errors.
const JOB_LEVEL = sql`position(':' in ${syncRuns.job}) = 0`;

export async function selectSyncMetrics(db: Db, runningSince: Date) {
  const rows = await queryRows<{
    total: number;
    successful: number;
    failed: number;
    running: number;
    last_sync_ms: number | null;
  }>(
    db,
    sql`
      SELECT
        count(*) FILTER (WHERE status IN ('success', 'failed'))::int AS total,
        count(*) FILTER (WHERE status = 'success')::int AS successful,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(*) FILTER (WHERE status = 'running' AND started_at >= ${runningSince.toISOString()}::timestamptz)::int
          AS running,
        (extract(epoch FROM max(finished_at) FILTER (WHERE status = 'success')) * 1000)::float8 AS last_sync_ms
      FROM sync_runs WHERE ${JOB_LEVEL}
    `,
  );
  return rows[0] ?? { total: 0, successful: 0, failed: 0, running: 0, last_sync_ms: null };
}

/** The duration of the newest finished job-level run. */
export async function selectLastDuration(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ durationMs: syncRuns.durationMs })
    .from(syncRuns)
    .where(and(JOB_LEVEL, sql`${syncRuns.finishedAt} IS NOT NULL`))
    .orderBy(desc(syncRuns.finishedAt))
    .limit(1);
  return row?.durationMs ?? null;
}

/** The newest runs that recorded errors (any level), newest first. */
export function selectRunsWithErrors(db: Db, limit: number) {
  return db
    .select({
      job: syncRuns.job,
      startedAt: syncRuns.startedAt,
      finishedAt: syncRuns.finishedAt,
      errors: syncRuns.errors,
    })
    .from(syncRuns)
    .where(sql`jsonb_array_length(${syncRuns.errors}) > 0`)
    .orderBy(desc(syncRuns.startedAt))
    .limit(limit);
}

/** The newest job-level run of every job. */
export async function selectLatestRunPerJob(db: Db) {
  return queryRows<{ job: string; started_ms: number; status: string; duration_ms: number | null }>(
    db,
    sql`
      SELECT DISTINCT ON (job) job, (extract(epoch FROM started_at) * 1000)::float8 AS started_ms, status,
        duration_ms
      FROM sync_runs WHERE ${JOB_LEVEL}
      ORDER BY job, started_at DESC
    `,
  );
}
