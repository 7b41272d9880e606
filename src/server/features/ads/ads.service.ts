import { asc, eq } from 'drizzle-orm';
import type { AdminAd, AdminAdBody, AdminAdPatch } from '../../../shared/api/ads.schema.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import type { Db } from '../../db/client.ts';
import { houseAds } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';

// House ads are a handful of rows edited by hand: the SQL stays here rather than in a separate queries file.

function toAdminAd(row: typeof houseAds.$inferSelect): AdminAd {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listAds(db: Db): Promise<{ items: AdminAd[] }> {
  const rows = await db.select().from(houseAds).orderBy(asc(houseAds.createdAt), asc(houseAds.id));
  return { items: rows.map(toAdminAd) };
}

export async function createAd(db: Db, actor: AdminActor, body: AdminAdBody, now: Date): Promise<AdminAd> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(houseAds)
      .values({ ...body, createdAt: now, updatedAt: now })
      .returning();
    const ad = toAdminAd(row!);
    await recordAdminAction(tx, { actor, action: 'ad.create', entity: 'ad', entityId: ad.id, after: ad });
    return ad;
  });
}

export async function updateAd(
  db: Db,
  actor: AdminActor,
  id: string,
  patch: AdminAdPatch,
  now: Date,
): Promise<AdminAd> {
  return withTransaction(db, async (tx) => {
    const [earlier] = await tx.select().from(houseAds).where(eq(houseAds.id, id)).for('update');
    if (!earlier) throw new AppError('NOT_FOUND');
    const [row] = await tx
      .update(houseAds)
      .set({ ...patch, updatedAt: now })
      .where(eq(houseAds.id, id))
      .returning();
    const [before, after] = [toAdminAd(earlier), toAdminAd(row!)];
    await recordAdminAction(tx, { actor, action: 'ad.update', entity: 'ad', entityId: id, before, after });
    return after;
  });
}

/** Deletes an ad and its issued views (an unredeemed token for it then reads as invalid). */
export async function deleteAd(db: Db, actor: AdminActor, id: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [row] = await tx.delete(houseAds).where(eq(houseAds.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    await recordAdminAction(tx, { actor, action: 'ad.delete', entity: 'ad', entityId: id, before: toAdminAd(row) });
  });
}
