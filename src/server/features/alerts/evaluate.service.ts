import { DAY_MS } from '../../../shared/scoring/index.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type NewNotification, notify } from '../notifications/notify.ts';
import {
  advanceAlerts,
  type FiredAlert,
  insertDeliveries,
  lockEvaluation,
  type NewDelivery,
} from './evaluate.queries.ts';

/**
 * Hysteresis band of the heat kinds, in heat points: a heat_above alert that fired is armed again only once the heat
 * is below `threshold − 1` (heat_below: above `threshold + 1`; heat_change_24h: |change| below `threshold − 1`), so
 * a heat jittering around the line does not fire on every recompute. Never more than half the threshold's distance
 * to the scale's end, so a threshold of 0.5 (or a heat_below at 99.5) can still re-arm. rank_top has no band.
 */
export const HEAT_HYSTERESIS_POINTS = 1;
/** Notifications per insert statement (5 parameters a row, far below PostgreSQL's 65,535). */
const NOTIFY_CHUNK = 2_000;

export type EvaluationResult = {
  /** Active alerts whose target had a value (the others kept their state untouched). */
  evaluated: number;
  /** Alerts that went from armed to fired in this pass (baselines excluded). */
  fired: number;
  notifications: number;
  deliveries: number;
};

/**
 * Evaluates every active alert after a heat recompute, in one set-based pass (docs/alert-evaluation.md): one
 * statement reads every alert's current value, decides, and moves armed→fired / fired→armed; then, in the same
 * transaction, one notification per newly fired alert (idempotent by `alert:<id>:<firing time>`) and its pending
 * deliveries (e-mail when enabled, webhook when set), which deliverDueAlerts sends. The number of statements does
 * not depend on the number of alerts. Safe to run concurrently (two instances, the CLI beside the job): passes take
 * turns on a transaction advisory lock, so the second reads what the first committed, and the UPDATE's WHERE on the
 * state it read would skip a row moved meanwhile anyway.
 */
export async function evaluateAlerts(db: Db, now: Date): Promise<EvaluationResult> {
  return withTransaction(db, async (tx) => {
    await lockEvaluation(tx);
    const pass = await advanceAlerts(tx, {
      now,
      baselineOldest: new Date(now.getTime() - 2 * DAY_MS),
      baselineLatest: new Date(now.getTime() - DAY_MS),
      band: HEAT_HYSTERESIS_POINTS,
    });
    const firedAt = now.toISOString();
    let notifications = 0;
    const rows = pass.fired.map((alert) => toNotification(alert, firedAt));
    for (let start = 0; start < rows.length; start += NOTIFY_CHUNK) {
      notifications += await notify(tx, rows.slice(start, start + NOTIFY_CHUNK));
    }
    const deliveries = await insertDeliveries(
      tx,
      pass.fired.flatMap((alert) => toDeliveries(alert, firedAt, now)),
    );
    return { evaluated: pass.evaluated, fired: pass.fired.length, notifications, deliveries };
  });
}

/** The notification of one firing (params as notifications.schema.ts lists them; trend_change adds previousTrend). */
function toNotification(alert: FiredAlert, firedAt: string): NewNotification {
  return {
    userId: alert.userId,
    kind: 'alert_fired',
    params: {
      alertId: alert.id,
      kind: alert.kind,
      targetType: alert.targetType,
      targetId: alert.targetId,
      targetName: alert.targetName,
      threshold: alert.threshold,
      value: alert.kind === 'trend_change' ? alert.trend : alert.value,
      ...(alert.kind === 'trend_change' ? { previousTrend: alert.previousTrend } : {}),
    },
    link: `/${alert.targetType === 'project' ? 'projects' : 'sectors'}/${encodeURIComponent(alert.targetId)}`,
    dedupeKey: `alert:${alert.id}:${firedAt}`,
  };
}

/** What a delivery carries: the webhook body minus its `id` (the delivery's own id, added when it is sent). */
export type DeliveryPayload = {
  alert: { id: string; kind: string; targetType: string; targetId: string; threshold: number | null };
  targetName: string;
  value: number | string | null;
  previousTrend?: string | null;
  firedAt: string;
};

function toDeliveries(alert: FiredAlert, firedAt: string, now: Date): NewDelivery[] {
  const payload: DeliveryPayload = {
    alert: {
      id: alert.id,
      kind: alert.kind,
      targetType: alert.targetType,
      targetId: alert.targetId,
      threshold: alert.threshold,
    },
    targetName: alert.targetName,
    value: alert.kind === 'trend_change' ? alert.trend : alert.value,
    ...(alert.kind === 'trend_change' ? { previousTrend: alert.previousTrend } : {}),
    firedAt,
  };
  const base = { alertId: alert.id, userId: alert.userId, eventKey: firedAt, payload, nextAttemptAt: now };
  const out: NewDelivery[] = [];
  if (alert.emailEnabled) out.push({ ...base, channel: 'email' });
  if (alert.hasWebhook) out.push({ ...base, channel: 'webhook' });
  return out;
}
