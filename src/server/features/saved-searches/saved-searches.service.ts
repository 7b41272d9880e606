import {
  SAVED_SEARCHES_PER_USER,
  type SavedSearch,
  type SavedSearchesResponse,
} from '../../../shared/api/saved-searches.schema.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, lockOwner } from '../../db/owner-lock.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { assertAlertSlot } from '../quotas/quotas.service.ts';
import type { CreateBody, UpdateBody } from './saved-query.ts';
import * as q from './saved-searches.queries.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { parseStoredQuery, StoredQuerySchema } from './saved-query.ts';

export function toSavedSearch(row: q.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query as Record<string, string>,
    alertEnabled: row.alertEnabled,
    alertHeatThreshold: row.alertHeatThreshold,
    lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const ownerOf = (viewer: Viewer): string => {
  if (!viewer.userId) throw new AppError('SIGN_IN_REQUIRED');
  return viewer.userId;
};

export async function listSavedSearches(db: Db, viewer: Viewer): Promise<SavedSearchesResponse> {
  const rows = await q.selectSavedSearches(db, ownerOf(viewer));
  return { items: rows.map(toSavedSearch), limit: SAVED_SEARCHES_PER_USER };
}

export async function getSavedSearch(db: Db, viewer: Viewer, id: string): Promise<SavedSearch> {
  const row = await q.selectOwnSavedSearch(db, ownerOf(viewer), id);
  if (!row) throw new AppError('SAVED_SEARCH_NOT_FOUND');
  return toSavedSearch(row);
}

/**
 * Under the owner's profile lock: the saved-search cap and, for an alert, the alert slot (active alerts + search
 * alerts) are counted in the transaction that writes, so 50 parallel requests cannot all pass the same count.
 */
export async function createSavedSearch(db: Db, viewer: Viewer, body: CreateBody, now: Date): Promise<SavedSearch> {
  const userId = ownerOf(viewer);
  const alertEnabled = body.alertEnabled ?? false;
  if (alertEnabled) assertCanUse(viewer, 'search_alerts');
  return withTransaction(db, async (tx) => {
    if (!(await lockOwner(tx, userId))) throw new AppError('SAVED_SEARCH_NOT_FOUND');
    if ((await q.countSavedSearches(tx, userId)) >= SAVED_SEARCHES_PER_USER) {
      throw new AppError('SAVED_SEARCH_LIMIT_REACHED', { limit: SAVED_SEARCHES_PER_USER });
    }
    if (alertEnabled) await assertAlertSlot(tx, viewer);
    const row = await q.insertSavedSearch(
      tx,
      userId,
      { name: body.name, query: body.query, alertEnabled, alertHeatThreshold: body.alertHeatThreshold ?? null },
      now,
    );
    if (!row) throw new AppError('SAVED_SEARCH_NAME_TAKEN');
    return toSavedSearch(row);
  });
}

/**
 * An omitted field keeps its value. Turning the alert on takes a free alert slot (counted under the owner's lock);
 * turning it on or changing what it watches (the query or the threshold) drops its baseline, so the next pass
 * records a fresh one instead of reporting the difference as news.
 */
export async function updateSavedSearch(
  db: Db,
  viewer: Viewer,
  id: string,
  body: UpdateBody,
  now: Date,
): Promise<SavedSearch> {
  if (body.alertEnabled) assertCanUse(viewer, 'search_alerts');
  return applyUpdate(db, ownerOf(viewer), viewer, id, body, now);
}

/**
 * A teammate's (or the author's) edit of a search shared with the team: its name and query only, written as the
 * author's row under the author's lock (the alert stays the author's own setting). Throws SAVED_SEARCH_NOT_FOUND.
 */
export async function updateSharedSavedSearch(
  db: Db,
  authorId: string,
  id: string,
  body: Pick<UpdateBody, 'name' | 'query'>,
  now: Date,
): Promise<SavedSearch> {
  return applyUpdate(db, authorId, null, id, body, now);
}

async function applyUpdate(
  db: Db,
  userId: string,
  viewer: Viewer | null,
  id: string,
  body: UpdateBody,
  now: Date,
): Promise<SavedSearch> {
  try {
    return await withTransaction(db, async (tx) => {
      await lockOwner(tx, userId);
      const current = await q.selectOwnSavedSearch(tx, userId, id);
      if (!current) throw new AppError('SAVED_SEARCH_NOT_FOUND');
      const enabling = body.alertEnabled === true && !current.alertEnabled;
      if (enabling && viewer) await assertAlertSlot(tx, viewer);
      const queryChanged = body.query !== undefined && JSON.stringify(body.query) !== JSON.stringify(current.query);
      const thresholdChanged =
        body.alertHeatThreshold !== undefined && body.alertHeatThreshold !== current.alertHeatThreshold;
      const reset = enabling || queryChanged || thresholdChanged;
      if (reset) await q.deleteBaseline(tx, id);
      const row = await q.updateSavedSearch(
        tx,
        userId,
        id,
        {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.query === undefined ? {} : { query: body.query }),
          ...(body.alertEnabled === undefined ? {} : { alertEnabled: body.alertEnabled }),
          ...(body.alertHeatThreshold === undefined ? {} : { alertHeatThreshold: body.alertHeatThreshold }),
          ...(reset ? { evaluatedAt: null } : {}),
        },
        now,
      );
      if (!row) throw new AppError('SAVED_SEARCH_NOT_FOUND');
      return toSavedSearch(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('SAVED_SEARCH_NAME_TAKEN');
    throw error;
  }
}

export async function deleteSavedSearch(db: Db, viewer: Viewer, id: string): Promise<void> {
  if (!(await q.deleteSavedSearch(db, ownerOf(viewer), id))) throw new AppError('SAVED_SEARCH_NOT_FOUND');
}
