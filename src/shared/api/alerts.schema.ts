import { z } from 'zod';
import { ALERT_KINDS, ALERT_STATES, ALERT_TARGET_TYPES, WEBHOOK_URL_MAX } from './alerts.values.ts';

// HTTP contracts of /api/alerts (premium 5 / vip 20 active alerts, counted with the search alerts — spec §6).

/** Webhook retries: attempts in all, and the delay before attempt n+1 is WEBHOOK_BACKOFF_SECONDS[n-1]. */
export const WEBHOOK_MAX_ATTEMPTS = 5;
export const WEBHOOK_BACKOFF_SECONDS = [30, 120, 600, 3600] as const;
/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/alerts.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-heatrank-signature';

const Threshold = z.number().finite().min(0).max(100000);
const WebhookUrl = z
  .url({ protocol: /^https?$/ })
  .max(WEBHOOK_URL_MAX)
  .nullable();

export const AlertIdParamsSchema = z.object({ id: z.uuid() });

export const CreateAlertBodySchema = z
  .object({
    targetType: z.enum(ALERT_TARGET_TYPES),
    targetId: z.string().trim().min(1).max(200),
    kind: z.enum(ALERT_KINDS),
    /** Required for every kind but trend_change (heat 0–100, rank ≥ 1 integer, change > 0). */
    threshold: Threshold.nullable().optional(),
    email: z.boolean().optional(),
    /** vip only (403 FEATURE_LOCKED_VIP otherwise). */
    webhookUrl: WebhookUrl.optional(),
  })
  .strict();
export type CreateAlertBody = z.infer<typeof CreateAlertBodySchema>;

/** An omitted field keeps its value; isActive true counts against the quota again (429 when full). */
export const UpdateAlertBodySchema = z
  .object({
    threshold: Threshold.nullable().optional(),
    email: z.boolean().optional(),
    webhookUrl: WebhookUrl.optional(),
    isActive: z.boolean().optional(),
  })
  .strict();
export type UpdateAlertBody = z.infer<typeof UpdateAlertBodySchema>;

export const AlertSchema = z.object({
  id: z.string(),
  targetType: z.enum(ALERT_TARGET_TYPES),
  targetId: z.string(),
  /** The project's or sector's display name (in the request's language). */
  targetName: z.string(),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number().nullable(),
  email: z.boolean(),
  webhookUrl: z.string().nullable(),
  isActive: z.boolean(),
  state: z.enum(ALERT_STATES),
  /** The value the last check saw, rounded as shown (heat and changes to one decimal, a whole rank). */
  lastValue: z.number().nullable(),
  /** trend_change: the sector's trend at the last check (up / down / stable); null otherwise. */
  lastTrend: z.string().nullable(),
  lastEvaluatedAt: z.string().nullable(),
  lastTriggeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertsResponseSchema = z.object({
  items: z.array(AlertSchema),
  /** Active alerts + active search alerts, and the level's limit (-1 unlimited). */
  used: z.number().int(),
  limit: z.number().int(),
});
export type AlertsResponse = z.infer<typeof AlertsResponseSchema>;

/** The create answer: the only time the webhook signing secret is shown (null without a webhook). */
export const CreateAlertResponseSchema = z.object({ alert: AlertSchema, webhookSecret: z.string().nullable() });

export const AlertDeliverySchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'webhook']),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export const AlertDeliveriesResponseSchema = z.object({ items: z.array(AlertDeliverySchema) });
