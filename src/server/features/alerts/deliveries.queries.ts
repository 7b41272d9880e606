import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { alertDeliveries } from '../../db/schema/index.ts';

/** A delivery claimed for one attempt, with what sending it needs. */
export type ClaimedDelivery = {
  id: string;
  alertId: string;
  channel: 'email' | 'webhook';
  payload: Record<string, unknown>;
  attempts: number;
  webhookUrl: string | null;
  webhookSecret: string | null;
  email: string | null;
  /** False while the account's e-mail was never verified: alert e-mails wait for it (docs/alert-evaluation.md). */
  emailVerified: boolean;
  /** The account's chosen language (user_profiles.language), null when never chosen. */
  language: string | null;
};

/**
 * Claims up to `limit` due pending deliveries for this process: their next_attempt_at moves to `leaseUntil`, so no
 * other instance (or overlapping run) picks them up while they are being sent; FOR UPDATE SKIP LOCKED lets two
 * instances claim at the same moment without waiting on or taking each other's rows. A process that dies mid-send
 * leaves its rows to be claimed again once the lease ends (an at-least-once delivery, which the body's id lets a
 * receiver deduplicate).
 */
export function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number) {
  return queryRows<ClaimedDelivery>(
    db,
    sql`
      WITH claimed AS (
        UPDATE alert_deliveries d SET next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
        WHERE d.id IN (
          SELECT id FROM alert_deliveries
          WHERE status = 'pending' AND next_attempt_at <= ${now.toISOString()}::timestamptz
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING d.id, d.alert_id, d.user_id, d.channel, d.payload, d.attempts
      )
      SELECT c.id, c.alert_id AS "alertId", c.channel, c.payload, c.attempts,
        a.webhook_url AS "webhookUrl", a.webhook_secret AS "webhookSecret", u.email,
        u.email_verified_at IS NOT NULL AS "emailVerified", p.language
      FROM claimed c
      JOIN alerts a ON a.id = c.alert_id
      JOIN users u ON u.id = c.user_id
      LEFT JOIN user_profiles p ON p.id = c.user_id
    `,
  );
}

export type AttemptResult = {
  status: 'pending' | 'delivered' | 'failed';
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
};

/** Records one attempt of a claimed delivery (only if nobody else recorded it since the claim). */
export async function updateDeliveryAttempt(db: Db, id: string, claimedAttempts: number, result: AttemptResult) {
  await db
    .update(alertDeliveries)
    .set({
      status: result.status,
      attempts: claimedAttempts + 1,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      nextAttemptAt: result.nextAttemptAt,
      deliveredAt: result.deliveredAt,
    })
    .where(
      and(
        eq(alertDeliveries.id, id),
        eq(alertDeliveries.status, 'pending'),
        eq(alertDeliveries.attempts, claimedAttempts),
      ),
    );
}
