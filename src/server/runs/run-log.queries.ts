import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { socialApiAccounts, syncRuns } from '../db/schema/index.ts';

export type RunTrigger = 'schedule' | 'manual' | 'cli' | 'startup';
/**
 * How a run ended: `partial` = some of its work failed; `skipped` = it could not start (a source without its key);
 * `cancelled` = stopped mid-way because the server was shutting down (the next run resumes the work).
 */
export type FinishedStatus = 'success' | 'partial' | 'failed' | 'skipped' | 'cancelled';

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

/** True when a run of `job` ended in success or partial success (e.g. the first-start refresh has been done). */
export async function hasCompletedRun(db: Db, job: string): Promise<boolean> {
  const [row] = await db
    .select({ id: syncRuns.id })
    .from(syncRuns)
    .where(and(eq(syncRuns.job, job), or(eq(syncRuns.status, 'success'), eq(syncRuns.status, 'partial'))))
    .limit(1);
  return row !== undefined;
}

export async function updateRunFinished(
  db: Db,
  id: number,
  result: {
    status: FinishedStatus;
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
    partial: number;
    failed: number;
    running: number;
    last_sync_ms: number | null;
  }>(
    db,
    sql`
      SELECT
        count(*) FILTER (WHERE status IN ('success', 'partial', 'failed'))::int AS total,
        count(*) FILTER (WHERE status = 'success')::int AS successful,
        count(*) FILTER (WHERE status = 'partial')::int AS partial,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(*) FILTER (WHERE status = 'running' AND started_at >= ${runningSince.toISOString()}::timestamptz)::int
          AS running,
        (extract(epoch FROM max(finished_at) FILTER (WHERE status IN ('success', 'partial'))) * 1000)::float8
          AS last_sync_ms
      FROM sync_runs WHERE ${JOB_LEVEL}
    `,
  );
  return rows[0] ?? { total: 0, successful: 0, partial: 0, failed: 0, running: 0, last_sync_ms: null };
}

export type RunCounts = {
  total: number;
  successful: number;
  partial: number;
  failed: number;
  last_success_ms: number | null;
};

/**
 * The sync log split by who answered (成功 83 read as healthy while no source had ever answered — the
 * successes were the heat job's): `external`, the source-level rows (`ingest:<source>`, one per source per run, the
 * only record that an outside service answered); `internal`, the job-level runs of the jobs that read no source
 * (`sourceJobs` names those that do: their own rows only wrap the source rows). A skipped run (a source without its
 * key) is neither: it asked nothing.
 */
