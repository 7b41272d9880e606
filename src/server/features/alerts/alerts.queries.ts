import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertDeliveries, alerts, projects, sectors } from '../../db/schema/index.ts';

// Every read and write here is scoped by the owner's user id: another user's alert id simply matches no row.

export async function selectSectorId(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(sql`lower(${sectors.id}) = lower(${id})`)
    .limit(1);
  return row?.id;
}

const alertColumns = {
  id: alerts.id,
  targetType: alerts.targetType,
  projectId: alerts.projectId,
  sectorId: alerts.sectorId,
  projectName: projects.name,
  sectorName: sectors.name,
  sectorNameZh: sectors.nameZh,
  kind: alerts.kind,
  threshold: alerts.threshold,
  emailEnabled: alerts.emailEnabled,
  webhookUrl: alerts.webhookUrl,
  hasWebhookSecret: sql<boolean>`${alerts.webhookSecret} IS NOT NULL`,
  isActive: alerts.isActive,
  state: alerts.state,
  lastValue: alerts.lastValue,
  lastTrend: alerts.lastTrend,
  lastEvaluatedAt: alerts.lastEvaluatedAt,
  lastTriggeredAt: alerts.lastTriggeredAt,
  createdAt: alerts.createdAt,
};

/** An alert row with its target's names; never the webhook secret itself. */
export type AlertRow = Awaited<ReturnType<typeof selectAlerts>>[number];

function selectWithTargets(db: Db) {
  return db
    .select(alertColumns)
    .from(alerts)
    .leftJoin(projects, eq(projects.id, alerts.projectId))
    .leftJoin(sectors, eq(sectors.id, alerts.sectorId));
}

/** A user's alerts, newest first. */
export async function selectAlerts(db: Db, userId: string) {
  return selectWithTargets(db).where(eq(alerts.userId, userId)).orderBy(desc(alerts.createdAt), desc(alerts.id));
}

/** One alert of this user (optionally locked for a write), or undefined — whoever else owns it. */
export async function selectOwnAlert(db: Db, userId: string, id: string, lock = false) {
  const query = selectWithTargets(db).where(and(eq(alerts.id, id), eq(alerts.userId, userId)));
  const [row] = lock ? await query.for('update', { of: alerts }) : await query;
  return row;
}

export type AlertInsert = Pick<
  typeof alerts.$inferInsert,
  | 'userId'
  | 'targetType'
  | 'projectId'
  | 'sectorId'
  | 'kind'
  | 'threshold'
  | 'emailEnabled'
  | 'webhookUrl'
  | 'webhookSecret'
>;

export type AlertCondition = Pick<AlertInsert, 'userId' | 'kind' | 'projectId' | 'sectorId' | 'threshold'>;

/** Whether the user already has an alert with this condition (the unique index alerts_condition_idx, read first). */
export async function hasSameCondition(db: Db, c: AlertCondition): Promise<boolean> {
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.userId, c.userId),
        eq(alerts.kind, c.kind),
        sql`${alerts.projectId} IS NOT DISTINCT FROM ${c.projectId ?? null}`,
        sql`${alerts.sectorId} IS NOT DISTINCT FROM ${c.sectorId ?? null}`,
        sql`${alerts.threshold} IS NOT DISTINCT FROM ${c.threshold ?? null}::float8`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertAlert(db: Db, values: AlertInsert, now: Date): Promise<string> {
  const [row] = await db
    .insert(alerts)
    .values({ ...values, state: 'armed', isActive: true, createdAt: now, updatedAt: now })
    .returning({ id: alerts.id });
  if (!row) throw new Error('insertAlert returned no row');
  return row.id;
}

export type AlertChanges = Partial<
  Pick<
    typeof alerts.$inferInsert,
    | 'threshold'
    | 'emailEnabled'
    | 'webhookUrl'
    | 'webhookSecret'
    | 'isActive'
    | 'state'
    | 'lastValue'
    | 'lastEvaluatedAt'
  >
>;

export async function updateAlert(db: Db, userId: string, id: string, changes: AlertChanges, now: Date) {
  const [row] = await db
    .update(alerts)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return row;
}

export async function deleteAlert(db: Db, userId: string, id: string) {
  const [row] = await db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return row;
}

/** The last `limit` deliveries of one of the user's alerts, newest first. */
export async function selectDeliveries(db: Db, userId: string, alertId: string, limit: number) {
  return db
    .select({
      id: alertDeliveries.id,
      channel: alertDeliveries.channel,
      status: alertDeliveries.status,
      attempts: alertDeliveries.attempts,
      lastStatusCode: alertDeliveries.lastStatusCode,
      lastError: alertDeliveries.lastError,
      nextAttemptAt: alertDeliveries.nextAttemptAt,
      createdAt: alertDeliveries.createdAt,
      deliveredAt: alertDeliveries.deliveredAt,
    })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.alertId, alertId), eq(alertDeliveries.userId, userId)))
    .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
    .limit(limit);
}
