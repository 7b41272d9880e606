import { expirePoints } from '../features/points/expiry.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Expires unspent points older than POINTS_EXPIRY_DAYS (0, the default: nothing expires). Daily at 16:10 UTC, just
 * after midnight in Asia/Shanghai; the ledger key is the zone's day, so a rerun the same day changes nothing.
 */
export const pointsExpiryJob: Job = {
  name: 'points-expiry',
  cron: '0 10 16 * * *',
  run: async (ctx) => {
    const counts = await expirePoints(ctx.db, {
      now: ctx.now(),
      days: ctx.config.POINTS_EXPIRY_DAYS,
      timeZone: ctx.config.DAY_TIME_ZONE,
    });
    return { counts, errors: [] };
  },
};
