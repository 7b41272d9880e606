import { type SQL, sql } from 'drizzle-orm';
import { LEVEL_POINT_THRESHOLDS } from '../../../shared/membership/level.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { projectRowAt } from '../../db/history-at.ts';

/**
 * Passes take turns (held until the transaction ends): a second concurrent pass waits, then reads the state the first
 * committed, instead of both locking thousands of alert rows in different orders (a deadlock). Same key space as the
 * job locks (runs/job-lock.ts), under a name no job has.
 */
export async function lockEvaluation(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002, hashtext('alert-evaluation'))`);
}

/** What one pass did: alerts evaluated (their target had a value), fired, notifications and deliveries queued. */
export type EvaluationPass = { evaluated: number; fired: number; notifications: number; deliveries: number };

export type EvaluationWindow = {
  now: Date;
  /** The project baseline run for the 24 h change is the newest 'run' row in [baselineOldest, baselineLatest]. */
  baselineOldest: Date;
  baselineLatest: Date;
  /** The heat hysteresis band in points (HEAT_HYSTERESIS_POINTS). */
  band: number;
  /** Only this alert (its first evaluation right after it was created or given a new threshold); all when absent. */
  alertId?: string;
};

/**
 * The whole evaluation as ONE statement, whatever the number of alerts:
 * 1. `observed`: every active alert of an owner whose level includes alerts, with its target's current value — project heat (project_scores), overall rank
 *    among scored projects (rank() over the hottest ones down to the coolest a rank alert watches), heat minus
 *    the 24 h baseline run's heat (heat_history, one primary-key probe per change alert); sector heat, rank among
 *    sectors with a heat, change_24h and trend (sectors).
 * 2. `decided`: drops alerts whose target has no value (kept untouched), and decides `holds` (the condition) and
 *    `releases` (the condition stopped holding, past the band) per kind.
 * 3. `advanced`: one UPDATE of every decided alert — state, last value/trend, evaluation time, and the firing time
 *    for those that fire. Its WHERE repeats the state and evaluation time the statement read: a concurrent pass that
 *    got there first (another instance, the CLI) changed them, so this one skips the row instead of firing it twice.
 * 4. For the alerts that fired: one `alert_fired` notification each (dedupe key `alert:<id>:<firing time ISO>`,
 *    ON CONFLICT DO NOTHING as notify() does) and their pending deliveries (e-mail when enabled, webhook when set),
 *    as INSERT … SELECT in the same statement — nothing travels to the application and back.
 * One result row: the counts.
 * Values are decided as shown: heat and changes rounded to one decimal (ranks are whole), so an alert never reads
 * "60.0" beside "above 60" without having fired; the stored last value, the notification and the deliveries carry
 * that same rounded value.
 * Firing: armed → fired when the condition holds. A first pass (last_evaluated_at null) fires too when the condition
 * already holds — the alert was met at creation, and the user hears about it at once (docs/alert-evaluation.md).
 * trend_change fires on every change of the trend against last_trend (its first pass only records the trend), and is
 * armed again on the next pass.
 */
export async function advanceAlerts(db: Db, w: EvaluationWindow): Promise<EvaluationPass> {
  const [row] = await queryRows<EvaluationPass>(db, advanceAlertsSql(w));
  return row ?? { evaluated: 0, fired: 0, notifications: 0, deliveries: 0 };
}

/** The statement of advanceAlerts (exported for the bench's EXPLAIN). */
export function advanceAlertsSql(w: EvaluationWindow) {
  const now = w.now.toISOString();
  const firedAt = now;
  const onlyAlert = (column: SQL) => (w.alertId ? sql`AND ${column} = ${w.alertId}::uuid` : sql``);
  return sql`
      WITH baseline AS (
        SELECT max(computed_at) AS at FROM heat_runs
        WHERE granularity = 'run' AND projects
          AND computed_at >= ${w.baselineOldest.toISOString()}::timestamptz
          AND computed_at <= ${w.baselineLatest.toISOString()}::timestamptz
      ), project_ranks AS (
        -- Ranking every scored project is the costly part, so only the head of the heat index is ranked: down to the
        -- coolest project a rank alert watches (a rank counts only hotter projects, so these ranks are exact), and
        -- nothing at all without a project rank alert (the minimum is then null).
        SELECT project_id, rank() OVER (ORDER BY heat_score DESC NULLS LAST) AS rank
        FROM project_scores
        WHERE heat_score >= (
          SELECT min(w.heat_score) FROM alerts ra JOIN project_scores w ON w.project_id = ra.project_id
          WHERE ra.is_active AND ra.kind = 'rank_top' AND ra.target_type = 'project' ${onlyAlert(sql`ra.id`)}
        )
      ), sector_ranks AS (
        SELECT id, heat_score, change_24h, trend, rank() OVER (ORDER BY heat_score DESC) AS rank
        FROM sectors WHERE heat_score IS NOT NULL
      ), observed AS MATERIALIZED (
        SELECT a.id, a.kind, a.threshold, a.state, a.last_trend, a.last_evaluated_at,
          -- As shown: one decimal (a rank is whole already).
          round((CASE WHEN a.target_type = 'project' THEN
            CASE a.kind
              WHEN 'rank_top' THEN pr.rank::float8
              -- One primary-key probe of heat_history per change alert, not a scan of the whole baseline run: the
              -- project's row carried to the baseline run (db/history-at.ts).
              WHEN 'heat_change_24h' THEN ps.heat_score - ${projectRowAt(sql`a.project_id`, sql`(SELECT at FROM baseline)`, sql`score`)}
              WHEN 'trend_change' THEN NULL
              ELSE ps.heat_score
            END
          ELSE
            CASE a.kind
              WHEN 'rank_top' THEN sr.rank::float8
              WHEN 'heat_change_24h' THEN sr.change_24h
              WHEN 'trend_change' THEN NULL
              ELSE sr.heat_score
            END
          END)::numeric, 1)::float8 AS value,
          CASE WHEN a.kind = 'trend_change' AND a.target_type = 'sector' THEN sr.trend END AS trend,
          (up.points >= ${LEVEL_POINT_THRESHOLDS.vip} OR (up.membership_level = 'vip' AND up.membership_expires_at > ${now}::timestamptz))
            AS owner_vip
        FROM alerts a
        -- The owner's level now (computeEffectiveLevel in SQL: points, or a paid plan still running). A plan that has
        -- ended leaves its alerts dormant — untouched, nothing sent — until the level includes alerts again.
        JOIN user_profiles up ON up.id = a.user_id
          AND (up.points >= ${LEVEL_POINT_THRESHOLDS.premium}
            OR (up.membership_level IN ('premium', 'vip') AND up.membership_expires_at > ${now}::timestamptz))
        LEFT JOIN project_scores ps ON ps.project_id = a.project_id
        LEFT JOIN project_ranks pr ON a.kind = 'rank_top' AND pr.project_id = a.project_id
        LEFT JOIN sector_ranks sr ON sr.id = a.sector_id
        WHERE a.is_active ${onlyAlert(sql`a.id`)}
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
          ((d.last_evaluated_at IS NULL OR d.state = 'armed' OR d.kind = 'trend_change')
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
          a.webhook_url IS NOT NULL AND n.owner_vip AS has_webhook, n.fires
      ), fired AS (
        SELECT f.*, coalesce(p.name, s.name, f.target_id) AS target_name,
          CASE WHEN f.kind = 'trend_change' THEN to_jsonb(f.trend) ELSE to_jsonb(f.value) END AS shown_value,
          CASE WHEN f.kind = 'trend_change' THEN jsonb_build_object('previousTrend', f.previous_trend)
            ELSE '{}'::jsonb END AS extra
        FROM advanced f
        LEFT JOIN projects p ON f.target_type = 'project' AND p.id = f.target_id
        LEFT JOIN sectors s ON f.target_type = 'sector' AND s.id = f.target_id
        WHERE f.fires
      ), notified AS (
        -- What notify() (notifications/notify.service.ts) does, set-based: idempotent by (user, dedupe key).
        -- Created at the firing time: the notification's time and the alert's last triggered time are one instant.
        INSERT INTO notifications (user_id, kind, params, link, dedupe_key, created_at)
        SELECT f.user_id, 'alert_fired',
          jsonb_build_object('alertId', f.id, 'kind', f.kind, 'targetType', f.target_type, 'targetId', f.target_id,
            'targetName', f.target_name, 'threshold', f.threshold, 'value', f.shown_value) || f.extra,
          -- The web app's pages: /project/:id (singular) and /sectors/:id.
          CASE f.target_type WHEN 'project' THEN '/project/' ELSE '/sectors/' END || f.target_id,
          'alert:' || f.id || ':' || ${firedAt}::text,
          ${now}::timestamptz
        FROM fired f
        ON CONFLICT (user_id, dedupe_key) DO NOTHING
        RETURNING 1
      ), queued AS (
        INSERT INTO alert_deliveries (alert_id, user_id, event_key, channel, payload, status, next_attempt_at)
        SELECT f.id, f.user_id, ${firedAt}::text, c.channel,
          jsonb_build_object('alert', jsonb_build_object('id', f.id, 'kind', f.kind, 'targetType', f.target_type,
              'targetId', f.target_id, 'threshold', f.threshold),
            'targetName', f.target_name, 'value', f.shown_value, 'firedAt', ${firedAt}::text) || f.extra,
          'pending', ${now}::timestamptz
        FROM fired f
        CROSS JOIN LATERAL (VALUES ('email', f.email_enabled), ('webhook', f.has_webhook)) AS c(channel, wanted)
        WHERE c.wanted
        ON CONFLICT (alert_id, event_key, channel) DO NOTHING
        RETURNING 1
      )
      SELECT
        (SELECT count(*)::int FROM advanced) AS evaluated,
        (SELECT count(*)::int FROM fired) AS fired,
        (SELECT count(*)::int FROM notified) AS notifications,
        (SELECT count(*)::int FROM queued) AS deliveries
    `;
}
