import { cleanupQuotaUsage } from '../features/quotas/quotas.service.ts';
import type { Job } from './job.ts';

/** Drops quota counters of windows older than two days (nothing reads them: the longest window is a day). */
export const quotaCleanupJob: Job = {
  name: 'quota-cleanup',
  cron: '0 40 3 * * *',
  run: async (ctx) => {
    const deleted = await cleanupQuotaUsage(ctx.db, ctx.now());
    return { counts: { deleted }, errors: [] };
  },
};
