import { sql } from 'drizzle-orm';
import type { AlertKind, AlertTargetType } from '../../../shared/api/alerts.schema.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { alertDeliveries } from '../../db/schema/index.ts';

/**
 * Passes take turns (held until the transaction ends): a second concurrent pass waits, then reads the state the first
 * committed, instead of both locking thousands of alert rows in different orders (a deadlock). Same key space as the
 * job locks (jobs/job-lock.ts), under a name no job has.
 */
export async function lockEvaluation(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002, hashtext('alert-evaluation'))`);
}

/** One alert that went from armed to fired in this pass (and is not a baseline pass). */
export type FiredAlert = {
  id: string;
  userId: string;
  kind: AlertKind;
  targetType: AlertTargetType;
  targetId: string;
  targetName: string;
  threshold: number | null;
  /** Heat, rank or signed 24 h change; null for trend_change. */
  value: number | null;
  /** trend_change: the new trend and the one before it. */
  trend: string | null;
  previousTrend: string | null;
  emailEnabled: boolean;
  hasWebhook: boolean;
};

export type EvaluationPass = { evaluated: number; fired: FiredAlert[] };

export type EvaluationWindow = {
  now: Date;
  /** The project baseline run for the 24 h change is the newest 'run' row in [baselineOldest, baselineLatest]. */
  baselineOldest: Date;
  baselineLatest: Date;
  /** The heat hysteresis band in points (HEAT_HYSTERESIS_POINTS). */
  band: number;
};

/**
 * The whole evaluation as ONE statement, whatever the number of alerts:
 * 1. `observed`: every active alert with its target's current value — project heat (project_scores), overall rank
 *    among scored projects (rank() over the heat index), heat minus the 24 h baseline run's heat (heat_history, one
 *    primary-key probe per alert); sector heat, rank among sectors with a heat, change_24h and trend (sectors).
 * 2. `decided`: drops alerts whose target has no value (kept untouched), and decides `holds` (the condition) and
 *    `releases` (the condition stopped holding, past the band) per kind.
 * 3. `advanced`: one UPDATE of every decided alert — state, last value/trend, evaluation time, and the firing time
 *    for those that fire. Its WHERE repeats the state and evaluation time the statement read: a concurrent pass that
 *    got there first (another instance, the CLI) changed them, so this one skips the row instead of firing it twice.
 * 4. One result row: how many were evaluated and the fired ones as JSON.
 * Firing: armed → fired when the condition holds on a pass that has a previous evaluation (a crossing needs a before
 * and an after). A first pass (last_evaluated_at null) is a baseline: fired if the condition holds, no notification.
 * trend_change fires on every change of the trend against last_trend, and is armed again on the next pass.
 */
export async function advanceAlerts(db: Db, w: EvaluationWindow): Promise<EvaluationPass> {
  const now = w.now.toISOString();
  const rows = await queryRows<{ evaluated: number; fired: FiredAlertJson[] | null }>(
    db,
    sql`
      WITH baseline AS (
        SELECT max(computed_at) AS at FROM heat_history
        WHERE granularity = 'run' AND entity_type = 'project'
          AND computed_at >= ${w.baselineOldest.toISOString()}::timestamptz
          AND computed_at <= ${w.baselineLatest.toISOString()}::timestamptz
      ), project_ranks AS (
        SELECT project_id, heat_score, rank() OVER (ORDER BY heat_score DESC) AS rank
        FROM project_scores WHERE heat_score IS NOT NULL
      ), sector_ranks AS (
        SELECT id, heat_score, change_24h, trend, rank() OVER (ORDER BY heat_score DESC) AS rank
        FROM sectors WHERE heat_score IS NOT NULL
      ), observed AS (
        SELECT a.id, a.kind, a.threshold, a.state, a.last_trend, a.last_evaluated_at,
          CASE WHEN a.target_type = 'project' THEN
            CASE a.kind
              WHEN 'rank_top' THEN pr.rank::float8
              WHEN 'heat_change_24h' THEN pr.heat_score - h.score
              WHEN 'trend_change' THEN NULL
              ELSE pr.heat_score
            END
          ELSE
            CASE a.kind
              WHEN 'rank_top' THEN sr.rank::float8
              WHEN 'heat_change_24h' THEN sr.change_24h
              WHEN 'trend_change' THEN NULL
              ELSE sr.heat_score
            END
          END AS value,
          CASE WHEN a.kind = 'trend_change' AND a.target_type = 'sector' THEN sr.trend END AS trend
        FROM alerts a
        LEFT JOIN project_ranks pr ON pr.project_id = a.project_id
        LEFT JOIN heat_history h ON a.kind = 'heat_change_24h' AND h.entity_type = 'project'
          AND h.entity_id = a.project_id AND h.computed_at = (SELECT at FROM baseline)
        LEFT JOIN sector_ranks sr ON sr.id = a.sector_id
        WHERE a.is_active
      ), decided AS (
        SELECT o.*,
          CASE o.kind
            WHEN 'heat_above' THEN o.value >= o.threshold
            WHEN 'heat_below' THEN o.value <= o.threshold
            WHEN 'rank_top' THEN o.value <= o.threshold
            WHEN 'heat_change_24h' THEN abs(o.value) >= o.threshold
            ELSE o.last_trend IS NOT NULL AND o.trend <> o.last_trend
          END AS holds,
          CASE o.kind
            WHEN 'heat_above' THEN o.value < o.threshold - least(${w.band}::float8, o.threshold / 2)
            WHEN 'heat_below' THEN o.value > o.threshold + least(${w.band}::float8, greatest(100 - o.threshold, 0) / 2)
            WHEN 'rank_top' THEN o.value > o.threshold
            WHEN 'heat_change_24h' THEN abs(o.value) < o.threshold - least(${w.band}::float8, o.threshold / 2)
            ELSE NOT (o.last_trend IS NOT NULL AND o.trend <> o.last_trend)
          END AS releases
        FROM observed o
        WHERE (o.kind = 'trend_change' AND o.trend IS NOT NULL) OR (o.kind <> 'trend_change' AND o.value IS NOT NULL)
      ), next AS (
        SELECT d.*,
          CASE
            WHEN d.last_evaluated_at IS NULL THEN (CASE WHEN coalesce(d.holds, false) THEN 'fired' ELSE 'armed' END)
            WHEN d.state = 'armed' THEN (CASE WHEN coalesce(d.holds, false) THEN 'fired' ELSE 'armed' END)
            ELSE (CASE WHEN coalesce(d.releases, false) THEN 'armed' ELSE 'fired' END)
          END AS next_state,
          (d.last_evaluated_at IS NOT NULL AND (d.state = 'armed' OR d.kind = 'trend_change')
            AND coalesce(d.holds, false)) AS fires
        FROM decided d
      ), advanced AS (
        UPDATE alerts a SET
          state = n.next_state,
          last_value = n.value,
          last_trend = coalesce(n.trend, a.last_trend),
          last_evaluated_at = ${now}::timestamptz,
          last_triggered_at = CASE WHEN n.fires THEN ${now}::timestamptz ELSE a.last_triggered_at END
        FROM next n
        WHERE a.id = n.id AND a.is_active AND a.state = n.state
          AND a.last_evaluated_at IS NOT DISTINCT FROM n.last_evaluated_at
        RETURNING a.id, a.user_id, a.kind, a.target_type, coalesce(a.project_id, a.sector_id) AS target_id,
          a.threshold, n.value, n.trend, n.last_trend AS previous_trend, a.email_enabled,
          a.webhook_url IS NOT NULL AS has_webhook, n.fires
      )
      SELECT
        (SELECT count(*)::int FROM advanced) AS evaluated,
        (SELECT json_agg(json_build_object(
            'id', f.id, 'userId', f.user_id, 'kind', f.kind, 'targetType', f.target_type, 'targetId', f.target_id,
            'targetName', coalesce(p.name, s.name, f.target_id), 'threshold', f.threshold, 'value', f.value,
            'trend', f.trend, 'previousTrend', f.previous_trend, 'emailEnabled', f.email_enabled,
            'hasWebhook', f.has_webhook
          ) ORDER BY f.id)
          FROM advanced f
          LEFT JOIN projects p ON f.target_type = 'project' AND p.id = f.target_id
          LEFT JOIN sectors s ON f.target_type = 'sector' AND s.id = f.target_id
          WHERE f.fires) AS fired
    `,
  );
  const row = rows[0];
  return { evaluated: row?.evaluated ?? 0, fired: row?.fired ?? [] };
}

type FiredAlertJson = FiredAlert;

/** A delivery row to queue for one firing on one channel. */
export type NewDelivery = {
  alertId: string;
  userId: string;
  eventKey: string;
  channel: 'email' | 'webhook';
  payload: Record<string, unknown>;
  nextAttemptAt: Date;
};

/** Queues deliveries as multi-row inserts; the same firing on the same channel is never queued twice. */
export async function insertDeliveries(db: Db, rows: readonly NewDelivery[], chunk = 2_000): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += chunk) {
    const result = await db
      .insert(alertDeliveries)
      .values(rows.slice(start, start + chunk).map((r) => ({ ...r, status: 'pending' as const })))
      .onConflictDoNothing({ target: [alertDeliveries.alertId, alertDeliveries.eventKey, alertDeliveries.channel] })
      .returning({ id: alertDeliveries.id });
    inserted += result.length;
  }
  return inserted;
}
