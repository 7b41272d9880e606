import { OPERATIONS, type Operation, type OperationRunsResponse } from '../../../shared/api/admin-runs.schema.ts';
import type { Db } from '../../db/client.ts';
import { fullSyncJob } from '../../jobs/full-sync.job.ts';
import { redactConfigSecrets, type SyncStatusDeps } from '../../jobs/sync-status.ts';
import { SOURCE_NAMES } from '../ingestion/ingestion.service.ts';
import { selectLatestRunsOf, selectSourceRunsBetween } from './maintenance.queries.ts';
import { maintenanceJobName } from './maintenance.service.ts';

/** The sync_runs job of an operation: "refresh all data" is the full sync's. */
export function operationJobName(operation: Operation): string {
  return operation === 'refresh' ? fullSyncJob.name : maintenanceJobName(operation);
}

/**
 * The newest run of every operation and the newest full sync's steps: the operations tab polls this while a run is
 * under way (a maintenance POST answers only when done; a refresh answers 202 at once), so any admin on any instance
 * sees the same live state.
 */
export async function listOperationRuns(
  deps: { db: Db; config: SyncStatusDeps['config'] },
  now: Date,
): Promise<OperationRunsResponse> {
  const jobs = OPERATIONS.map(operationJobName);
  const rows = await selectLatestRunsOf(deps.db, jobs);
  const byJob = new Map(rows.map((row) => [row.job, row]));
  const redact = (errors: string[]) => errors.map((message) => redactConfigSecrets(deps.config, message));
  const refresh = byJob.get(fullSyncJob.name);
  const steps = refresh ? await selectSourceRunsBetween(deps.db, refresh.startedAt, refresh.finishedAt) : [];
  return {
    items: OPERATIONS.map((operation) => {
      const job = operationJobName(operation);
      const row = byJob.get(job);
      return {
        operation,
        job,
        run: row
          ? {
              id: row.id,
              status: row.status,
              trigger: row.trigger,
              startedAt: row.startedAt.toISOString(),
              finishedAt: row.finishedAt?.toISOString() ?? null,
              durationMs: row.durationMs,
              counts: row.counts,
              errors: redact(row.errors),
            }
          : null,
      };
    }),
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
