import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adViews, houseAds } from '../../db/schema/index.ts';

/**
 * The active ad this user saw least recently (never seen first), oldest ad breaking ties: a deterministic rotation,
 * the same on every instance.
 */
export async function selectNextAd(db: Db, userId: string) {
  const lastServed = sql<Date | null>`(select max(${adViews.issuedAt}) from ${adViews} where ${adViews.adId} = ${houseAds.id} and ${adViews.userId} = ${userId})`;
  const [row] = await db
    .select()
    .from(houseAds)
    .where(eq(houseAds.active, true))
    .orderBy(sql`${lastServed} asc nulls first`, asc(houseAds.createdAt), asc(houseAds.id))
    .limit(1);
  return row;
}

export async function insertAdView(db: Db, values: typeof adViews.$inferInsert): Promise<void> {
  await db.insert(adViews).values(values);
}

/**
 * Spends a view in one guarded statement: only the user's own, unredeemed view issued between `issuedAfter` and
 * `issuedBy`. Parallel claims of one token: exactly one gets the row back.
 */
export async function redeemAdView(
  db: Db,
  id: string,
  userId: string,
  window: { issuedAfter: Date; issuedBy: Date },
  now: Date,
) {
  const rows = await db
    .update(adViews)
    .set({ redeemedAt: now })
    .where(
      and(
        eq(adViews.id, id),
        eq(adViews.userId, userId),
        isNull(adViews.redeemedAt),
        lte(adViews.issuedAt, window.issuedBy),
        gt(adViews.issuedAt, window.issuedAfter),
      ),
    )
    .returning({ id: adViews.id });
  return rows.length > 0;
}

export async function selectAdView(db: Db, id: string) {
  const [row] = await db.select().from(adViews).where(eq(adViews.id, id));
  return row;
}
