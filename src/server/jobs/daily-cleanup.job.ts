import { getSessionLifetime, purgeExpiredSessions } from '../features/auth/session.service.ts';
import { cleanupClientErrors } from '../features/client-errors/client-errors.service.ts';
import { cleanupNotifications } from '../features/notifications/notifications.service.ts';
import { cleanupQuotaUsage } from '../features/quotas/quotas.service.ts';
import { cleanupTaskRows } from '../features/tasks/cleanup.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Drops short-lived counters nothing reads after a day: quota windows and task progress, share tokens and ad views
 * older than two days; read notifications older than 90 days (any older than a year); sessions past their expiry or
 * absolute lifetime and spent or expired one-time links (a user who never signs in again would keep them otherwise);
 * crash reports older than 30 days.
 * Ledgers (points_history, user_tasks) are never touched.
 */
export const dailyCleanupJob: Job = {
  name: 'daily-cleanup',
  cron: '0 40 3 * * *',
  run: async (ctx) => {
    const now = ctx.now();
    const quotaRows = await cleanupQuotaUsage(ctx.db, now);
    const tasks = await cleanupTaskRows(ctx.db, now, ctx.config.DAY_TIME_ZONE);
    const notifications = await cleanupNotifications(ctx.db, now);
    const auth = await purgeExpiredSessions(ctx.db, now, getSessionLifetime(ctx.config));
    const clientErrors = await cleanupClientErrors(ctx.db, now);
    return { counts: { quotaRows, ...tasks, notifications, ...auth, clientErrors }, errors: [] };
  },
};
