import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { DashboardWidget } from '../../../shared/api/dashboard.schema.ts';
import type { Db } from '../../db/client.ts';
import { projectScores, projects, savedSearches, userDashboards, watchlists } from '../../db/schema/index.ts';

export function selectDashboard(db: Db, userId: string) {
  return db
    .select({
      widgets: userDashboards.widgets,
      homeDashboard: userDashboards.homeDashboard,
      version: userDashboards.version,
      updatedAt: userDashboards.updatedAt,
    })
    .from(userDashboards)
    .where(eq(userDashboards.userId, userId))
    .then((rows) => rows[0]);
}
export type DashboardRow = NonNullable<Awaited<ReturnType<typeof selectDashboard>>>;

type Layout = { widgets: DashboardWidget[]; homeDashboard: boolean };

/** The first save: nothing when a row exists already (another save won; the caller answers 409). */
export function insertDashboard(db: Db, userId: string, layout: Layout, now: Date) {
  return db
    .insert(userDashboards)
    .values({ userId, widgets: layout.widgets, homeDashboard: layout.homeDashboard, version: 1, updatedAt: now })
    .onConflictDoNothing({ target: userDashboards.userId })
    .returning({ version: userDashboards.version, updatedAt: userDashboards.updatedAt })
    .then((rows) => rows[0]);
}

/**
 * A later save, only over the version the client read: under READ COMMITTED a concurrent save that committed first
 * moves the version, this row no longer matches once re-checked, and nothing is written (the caller answers 409).
 */
export function updateDashboard(db: Db, userId: string, version: number, layout: Layout, now: Date) {
  return db
    .update(userDashboards)
    .set({
      widgets: layout.widgets,
      homeDashboard: layout.homeDashboard,
      version: sql`${userDashboards.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(userDashboards.userId, userId), eq(userDashboards.version, version)))
    .returning({ version: userDashboards.version, updatedAt: userDashboards.updatedAt })
    .then((rows) => rows[0]);
}

/** Which of these watchlist ids are the user's own (another user's list is never read: the owner is in the WHERE). */
export async function selectOwnWatchlistIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: watchlists.id })
    .from(watchlists)
    .where(and(eq(watchlists.userId, userId), inArray(watchlists.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** As selectOwnWatchlistIds, for saved searches. */
export async function selectOwnSavedSearchIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), inArray(savedSearches.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export function selectOwnSavedSearch(db: Db, userId: string, id: string) {
  return db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .then((rows) => rows[0]);
}

/** When each project joined HeatRank and when its heat was last computed. */
export function selectProjectDates(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: projects.id, createdAt: projects.createdAt, computedAt: projectScores.computedAt })
    .from(projects)
    .leftJoin(projectScores, eq(projectScores.projectId, projects.id))
    .where(inArray(projects.id, [...ids]));
}

/** When the latest heat run computed its scores (null before the first run). */
export function selectHeatAsOf(db: Db): Promise<Date | null> {
  return db
    .select({ at: max(projectScores.computedAt) })
    .from(projectScores)
    .then((rows) => rows[0]?.at ?? null);
}
