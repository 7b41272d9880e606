import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALERT_KINDS, ALERT_STATES } from '../../../shared/api/alerts.values.ts';
import { users } from './auth.ts';
import { projects, sectors } from './projects.ts';

/**
 * An alert on a project or a sector (premium 5, vip 20 active, with the search alerts — spec §6). Exactly one of
 * project_id / sector_id is set, matching target_type; the alert goes with its target. Hysteresis: `state` is 'armed'
 * until the condition holds, then 'fired' (one notification) until the condition stops holding, which re-arms it.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text({ enum: ['project', 'sector'] }).notNull(),
    projectId: text().references(() => projects.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    sectorId: text().references(() => sectors.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text({ enum: ALERT_KINDS }).notNull(),
    /** Heat value, top-N rank or 24 h heat change in points; null for trend_change. */
    threshold: doublePrecision(),
    emailEnabled: boolean().notNull().default(false),
    /** vip only: where a fired alert is POSTed, signed with HMAC-SHA256. */
    webhookUrl: text(),
    /** The webhook's signing key, encrypted like the X API secrets (src/server/secret-crypto.ts). */
    webhookSecret: text(),
    isActive: boolean().notNull().default(true),
    state: text({ enum: ALERT_STATES }).notNull().default('armed'),
    /** The value the last evaluation saw (heat, rank or change), and for trend_change the last trend. */
    lastValue: doublePrecision(),
    lastTrend: text(),
    lastEvaluatedAt: timestamp({ withTimezone: true }),
    lastTriggeredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId),
    index('alerts_active_kind_idx').on(t.isActive, t.kind),
    index('alerts_project_idx').on(t.projectId),
    index('alerts_sector_idx').on(t.sectorId),
    // One alert per condition: the same user, target, kind and threshold twice is refused (409 ALERT_DUPLICATE), here
    // where parallel requests cannot slip past each other. Expressions, because a column index treats the NULL
    // target column and trend_change's NULL threshold as distinct (PostgreSQL's default).
    uniqueIndex('alerts_condition_idx').on(
      t.userId,
      t.kind,
      sql`coalesce(${t.projectId}, '')`,
      sql`coalesce(${t.sectorId}, '')`,
      sql`coalesce(${t.threshold}, -1)`,
    ),
    check(
      'alerts_one_target',
      sql`(${t.targetType} = 'project' AND ${t.projectId} IS NOT NULL AND ${t.sectorId} IS NULL) OR (${t.targetType} = 'sector' AND ${t.sectorId} IS NOT NULL AND ${t.projectId} IS NULL)`,
    ),
  ],
);

/**
 * The delivery log of fired alerts beyond the in-app notification: one row per (alert firing, channel). Webhooks are
 * retried with back-off from `next_attempt_at` until delivered or out of attempts; the owner reads the log.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    alertId: uuid()
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One firing of the alert (its idempotency key: the same firing is never delivered twice per channel). */
    eventKey: text().notNull(),
    channel: text({ enum: ['email', 'webhook'] }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text({ enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_deliveries_event_idx').on(t.alertId, t.eventKey, t.channel),
    index('alert_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('alert_deliveries_user_idx').on(t.userId, t.createdAt),
  ],
);
