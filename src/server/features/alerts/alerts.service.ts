import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Alert, AlertsResponse, CreateAlertBody, UpdateAlertBody } from '../../../shared/api/alerts.schema.ts';
import type { Language } from '../../../shared/locales/index.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, lockOwner } from '../../db/owner-lock.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { encryptSecret } from '../../secret-crypto.ts';
import { findStoredProjectId } from '../projects/projects.service.ts';
import { assertAlertSlot, quotaSubjectOf, readQuotas } from '../quotas/quotas.service.ts';
import { assertCondition, toShownThreshold } from './alert-conditions.ts';
import * as q from './alerts.queries.ts';
import { evaluateAlerts } from './evaluate.service.ts';

/** Who is asking: a signed-in viewer (the routes' feature guard ran), the request's language and the clock. */
export type AlertActor = {
  viewer: Viewer;
  userId: string;
  lang: Language;
  now: Date;
  /** SECRET_KEY: encrypts webhook signing secrets (undefined: webhooks are unavailable, 503). */
  secretKey: string | undefined;
  /** Where a failed first evaluation is reported (the scheduled pass evaluates the alert instead). */
  log?: FastifyBaseLogger;
};

/** How many deliveries the log shows per alert. */
export const DELIVERY_LOG_SIZE = 50;

