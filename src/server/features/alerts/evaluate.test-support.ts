import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { LEVEL_POINT_THRESHOLDS } from '../../../shared/membership/level.ts';
import type { Db } from '../../db/client.ts';
import { alerts, notifications, projectScores, sectors, userProfiles, users } from '../../db/schema/index.ts';

/** A user (e-mail verified) and profile with the points of a level: 5,000 (vip: alerts and webhooks) unless told otherwise. */
export async function insertUser(
  db: Db,
  email = `alerts-${randomUUID()}@example.com`,
  points = LEVEL_POINT_THRESHOLDS.vip,
): Promise<string> {
  const [row] = await db.insert(users).values({ email, emailVerifiedAt: new Date() }).returning({ id: users.id });
  if (!row) throw new Error('insertUser returned no row');
  await db.insert(userProfiles).values({ id: row.id, email, points });
  return row.id;
}

type AlertOverrides = Partial<typeof alerts.$inferInsert> & Pick<typeof alerts.$inferInsert, 'userId' | 'kind'>;

/** An alert row inserted directly (the API is another slice): project target unless sectorId is given. */
export async function insertAlert(db: Db, values: AlertOverrides) {
  const targetType = values.sectorId ? 'sector' : 'project';
  const [row] = await db
    .insert(alerts)
    .values({ targetType, ...values })
    .returning();
  if (!row) throw new Error('insertAlert returned no row');
  return row;
}

export async function getAlert(db: Db, id: string) {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
  if (!row) throw new Error(`no alert ${id}`);
  return row;
}

export async function setProjectHeat(db: Db, projectId: string, heatScore: number | null) {
  await db.update(projectScores).set({ heatScore }).where(eq(projectScores.projectId, projectId));
}

export async function setSector(db: Db, id: string, values: Partial<typeof sectors.$inferInsert>) {
  await db.update(sectors).set(values).where(eq(sectors.id, id));
}

export function listAlertNotifications(db: Db, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'alert_fired')))
    .orderBy(notifications.createdAt);
}
