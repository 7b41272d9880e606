import { asc, eq } from 'drizzle-orm';
import type { AdminAd, AdminAdBody, AdminAdPatch } from '../../../shared/api/ads.schema.ts';
import type { Db } from '../../db/client.ts';
import { houseAds } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

// House ads are a handful of rows edited by hand: the SQL stays here rather than in a separate queries file.

function toAdminAd(row: typeof houseAds.$inferSelect): AdminAd {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function listAds(db: Db): Promise<{ items: AdminAd[] }> {
  const rows = await db.select().from(houseAds).orderBy(asc(houseAds.createdAt), asc(houseAds.id));
  return { items: rows.map(toAdminAd) };
}

export async function createAd(db: Db, body: AdminAdBody, now: Date): Promise<AdminAd> {
  const [row] = await db
    .insert(houseAds)
    .values({ ...body, createdAt: now, updatedAt: now })
    .returning();
  return toAdminAd(row!);
}

export async function updateAd(db: Db, id: string, patch: AdminAdPatch, now: Date): Promise<AdminAd> {
  const [row] = await db
    .update(houseAds)
    .set({ ...patch, updatedAt: now })
    .where(eq(houseAds.id, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminAd(row);
}

/** Deletes an ad and its issued views (an unredeemed token for it then reads as invalid). */
export async function deleteAd(db: Db, id: string): Promise<void> {
  const rows = await db.delete(houseAds).where(eq(houseAds.id, id)).returning({ id: houseAds.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND');
}