export function toAlert(row: q.AlertRow, lang: Language): Alert {
  const targetId = (row.targetType === 'project' ? row.projectId : row.sectorId) ?? '';
  const targetName =
    row.targetType === 'project'
      ? (row.projectName ?? targetId)
      : ((lang === 'zh' ? row.sectorNameZh : null) ?? row.sectorName ?? targetId);
  return {
    id: row.id,
    targetType: row.targetType,
    targetId,
    targetName,
    kind: row.kind,
    threshold: row.threshold,
    email: row.emailEnabled,
    webhookUrl: row.webhookUrl,
    isActive: row.isActive,
    state: row.state,
    lastValue: row.lastValue,
    lastTrend: row.kind === 'trend_change' ? row.lastTrend : null,
    lastEvaluatedAt: row.lastEvaluatedAt?.toISOString() ?? null,
    lastTriggeredAt: row.lastTriggeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Webhooks are a vip feature (viewer level: test mode counts, like every check). Removing one is always allowed. */
function assertWebhookAllowed(actor: AlertActor, webhookUrl: string | null | undefined): void {
  if (!webhookUrl || actor.viewer.level === 'vip') return;
  throw new AppError('FEATURE_LOCKED_VIP', {}, { feature: 'alert_webhooks', requiredLevel: 'vip' });
}

/**
 * A new signing secret (32 random bytes, hex): the plaintext goes back to the user once, the ciphertext into the row.
 * Without SECRET_KEY there is no way to keep it, so webhooks answer 503 FEATURE_UNAVAILABLE.
 */
function newWebhookSecret(secretKey: string | undefined): { plain: string; stored: string } {
  if (!secretKey) throw new AppError('FEATURE_UNAVAILABLE', {}, { feature: 'alert_webhooks' });
  const plain = randomBytes(32).toString('hex');
  return { plain, stored: encryptSecret(plain, secretKey) };
}

async function readOwn(db: Db, actor: AlertActor, id: string): Promise<Alert> {
  const row = await q.selectOwnAlert(db, actor.userId, id);
  if (!row) throw new AppError('ALERT_NOT_FOUND');
  return toAlert(row, actor.lang);
}

/** GET /api/alerts: my alerts and the concurrent-alerts quota (alerts + search alerts, the level's limit). */
export async function listAlerts(db: Db, actor: AlertActor, ip: string, timeZone: string): Promise<AlertsResponse> {
  const [rows, quotas] = await Promise.all([
    q.selectAlerts(db, actor.userId),
    readQuotas(db, quotaSubjectOf(actor.viewer, ip), actor.now, timeZone),
  ]);
  const slot = quotas.find((quota) => quota.quota === 'concurrentAlerts');
  return {
    items: rows.map((row) => toAlert(row, actor.lang)),
    used: slot?.used ?? 0,
    limit: slot?.limit ?? 0,
  };
}

/** The unique index's refusal (one alert per condition), as the API says it: 409 ALERT_DUPLICATE. */
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('ALERT_DUPLICATE');
  throw error;
}

/**
 * The first evaluation of a new condition, at once (docs/alert-evaluation.md): against the target's current value,
 * the alert is armed, or fires with its notification and deliveries if the condition already holds. It runs after
 * the write has committed, in its own transaction, because a pass takes the evaluation lock and then the owner's row
 * (the notification's foreign key) — the opposite order of the write. If it fails, the alert stays never-evaluated
 * and the scheduled pass after the next recompute applies the same rule.
 */
async function evaluateFirst(db: Db, actor: AlertActor, id: string): Promise<void> {
  try {
    await evaluateAlerts(db, actor.now, { alertId: id });
  } catch (error) {
    actor.log?.error({ err: error, alertId: id }, 'the first evaluation of an alert failed');
  }
}

/**
 * Creates an active alert and evaluates it at once (evaluateFirst). The duplicate check, the slot check and the
 * insert run under the owner's row lock, so 50 parallel creations leave exactly the level's limit, and the unique
 * index keeps one alert per condition (409 ALERT_DUPLICATE) whatever reaches it.
 */
export async function createAlert(db: Db, actor: AlertActor, body: CreateAlertBody) {
  const threshold = toShownThreshold(body.kind, body.threshold ?? null);
  assertCondition(actor.lang, body.targetType, body.kind, threshold);
  assertWebhookAllowed(actor, body.webhookUrl);
  const targetId =
    body.targetType === 'project'
      ? await findStoredProjectId(db, body.targetId)
      : await q.selectSectorId(db, body.targetId);
  if (!targetId) {
    throw new AppError(body.targetType === 'project' ? 'PROJECT_NOT_FOUND' : 'SECTOR_NOT_FOUND', {
      id: body.targetId,
    });
  }
  const secret = body.webhookUrl ? newWebhookSecret(actor.secretKey) : null;
  const condition = {
    userId: actor.userId,
    kind: body.kind,
    projectId: body.targetType === 'project' ? targetId : null,
    sectorId: body.targetType === 'sector' ? targetId : null,
    threshold,
  };
  const id = await withTransaction(db, async (tx) => {
    if (!(await lockOwner(tx, actor.userId))) throw new AppError('SIGN_IN_REQUIRED');
    // Before the slot check: a duplicate is a duplicate even when the quota is full.
    if (await q.hasSameCondition(tx, condition)) throw new AppError('ALERT_DUPLICATE');
    await assertAlertSlot(tx, actor.viewer);
    return q.insertAlert(
      tx,
      {
        userId: actor.userId,
        targetType: body.targetType,
        projectId: body.targetType === 'project' ? targetId : null,
        sectorId: body.targetType === 'sector' ? targetId : null,
        kind: body.kind,
        threshold,
        emailEnabled: body.email ?? false,
        webhookUrl: body.webhookUrl ?? null,
        webhookSecret: secret?.stored ?? null,
      },
      actor.now,
    );
  }).catch(rethrowDuplicate);
  await evaluateFirst(db, actor, id);
  return { alert: await readOwn(db, actor, id), webhookSecret: secret?.plain ?? null };
}

/** Pausing, turning e-mail off or removing the webhook: what a user whose plan has ended may still do. */
function onlySwitchesOff(body: UpdateAlertBody): boolean {
  return (
    body.threshold === undefined && body.isActive !== true && body.email !== true && (body.webhookUrl ?? null) === null
  );
}

/**
 * Changes an alert: a new threshold is a new condition — never evaluated, then evaluated at once like a new alert
 * (a threshold another of the user's alerts on the target has is 409 ALERT_DUPLICATE); resuming it takes a slot under
 * the owner's row lock; adding a webhook where there was none creates its signing secret (returned once); removing
 * the webhook drops the secret with it.
 */
export async function updateAlert(db: Db, actor: AlertActor, id: string, body: UpdateAlertBody) {
  if (!onlySwitchesOff(body)) assertCanUse(actor.viewer, 'search_alerts');
  assertWebhookAllowed(actor, body.webhookUrl);
  let secretPlain: string | null = null;
  let newCondition = false;
  await withTransaction(db, async (tx) => {
    if (!(await lockOwner(tx, actor.userId))) throw new AppError('SIGN_IN_REQUIRED');
    const row = await q.selectOwnAlert(tx, actor.userId, id, true);
    if (!row) throw new AppError('ALERT_NOT_FOUND');
    const changes: q.AlertChanges = {};
    const threshold = body.threshold === undefined ? undefined : toShownThreshold(row.kind, body.threshold);
    if (threshold !== undefined && threshold !== row.threshold) {
      assertCondition(actor.lang, row.targetType, row.kind, threshold);
      Object.assign(changes, { threshold, state: 'armed', lastValue: null, lastEvaluatedAt: null });
      newCondition = true;
    }
    if (body.email !== undefined) changes.emailEnabled = body.email;
    if (body.webhookUrl === null) Object.assign(changes, { webhookUrl: null, webhookSecret: null });
    else if (body.webhookUrl !== undefined) {
      changes.webhookUrl = body.webhookUrl;
      if (!row.hasWebhookSecret) {
        const secret = newWebhookSecret(actor.secretKey);
        changes.webhookSecret = secret.stored;
        secretPlain = secret.plain;
      }
    }
    if (body.isActive !== undefined && body.isActive !== row.isActive) {
      if (body.isActive) await assertAlertSlot(tx, actor.viewer);
      changes.isActive = body.isActive;
    }
    if (Object.keys(changes).length > 0) await q.updateAlert(tx, actor.userId, id, changes, actor.now);
  }).catch(rethrowDuplicate);
  if (newCondition) await evaluateFirst(db, actor, id);
  return { alert: await readOwn(db, actor, id), webhookSecret: secretPlain };
}

export async function deleteAlert(db: Db, actor: AlertActor, id: string): Promise<void> {
  if (!(await q.deleteAlert(db, actor.userId, id))) throw new AppError('ALERT_NOT_FOUND');
}

/** The alert's delivery log (e-mail and webhook), newest first, the last DELIVERY_LOG_SIZE. */
export async function listDeliveries(db: Db, actor: AlertActor, id: string) {
  if (!(await q.selectOwnAlert(db, actor.userId, id))) throw new AppError('ALERT_NOT_FOUND');
  const rows = await q.selectDeliveries(db, actor.userId, id, DELIVERY_LOG_SIZE);
  return {
    items: rows.map((row) => ({
      ...row,
      nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
    })),
  };
}
