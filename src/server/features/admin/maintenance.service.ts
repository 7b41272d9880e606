import type { MaintenanceAction, MaintenanceResponse } from '../../../shared/api/admin-ops.schema.ts';
import type { Db, DbKind } from '../../db/client.ts';
import { refreshTableStatistics } from '../../db/maintenance.ts';
import { AppError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { JobOutcome } from '../../runs/job.ts';
import { type RunTrigger, runRecordedJob } from '../../runs/run-log.ts';
import { compactHeatHistory } from '../heat/retention.service.ts';
import { refreshSectorAggregates } from '../sectors/sectors.service.ts';
import { deleteUnnamedProjects, selectSectorCounts, vacuumAnalyze } from './maintenance.queries.ts';

export type MaintenanceDeps = { db: Db; dbKind: DbKind; events?: Pick<EventBus, 'publish'> };

/**
 * The sync_runs job name (and lock) of an action. History compaction is the hourly history-retention job run now:
 * the same lock, so an admin's run and the scheduled one never overlap.
 */
export function maintenanceJobName(action: MaintenanceAction): string {
  return action === 'compact-history' ? 'history-retention' : `maintenance:${action}`;
}

async function recountSectors(db: Db): Promise<{ sectors: number; changed: number }> {
  const before = await selectSectorCounts(db);
  await refreshSectorAggregates(db);
  const after = await selectSectorCounts(db);
  let changed = 0;
  for (const [id, n] of after) if (before.get(id) !== n) changed++;
  return { sectors: after.size, changed };
}

async function runAction(deps: MaintenanceDeps, action: MaintenanceAction, now: Date): Promise<JobOutcome> {
  const { db, dbKind } = deps;
  switch (action) {
    case 'remove-unnamed': {
      const removed = await deleteUnnamedProjects(db);
      const sectors = await recountSectors(db);
      if (removed.length > 0) await deps.events?.publish({ type: 'projects.updated', ids: removed });
      return { counts: { removed: removed.length, sectorsChanged: sectors.changed }, errors: [] };
    }
    case 'recount-sectors': {
      const { sectors, changed } = await recountSectors(db);
      if (changed > 0) await deps.events?.publish({ type: 'sectors.updated' });
      return { counts: { sectors, changed }, errors: [] };
    }
    case 'vacuum':
      return { counts: { tables: await vacuumAnalyze(db) }, errors: [] };
    case 'compact-history': {
      const counts = await compactHeatHistory(db, now);
      // As the hourly job does: PGlite has no autovacuum to reuse the space of the rows just deleted.
      if (dbKind === 'pglite') await refreshTableStatistics(db, dbKind, ['heat_history']);
      return { counts, errors: [] };
    }
  }
}

/**
 * Runs one maintenance action now, recorded in sync_runs (job maintenanceJobName(action), its counts) under the job's
 * lock (advisory on PostgreSQL). Throws AppError MAINTENANCE_RUNNING (409) when the same action already runs on any
 * instance; a failure inside the action is recorded and answered as status 'failed' with its error message.
 */
export async function runMaintenance(
  deps: MaintenanceDeps,
  action: MaintenanceAction,
  options: { trigger: RunTrigger; instance: string; now?: () => Date },
): Promise<MaintenanceResponse> {
  const now = options.now ?? (() => new Date());
  const run = await runRecordedJob(
    deps.db,
    deps.dbKind,
    { job: maintenanceJobName(action), trigger: options.trigger, instance: options.instance, now },
    () => runAction(deps, action, now()),
  );
  if (!run.ran) throw new AppError('MAINTENANCE_RUNNING', { action });
  return {
    action,
    runId: run.id,
    status: run.status,
    counts: run.outcome.counts,
    errors: run.outcome.errors,
    finishedAt: now().toISOString(),
  };
}
