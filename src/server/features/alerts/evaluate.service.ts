import { HEAT_HYSTERESIS_POINTS } from '../../../shared/api/alerts.values.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { advanceAlerts, type EvaluationPass, lockEvaluation } from './evaluate.queries.ts';

// The band lives in the contract, so the /alerts page states the same re-arm line the evaluation uses.
export { HEAT_HYSTERESIS_POINTS } from '../../../shared/api/alerts.values.ts';

/**
 * evaluated: active alerts whose target had a value (the others kept their state untouched); fired: alerts that went
 * from armed to fired in this pass (baselines excluded); notifications and deliveries: rows queued for them.
 */
export type EvaluationResult = EvaluationPass;

/**
 * Evaluates every active alert after a heat recompute, in one set-based pass (docs/alert-evaluation.md): one
 * statement reads every alert's current value, decides, moves armed→fired / fired→armed, and for the alerts that
 * fired writes one notification each (idempotent by `alert:<id>:<firing time>`) and their pending deliveries (e-mail
 * when enabled, webhook when set), which deliverDueAlerts sends. The number of statements does not depend on the
 * number of alerts. Safe to run concurrently (two instances, the CLI beside the job): passes take turns on a
 * transaction advisory lock, so the second reads what the first committed, and the UPDATE's WHERE on the state it
 * read would skip a row moved meanwhile anyway. `alertId` evaluates that one alert alone (its first evaluation, right
 * after the API created it or changed its threshold), with the same rules and the same lock.
 */
export async function evaluateAlerts(db: Db, now: Date, options: { alertId?: string } = {}): Promise<EvaluationResult> {
  return withTransaction(db, async (tx) => {
    await lockEvaluation(tx);
    return advanceAlerts(tx, {
      now,
      baselineOldest: new Date(now.getTime() - 2 * DAY_MS),
      baselineLatest: new Date(now.getTime() - DAY_MS),
      band: HEAT_HYSTERESIS_POINTS,
      alertId: options.alertId,
    });
  });
}

/**
 * What a delivery carries (alert_deliveries.payload, written by the evaluation): the webhook body's fields but its
 * `id` (the delivery's own id, added when it is sent), plus the target's name for the e-mail.
 */
export type DeliveryPayload = {
  alert: { id: string; kind: string; targetType: string; targetId: string; threshold: number | null };
  targetName: string;
  /** Heat, rank or signed 24 h change, rounded as shown (one decimal); the new trend for trend_change. */
  value: number | string | null;
  /** trend_change only. */
  previousTrend?: string | null;
  firedAt: string;
};
