import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { MetricSource } from '../../../shared/api/common.schema.ts';
import type { Db } from '../../db/client.ts';
import { projectScores, projects, scoresOfProject, watchlistItems, watchlists } from '../../db/schema/index.ts';

// Every read and write here is scoped by the owner's user id: another user's list id simply matches no row.

export async function countWatchlists(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(watchlists).where(eq(watchlists.userId, userId));
  return row?.n ?? 0;
}

/** The new list, or undefined when the user already has one with that name. */
export async function insertWatchlist(db: Db, userId: string, name: string, now: Date) {
  const [row] = await db
    .insert(watchlists)
    .values({ userId, name, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [watchlists.userId, watchlists.name] })
    .returning();
  return row;
}

export async function selectWatchlists(db: Db, userId: string) {
  return db
    .select({
      id: watchlists.id,
      name: watchlists.name,
      createdAt: watchlists.createdAt,
      updatedAt: watchlists.updatedAt,
      itemCount: sql<number>`(SELECT count(*)::int FROM watchlist_items i WHERE i.watchlist_id = ${watchlists.id})`,
    })
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
}

/** One list of this user (optionally locked for an item write), or undefined — whoever else owns it. */
export async function selectOwnWatchlist(db: Db, userId: string, id: string, lock = false) {
  const query = db
    .select({
      id: watchlists.id,
      name: watchlists.name,
      createdAt: watchlists.createdAt,
      updatedAt: watchlists.updatedAt,
    })
    .from(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function renameWatchlist(db: Db, userId: string, id: string, name: string, now: Date) {
  const [row] = await db
    .update(watchlists)
    .set({ name, updatedAt: now })
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return row;
}

export async function deleteWatchlist(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(watchlists)
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return rows.length > 0;
}

export async function touchWatchlist(db: Db, id: string, now: Date): Promise<void> {
  await db.update(watchlists).set({ updatedAt: now }).where(eq(watchlists.id, id));
}

export async function countItems(db: Db, watchlistId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(watchlistItems).where(eq(watchlistItems.watchlistId, watchlistId));
  return row?.n ?? 0;
}

export type ItemValues = { amount?: number | null; costBasis?: number | null; note?: string | null };

export async function insertItem(db: Db, watchlistId: string, projectId: string, values: ItemValues, now: Date) {
  const rows = await db
    .insert(watchlistItems)
    .values({ watchlistId, projectId, addedAt: now, ...values })
    .onConflictDoNothing()
    .returning({ projectId: watchlistItems.projectId });
  return rows.length > 0;
}

export async function itemExists(db: Db, watchlistId: string, projectId: string): Promise<boolean> {
  const rows = await db
    .select({ p: watchlistItems.projectId })
    .from(watchlistItems)
    .where(and(eq(watchlistItems.watchlistId, watchlistId), eq(watchlistItems.projectId, projectId)));
  return rows.length > 0;
}

export async function updateItem(db: Db, watchlistId: string, projectId: string, values: ItemValues) {
  const where = and(eq(watchlistItems.watchlistId, watchlistId), eq(watchlistItems.projectId, projectId));
  if (Object.keys(values).length === 0) return itemExists(db, watchlistId, projectId);
  const rows = await db.update(watchlistItems).set(values).where(where).returning({ p: watchlistItems.projectId });
  return rows.length > 0;
}

export async function deleteItem(db: Db, watchlistId: string, projectId: string): Promise<boolean> {
  const rows = await db
    .delete(watchlistItems)
    .where(and(eq(watchlistItems.watchlistId, watchlistId), eq(watchlistItems.projectId, projectId)))
    .returning({ p: watchlistItems.projectId });
  return rows.length > 0;
}

/** A list's items joined to their project and current score, in the order they were added. */
export async function selectItems(db: Db, watchlistId: string) {
  return db
    .select({
      projectId: watchlistItems.projectId,
      name: projects.name,
      symbol: projects.symbol,
      // Our stored copy of the logo (see toServedLogoUrl), never the source's address.
      logoUrl: sql<
        string | null
      >`CASE WHEN ${projects.logoEtag} IS NULL THEN NULL ELSE '/api/logos/' || ${projects.id} || '?v=' || ${projects.logoEtag} END`,
      heatScore: projectScores.heatScore,
      price: projects.price,
      priceChange24h: projects.priceChange24h,
      marketCap: projects.marketCap,
      // The market figures' provenance, as the directory reports it (projects.service.ts toProjectListItem).
      marketSource: sql<MetricSource | null>`${projects.metricSources} -> 'marketCap'`,
      // The price's own provenance (the 24 h change comes with it from the same source and run).
      priceSource: sql<MetricSource | null>`${projects.metricSources} -> 'price'`,
      addedAt: watchlistItems.addedAt,
      amount: watchlistItems.amount,
      costBasis: watchlistItems.costBasis,
      note: watchlistItems.note,
    })
    .from(watchlistItems)
    .innerJoin(projects, eq(projects.id, watchlistItems.projectId))
    .innerJoin(projectScores, scoresOfProject)
    .where(eq(watchlistItems.watchlistId, watchlistId))
    .orderBy(asc(watchlistItems.addedAt), asc(watchlistItems.projectId));
}

/** Every list of the user and whether it holds the project. */
/** The distinct projects in any of the user's lists, by id. */
export async function selectWatchedProjectIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ projectId: watchlistItems.projectId })
    .from(watchlistItems)
    .innerJoin(watchlists, eq(watchlists.id, watchlistItems.watchlistId))
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlistItems.projectId));
  return rows.map((row) => row.projectId);
}

export async function selectWatching(db: Db, userId: string, projectId: string) {
  return db
    .select({
      id: watchlists.id,
      name: watchlists.name,
      contains: sql<boolean>`EXISTS (SELECT 1 FROM watchlist_items i WHERE i.watchlist_id = ${watchlists.id} AND i.project_id = ${projectId})`,
    })
    .from(watchlists)
    .where(eq(watchlists.userId, userId))
    .orderBy(asc(watchlists.createdAt), asc(watchlists.id));
}
