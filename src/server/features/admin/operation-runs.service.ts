import { OPERATIONS, type Operation, type OperationRunsResponse } from '../../../shared/api/admin-runs.schema.ts';
import type { Db } from '../../db/client.ts';
import { FIRST_START_REFRESH_JOB, FULL_SYNC_JOB } from '../../runs/job-names.ts';
import { selectLatestRunsOf, selectLatestStartupRuns, selectSourceRunsBetween } from '../../runs/run-history.ts';
import { redactConfigSecrets, type SyncStatusDeps } from '../../runs/sync-status.ts';
import { SOURCE_NAMES } from '../ingestion/ingestion.service.ts';
import { maintenanceJobName } from './maintenance.service.ts';

type RunRow = Awaited<ReturnType<typeof selectLatestRunsOf>>[number];

const newestOf = (a: RunRow | undefined, b: RunRow | undefined) =>
  a && b ? (b.startedAt.getTime() > a.startedAt.getTime() ? b : a) : (a ?? b);

/** The sync_runs job of an operation: "refresh all data" is the full sync's. */
export function operationJobName(operation: Operation): string {
  return operation === 'refresh' ? FULL_SYNC_JOB : maintenanceJobName(operation);
}

/**
 * The newest run of every operation and the newest full sync's steps, and the newest start-up run of each job: the operations tab polls this while a run is
 * under way (a maintenance POST answers only when done; a refresh answers 202 at once), so any admin on any instance
 * sees the same live state.
 */
export async function listOperationRuns(
  deps: { db: Db; config: SyncStatusDeps['config'] },
  now: Date,
): Promise<OperationRunsResponse> {
  const jobs = [...OPERATIONS.map(operationJobName), FIRST_START_REFRESH_JOB];
  const [rows, startupRows] = await Promise.all([selectLatestRunsOf(deps.db, jobs), selectLatestStartupRuns(deps.db)]);
  const byJob = new Map(rows.map((row) => [row.job, row]));
  const redact = (errors: string[]) => errors.map((message) => redactConfigSecrets(deps.config, message));
  const toRun = (row: RunRow) => ({
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    counts: row.counts,
    errors: redact(row.errors),
  });
  // "Refresh all data" as the operator knows it: the full sync, or the first-start refresh (market + TVL) the server
  // runs at start-up under its own job name, whichever is newer (a failed start-up refresh read "never run").
  const refresh = newestOf(byJob.get(FULL_SYNC_JOB), byJob.get(FIRST_START_REFRESH_JOB));
  const steps = refresh ? await selectSourceRunsBetween(deps.db, refresh.startedAt, refresh.finishedAt) : [];
  return {
    items: OPERATIONS.map((operation) => {
      const row = operation === 'refresh' ? refresh : byJob.get(operationJobName(operation));
      return { operation, job: row?.job ?? operationJobName(operation), run: row ? toRun(row) : null };
    }),
    startup: startupRows.map((row) => ({ job: row.job, run: toRun(row) })),
    refreshSteps: steps.map((step) => ({
      job: step.job,
      status: step.status,
      startedAt: step.startedAt.toISOString(),
      errors: redact(step.errors),
    })),
    refreshTotalSteps: SOURCE_NAMES.length,
    asOf: now.toISOString(),
  };
}
