import { refreshTableStatistics } from '../db/maintenance.ts';
import { compactHeatHistory } from '../features/heat/retention.service.ts';
import type { Job } from '../runs/job.ts';

/** Compacts heat_history every hour (runs 48 h → hourly 30 days → daily), at :07 to stay clear of the heat slots. */
export const historyRetentionJob: Job = {
  name: 'history-retention',
  cron: '0 7 * * * *',
  run: async (ctx) => {
    const counts = await compactHeatHistory(ctx.db, ctx.now());
    // PGlite has no autovacuum: without this the space of compacted rows would never be reused.
    if (ctx.dbKind === 'pglite') await refreshTableStatistics(ctx.db, ctx.dbKind, ['heat_history']);
    return { counts, errors: [] };
  },
};