export async function selectSyncRunSplit(db: Db, sourceJobs: readonly string[]) {
  const rows = await queryRows<RunCounts & { kind: 'external' | 'internal' }>(
    db,
    sql`
      SELECT kind,
        count(*) FILTER (WHERE status IN ('success', 'partial', 'failed'))::int AS total,
        count(*) FILTER (WHERE status = 'success')::int AS successful,
        count(*) FILTER (WHERE status = 'partial')::int AS partial,
        count(*) FILTER (WHERE status = 'failed')::int AS failed,
        (extract(epoch FROM max(coalesce(finished_at, started_at)) FILTER (WHERE status IN ('success', 'partial')))
          * 1000)::float8 AS last_success_ms
      FROM (
        SELECT CASE WHEN job LIKE 'ingest:%' THEN 'external' ELSE 'internal' END AS kind, status, started_at,
          finished_at
        FROM sync_runs
        WHERE job LIKE 'ingest:%' OR (${JOB_LEVEL} AND NOT (job = ANY(ARRAY[${sql.join(
          ['', ...sourceJobs].map((name) => sql`${name}`),
          sql`, `,
        )}]::text[])))
      ) AS runs
      GROUP BY kind
    `,
  );
  const empty: RunCounts = { total: 0, successful: 0, partial: 0, failed: 0, last_success_ms: null };
  return {
    external: rows.find((row) => row.kind === 'external') ?? empty,
    internal: rows.find((row) => row.kind === 'internal') ?? empty,
  };
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

/** The newest runs that recorded errors (any level; a skipped source's reason is not an error), newest first. */
export function selectRunsWithErrors(db: Db, limit: number) {
  return db
    .select({
      job: syncRuns.job,
      startedAt: syncRuns.startedAt,
      finishedAt: syncRuns.finishedAt,
      errors: syncRuns.errors,
    })
    .from(syncRuns)
    .where(and(sql`jsonb_array_length(${syncRuns.errors}) > 0`, sql`${syncRuns.status} <> 'skipped'`))
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

/**
 * Per ingestion source (rows `ingest:<source>`): the newest run (status, start, counts), the newest run that wrote
 * data (success or partial), and the newest run with errors (its first error, its time).
 */
export async function selectSourceRuns(db: Db) {
  return queryRows<{
    source: string;
    last_started_ms: number;
    last_status: string;
    last_counts: Record<string, number>;
    last_success_ms: number | null;
    last_error_ms: number | null;
    last_error: string | null;
  }>(
    db,
    sql`
      WITH src AS (
        SELECT substr(job, 8) AS source, status, started_at, coalesce(finished_at, started_at) AS ended_at, counts,
          errors
        FROM sync_runs WHERE job LIKE 'ingest:%'
      ),
      latest AS (SELECT DISTINCT ON (source) * FROM src ORDER BY source, started_at DESC),
      ok AS (
        SELECT source, max(ended_at) AS at FROM src WHERE status IN ('success', 'partial') GROUP BY source
      ),
      err AS (
        SELECT DISTINCT ON (source) source, ended_at AS at, errors->>0 AS message
        FROM src WHERE jsonb_array_length(errors) > 0 AND status <> 'skipped'
        ORDER BY source, started_at DESC
      )
      SELECT latest.source, (extract(epoch FROM latest.started_at) * 1000)::float8 AS last_started_ms,
        latest.status AS last_status, latest.counts AS last_counts,
        (extract(epoch FROM ok.at) * 1000)::float8 AS last_success_ms,
        (extract(epoch FROM err.at) * 1000)::float8 AS last_error_ms, err.message AS last_error
      FROM latest LEFT JOIN ok USING (source) LEFT JOIN err USING (source)
    `,
  );
}

/**
 * Per metric source in `projects.metric_sources`: projects holding a value from it, how many of those hold a stale
 * one (flagged, or older than `staleAfterMs` of that source — the windows of src/shared/staleness.ts, passed in),
 * and the newest `asOf`.
 */
export async function selectSourceData(db: Db, now: Date, staleAfterMs: Readonly<Record<string, number>>) {
  const windows = JSON.stringify(staleAfterMs);
  return queryRows<{ source: string; projects: number; stale_projects: number; newest_ms: number | null }>(
    db,
    sql`
      WITH entries AS (
        SELECT p.id, e.value->>'source' AS source, (e.value->>'stale')::boolean IS TRUE AS flagged,
          CASE WHEN e.value->>'asOf' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN (e.value->>'asOf')::timestamptz END AS as_of
        FROM projects p, jsonb_each(p.metric_sources) e
        WHERE jsonb_typeof(e.value) = 'object'
      ),
      marked AS (
        SELECT id, source, as_of,
          flagged OR (w.ms IS NOT NULL AND (as_of IS NULL
            OR as_of < ${now.toISOString()}::timestamptz - make_interval(secs => w.ms / 1000.0))) AS stale
        FROM entries LEFT JOIN LATERAL (SELECT (${windows}::jsonb->>entries.source)::float8 AS ms) w ON true
      )
      SELECT source, count(DISTINCT id)::int AS projects, count(DISTINCT id) FILTER (WHERE stale)::int AS stale_projects,
        (extract(epoch FROM max(as_of)) * 1000)::float8 AS newest_ms
      FROM marked WHERE source IS NOT NULL GROUP BY source
    `,
  );
}

/** X accounts that can serve requests now or after their rate-limit window (active or rate-limited, not expired). */
export async function countUsableXAccounts(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(socialApiAccounts)
    .where(
      and(
        or(eq(socialApiAccounts.isActive, true), eq(socialApiAccounts.disabledReason, 'rate_limited')),
        or(isNull(socialApiAccounts.expiresAt), gt(socialApiAccounts.expiresAt, now)),
      ),
    );
  return row?.n ?? 0;
}
