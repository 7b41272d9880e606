import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_BACKOFF_SECONDS, WEBHOOK_MAX_ATTEMPTS } from '../../../shared/api/alerts.schema.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/locales/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { decryptSecret } from '../../secret-crypto.ts';
import { getAppUrl } from '../auth/auth.service.ts';
import { alertTargetUrl, composeAlertMail } from './alert-mail.ts';
import {
  type AttemptResult,
  type ClaimedDelivery,
  claimDueDeliveries,
  updateDeliveryAttempt,
} from './deliveries.queries.ts';
import type { DeliveryPayload } from './evaluate.service.ts';
import { postWebhook, truncate, WEBHOOK_TIMEOUT_MS } from './webhook-send.ts';

export type DeliveryDeps = {
  db: Db;
  config: Config;
  mailer: Pick<Mailer, 'send'>;
  /** Webhook timeout (tests shorten it). */
  webhookTimeoutMs?: number;
  /** The server's stop signal: no new batch is claimed, open webhooks are aborted and left for the next run. */
  signal?: AbortSignal;
};

export type DeliveryRunResult = { claimed: number; delivered: number; retrying: number; failed: number };

/** Deliveries claimed per statement, and sent at once (a slow receiver holds one slot, not the run). */
const CLAIM_BATCH = 50;
const PARALLEL_SENDS = 8;
/** Claimed rows are invisible to other runs this long: more than a webhook's timeout plus the bookkeeping. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** A run stops claiming new batches after this long, so the every-minute job does not pile up behind itself. */
const RUN_BUDGET_MS = 45_000;

/**
 * Sends every due pending delivery (docs/alert-evaluation.md "Delivery"): claims a batch (safe across instances),
 * sends it — e-mail through the mailer (queued in mail_outbox), webhook as a signed POST — and records each attempt:
 * delivered on success; otherwise attempts + 1, the status code and a short error, the next attempt after
 * WEBHOOK_BACKOFF_SECONDS[attempts − 1], or 'failed' after WEBHOOK_MAX_ATTEMPTS. `now` is the run's clock for every
 * timestamp (tests pin it); the run ends when nothing is due or its time budget is spent.
 */
export async function deliverDueAlerts(deps: DeliveryDeps, now: Date): Promise<DeliveryRunResult> {
  const totals: DeliveryRunResult = { claimed: 0, delivered: 0, retrying: 0, failed: 0 };
  const started = performance.now();
  while (performance.now() - started < RUN_BUDGET_MS && !deps.signal?.aborted) {
    const batch = await claimDueDeliveries(deps.db, now, new Date(now.getTime() + CLAIM_LEASE_MS), CLAIM_BATCH);
    if (batch.length === 0) break;
    totals.claimed += batch.length;
    for (let start = 0; start < batch.length; start += PARALLEL_SENDS) {
      const results = await Promise.all(
        batch.slice(start, start + PARALLEL_SENDS).map((d) => deliverOne(deps, d, now)),
      );
      for (const status of results) {
        if (status === 'delivered') totals.delivered++;
        else if (status === 'failed') totals.failed++;
        else totals.retrying++;
      }
    }
    if (batch.length < CLAIM_BATCH) break;
  }
  return totals;
}

async function deliverOne(deps: DeliveryDeps, delivery: ClaimedDelivery, now: Date): Promise<AttemptResult['status']> {
  const attempt = await attemptDelivery(deps, delivery, now).catch((error: unknown) => ({
    ok: false,
    statusCode: null,
    error: truncate(error instanceof Error ? error.message : String(error)),
  }));
  // Cut short by a stop: not an attempt. The claim's lease runs out and the next run (on any instance) sends it.
  if (deps.signal?.aborted) return 'pending';
  const result = toAttemptResult(attempt, delivery.attempts + 1, now);
  await updateDeliveryAttempt(deps.db, delivery.id, delivery.attempts, result);
  return result.status;
}

type Attempt = { ok: boolean; statusCode: number | null; error: string | null };

async function attemptDelivery(deps: DeliveryDeps, delivery: ClaimedDelivery, now: Date): Promise<Attempt> {
  const payload = delivery.payload as DeliveryPayload;
  if (delivery.channel === 'email') {
    if (!delivery.email) return { ok: false, statusCode: null, error: 'the account has no e-mail address' };
    // Retried on the usual schedule: verifying the address within it lets the e-mail go out.
    if (!delivery.emailVerified)
      return { ok: false, statusCode: null, error: "the account's e-mail address is not verified" };
    // The account's chosen language (saved from any device), else zh, the product's default.
    const lang: Language = delivery.language === 'en' ? 'en' : DEFAULT_LANGUAGE;
    await deps.mailer.send(deps.db, composeAlertMail(delivery.email, payload, lang, getAppUrl(deps.config)));
    return { ok: true, statusCode: null, error: null };
  }
  if (!delivery.webhookUrl) return { ok: false, statusCode: null, error: 'the alert no longer has a webhook' };
  const secret = readSecret(delivery.webhookSecret, deps.config.SECRET_KEY);
  if (secret === null) return { ok: false, statusCode: null, error: 'the webhook signing secret is unavailable' };
  const body = JSON.stringify({
    id: delivery.id,
    alert: payload.alert,
    targetName: payload.targetName,
    value: payload.value,
    ...(payload.previousTrend !== undefined ? { previousTrend: payload.previousTrend } : {}),
    link: alertTargetUrl(getAppUrl(deps.config), payload.alert),
    firedAt: payload.firedAt,
  });
  return postWebhook(delivery.webhookUrl, secret, body, now, {
    timeoutMs: deps.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    allowPrivate: deps.config.ALERT_WEBHOOK_ALLOW_PRIVATE,
    signal: deps.signal,
  });
}

/** The decrypted signing secret, or null without SECRET_KEY or when it does not decrypt (never logged). */
function readSecret(encrypted: string | null, key: string | undefined): string | null {
  if (!encrypted || !key) return null;
  try {
    return decryptSecret(encrypted, key);
  } catch {
    return null;
  }
}

/** Delivered, or retried after WEBHOOK_BACKOFF_SECONDS[attempts − 1], or failed after WEBHOOK_MAX_ATTEMPTS. */
export function toAttemptResult(attempt: Attempt, attempts: number, now: Date): AttemptResult {
  if (attempt.ok) {
    return { status: 'delivered', statusCode: attempt.statusCode, error: null, nextAttemptAt: null, deliveredAt: now };
  }
  const delay = WEBHOOK_BACKOFF_SECONDS[attempts - 1];
  if (attempts >= WEBHOOK_MAX_ATTEMPTS || delay === undefined) {
    return {
      status: 'failed',
      statusCode: attempt.statusCode,
      error: attempt.error,
      nextAttemptAt: null,
      deliveredAt: null,
    };
  }
  return {
    status: 'pending',
    statusCode: attempt.statusCode,
    error: attempt.error,
    nextAttemptAt: new Date(now.getTime() + delay * 1000),
    deliveredAt: null,
  };
}

/**
 * Starts a delivery run in the background right after a recompute fired alerts, so they do not wait for the next
 * minute; never awaited by the recompute (a slow webhook must not hold it). Failures are logged; the every-minute
 * job picks up whatever this run did not finish.
 */
export function startDeliveries(deps: DeliveryDeps & { log?: FastifyBaseLogger }, now: Date): void {
  const { log, ...delivery } = deps;
  deliverDueAlerts(delivery, now).catch((error: unknown) => {
    log?.error({ err: error }, 'alert deliveries after the recompute failed');
  });
}
