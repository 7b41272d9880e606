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

/**
 * Opens a view unless the user already has an open one: the partial unique index (one unredeemed view per user)
 * turns every parallel start after the first into nothing, on PGlite and on PostgreSQL alike.
 */
export async function insertAdViewIfNoneOpen(db: Db, values: typeof adViews.$inferInsert): Promise<void> {
  await db.insert(adViews).values(values).onConflictDoNothing();
}

/** Closes the user's open view once it is past its time to live (never creditable now), so a new one can open. */
export async function deleteStaleOpenAdView(db: Db, userId: string, issuedBy: Date): Promise<void> {
  await db
    .delete(adViews)
    .where(and(eq(adViews.userId, userId), isNull(adViews.redeemedAt), lte(adViews.issuedAt, issuedBy)));
}

/** The user's open (unredeemed) view with its ad, if any: at most one exists. */
export async function selectOpenAdView(db: Db, userId: string) {
  const [row] = await db
    .select({ view: adViews, ad: houseAds })
    .from(adViews)
    .innerJoin(houseAds, eq(houseAds.id, adViews.adId))
    .where(and(eq(adViews.userId, userId), isNull(adViews.redeemedAt)))
    .limit(1);
  return row;
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
