import { deliverDueAlerts } from '../features/alerts/deliveries.service.ts';
import type { Job } from '../runs/job.ts';

/**
 * Sends due alert deliveries every minute: e-mails and signed webhooks, retried with back-off (WEBHOOK_BACKOFF_SECONDS)
 * until delivered or out of attempts. Safe on several instances: each claims its rows with FOR UPDATE SKIP LOCKED.
 */
export const alertDeliveriesJob: Job = {
  name: 'alert-deliveries',
  everyMs: 60_000,
  run: async (ctx) => {
    const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, signal: ctx.signal };
    const result = await deliverDueAlerts(deps, ctx.now());
    return { counts: { ...result }, errors: [] };
  },
};
