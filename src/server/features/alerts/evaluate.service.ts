import { DAY_MS } from '../../../shared/scoring/index.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { advanceAlerts, type EvaluationPass, lockEvaluation } from './evaluate.queries.ts';

/**
 * Hysteresis band of the heat kinds, in heat points: a heat_above alert that fired is armed again only once the heat
 * is below `threshold − 1` (heat_below: above `threshold + 1`; heat_change_24h: |change| below `threshold − 1`), so
 * a heat jittering around the line does not fire on every recompute. Never more than half the threshold's distance
 * to the scale's end, so a threshold of 0.5 (or a heat_below at 99.5) can still re-arm. rank_top has no band.
 */
export const HEAT_HYSTERESIS_POINTS = 1;

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
 * read would skip a row moved meanwhile anyway.
 */
export async function evaluateAlerts(db: Db, now: Date): Promise<EvaluationResult> {
  return withTransaction(db, async (tx) => {
    await lockEvaluation(tx);
    return advanceAlerts(tx, {
      now,
      baselineOldest: new Date(now.getTime() - 2 * DAY_MS),
      baselineLatest: new Date(now.getTime() - DAY_MS),
      band: HEAT_HYSTERESIS_POINTS,
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
  /** Heat, rank or signed 24 h change; the new trend for trend_change. */
  value: number | string | null;
  /** trend_change only. */
  previousTrend?: string | null;
  firedAt: string;
};
