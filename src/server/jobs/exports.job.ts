import { runDueSchedules } from '../features/exports/export-schedules.service.ts';
import { maintainExports } from '../features/exports/exports.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Every minute: runs the due scheduled exports (each period claimed once across instances), runs exports a stopped
 * instance left processing (each under its own lock), and deletes exports past EXPORT_RETENTION_DAYS with their files.
 */
export const exportsJob: Job = {
  name: 'exports',
  everyMs: 60_000,
  run: async (ctx) => {
    const now = ctx.now();
    const deps = { db: ctx.db, dbKind: ctx.dbKind, config: ctx.config, mailer: ctx.mailer, log: ctx.log };
    const scheduled = await runDueSchedules(deps, now);
    const upkeep = await maintainExports(deps, now);
    return { counts: { ...scheduled, ...upkeep }, errors: [] };
  },
};
