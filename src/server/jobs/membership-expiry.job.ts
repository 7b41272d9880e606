import { notifyExpiringMemberships } from '../features/notifications/membership-expiry.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Warns users whose paid plan ends within three days (one notification per plan end, so a rerun adds nothing).
 * Daily 01:20 UTC (09:20 in Asia/Shanghai: read in the morning).
 */
export const membershipExpiryJob: Job = {
  name: 'membership-expiry',
  cron: '0 20 1 * * *',
  run: async (ctx) => {
    const counts = await notifyExpiringMemberships(ctx.db, ctx.now());
    return { counts, errors: [] };
  },
};
