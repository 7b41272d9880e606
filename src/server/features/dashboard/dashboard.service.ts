import {
  DASHBOARD_MAX_WIDGETS,
  DASHBOARD_NOTE_MAX,
  DASHBOARD_SEARCH_RESULTS,
  DASHBOARD_SEARCH_SCAN,
  type DashboardResponse,
  type DashboardSearchResults,
  type DashboardWidget,
  DashboardWidgetSchema,
  type PutDashboardBody,
} from '../../../shared/api/dashboard.schema.ts';
import type { Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { parseStoredQuery } from '../saved-searches/saved-searches.service.ts';
import { listSearchMatches } from '../search/search.service.ts';
import * as q from './dashboard.queries.ts';

const LIMITS = { widgets: DASHBOARD_MAX_WIDGETS, noteChars: DASHBOARD_NOTE_MAX };

const ownerOf = (viewer: Viewer): string => {
  if (!viewer.userId) throw new AppError('SIGN_IN_REQUIRED');
  return viewer.userId;
};

/** Stored widgets that no longer parse (a kind since retired) are left out rather than failing the whole page. */
function toWidgets(stored: unknown): DashboardWidget[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((w) => {
    const parsed = DashboardWidgetSchema.safeParse(w);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The signed-in user's layout; version 0 and no widgets before the first save. */
export async function getDashboard(db: Db, viewer: Viewer): Promise<DashboardResponse> {
  const row = await q.selectDashboard(db, ownerOf(viewer));
  const heatAsOf = await q.selectHeatAsOf(db);
  const heat = { heatAsOf: heatAsOf?.toISOString() ?? null, limits: LIMITS };
  if (!row) return { widgets: [], homeDashboard: false, version: 0, updatedAt: null, ...heat };
  return {
    widgets: toWidgets(row.widgets),
    homeDashboard: row.homeDashboard,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    ...heat,
  };
}

/**
 * Replaces the layout in one transaction. Every watchlist and saved search a widget names must be the caller's own
 * (404 NOT_FOUND / SAVED_SEARCH_NOT_FOUND otherwise; another user's row is never read, the owner is in the WHERE).
 * Optimistic concurrency: `body.version` must be the stored one, else 409 DASHBOARD_CONFLICT (details: the current
 * version) and nothing changes, so of N concurrent saves from one version exactly one is written.
 */
export async function putDashboard(db: Db, viewer: Viewer, body: PutDashboardBody, now: Date) {
  const userId = ownerOf(viewer);
  const watchlistIds = body.widgets.flatMap((w) => (w.kind === 'watchlist' ? [w.settings.watchlistId] : []));
  const searchIds = body.widgets.flatMap((w) => (w.kind === 'saved_search' ? [w.settings.savedSearchId] : []));
  return withTransaction(db, async (tx) => {
    const ownLists = await q.selectOwnWatchlistIds(tx, userId, watchlistIds);
    if (watchlistIds.some((id) => !ownLists.has(id))) throw new AppError('NOT_FOUND');
    const ownSearches = await q.selectOwnSavedSearchIds(tx, userId, searchIds);
    if (searchIds.some((id) => !ownSearches.has(id))) throw new AppError('SAVED_SEARCH_NOT_FOUND');
    const layout = { widgets: body.widgets, homeDashboard: body.homeDashboard };
    const written =
      body.version === 0
        ? await q.insertDashboard(tx, userId, layout, now)
        : await q.updateDashboard(tx, userId, body.version, layout, now);
    if (!written) {
      const current = await q.selectDashboard(tx, userId);
      throw new AppError('DASHBOARD_CONFLICT', {}, { version: current?.version ?? 0 });
    }
    return getDashboard(tx, viewer);
  });
}

/**
 * A saved search's widget: the search re-run now through the search service (not counted against the daily search
 * quota: the dashboard shows it, the user did not search), its top DASHBOARD_SEARCH_SCAN results, and which of them
 * are new: projects that joined HeatRank after the search was saved. 404 SAVED_SEARCH_NOT_FOUND for another user's.
 */
export async function getSearchResults(db: Db, viewer: Viewer, id: string, now: Date): Promise<DashboardSearchResults> {
  const search = await q.selectOwnSavedSearch(db, ownerOf(viewer), id);
  if (!search) throw new AppError('SAVED_SEARCH_NOT_FOUND');
  const stored = search.query as Record<string, string>;
  const query = parseStoredQuery(stored);
  const matches = query ? await listSearchMatches(db, query, DASHBOARD_SEARCH_SCAN) : [];
  const dates = new Map(
    (
      await q.selectProjectDates(
        db,
        matches.map((m) => m.id),
      )
    ).map((d) => [d.id, d]),
  );
  const results = matches.flatMap((m) => {
    const d = dates.get(m.id);
    if (!d) return [];
    return [{ ...m, addedAt: d.createdAt, computedAt: d.computedAt, isNew: d.createdAt > search.createdAt }];
  });
  const fresh = results.filter((r) => r.isNew);
  const shown = (fresh.length > 0 ? fresh : results).slice(0, DASHBOARD_SEARCH_RESULTS);
  const computed = results.flatMap((r) => (r.heatScore !== null && r.computedAt ? [r.computedAt.getTime()] : []));
  return {
    savedSearchId: search.id,
    name: search.name,
    savedAt: search.createdAt.toISOString(),
    ranAt: now.toISOString(),
    heatAsOf: computed.length > 0 ? new Date(Math.max(...computed)).toISOString() : null,
    resultCount: results.length,
    newCount: fresh.length,
    items: shown.map((r) => ({
      projectId: r.id,
      name: r.name,
      heatScore: r.heatScore,
      addedAt: r.addedAt.toISOString(),
      isNew: r.isNew,
    })),
    query: stored,
  };
}
