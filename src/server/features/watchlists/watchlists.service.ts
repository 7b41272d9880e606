import {
  ITEMS_PER_WATCHLIST,
  WATCHLISTS_PER_USER,
  type WatchedProjectsResponse,
  type WatchingResponse,
  type WatchlistDetail,
  type WatchlistHistory,
  type WatchlistSummary,
  type WatchlistsResponse,
} from '../../../shared/api/watchlists.schema.ts';
import { startOfDay } from '../../../shared/time/day-window.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, lockOwner } from '../../db/owner-lock.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { findStoredProjectId } from '../projects/projects.service.ts';
import type { TaskClock } from '../tasks/credit.service.ts';
import { selectHistory } from './history.queries.ts';
import { toItem, totalsOf } from './portfolio.ts';
import { creditWatchlistTasks } from './watchlist-tasks.ts';
import * as q from './watchlists.queries.ts';

type Dated = { id: string; name: string; createdAt: Date; updatedAt: Date };
const summary = (row: Dated, itemCount: number): WatchlistSummary => ({
  id: row.id,
  name: row.name,
  itemCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listWatchlists(db: Db, userId: string): Promise<WatchlistsResponse> {
  const rows = await q.selectWatchlists(db, userId);
  return {
    items: rows.map((r) => summary(r, Number(r.itemCount))),
    limit: WATCHLISTS_PER_USER,
    itemLimit: ITEMS_PER_WATCHLIST,
  };
}

/** Count and insert under the owner's profile lock: 50 parallel creates leave exactly the cap. */
export async function createWatchlist(db: Db, userId: string, name: string, now: Date): Promise<WatchlistSummary> {
  return withTransaction(db, async (tx) => {
    if (!(await lockOwner(tx, userId))) throw new AppError('NOT_FOUND');
    if ((await q.countWatchlists(tx, userId)) >= WATCHLISTS_PER_USER) {
      throw new AppError('WATCHLIST_LIMIT_REACHED', { limit: WATCHLISTS_PER_USER });
    }
    const row = await q.insertWatchlist(tx, userId, name, now);
    if (!row) throw new AppError('WATCHLIST_NAME_TAKEN');
    return summary(row, 0);
  });
}

export async function renameWatchlist(db: Db, userId: string, id: string, name: string, now: Date) {
  try {
    if (!(await q.renameWatchlist(db, userId, id, name, now))) throw new AppError('NOT_FOUND');
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('WATCHLIST_NAME_TAKEN');
    throw error;
  }
  return getWatchlist(db, userId, id);
}

export async function deleteWatchlist(db: Db, userId: string, id: string): Promise<void> {
  if (!(await q.deleteWatchlist(db, userId, id))) throw new AppError('NOT_FOUND');
}

export async function getWatchlist(db: Db, userId: string, id: string): Promise<WatchlistDetail> {
  const list = await q.selectOwnWatchlist(db, userId, id);
  if (!list) throw new AppError('NOT_FOUND');
  const items = (await q.selectItems(db, id)).map(toItem);
  return { ...summary(list, items.length), items, totals: totalsOf(items), itemLimit: ITEMS_PER_WATCHLIST };
}

type ItemInput = q.ItemValues & { projectId: string };

/**
 * Adds a project under the list's row lock (the cap's count and the insert in one transaction); adding one already
 * there changes nothing. A real add then credits the watchlist tasks (`credit: false` when a teammate adds to the
 * author's shared list: the author did not do the task).
 */
export async function addItem(
  db: Db,
  userId: string,
  id: string,
  input: ItemInput,
  clock: TaskClock,
  { credit = true }: { credit?: boolean } = {},
) {
  const { projectId: asked, ...values } = input;
  const added = await withTransaction(db, async (tx) => {
    if (!(await q.selectOwnWatchlist(tx, userId, id, true))) throw new AppError('NOT_FOUND');
    const projectId = await findStoredProjectId(tx, asked);
    if (!projectId) throw new AppError('PROJECT_NOT_FOUND');
    if (await q.itemExists(tx, id, projectId)) return { added: false, projectId };
    if ((await q.countItems(tx, id)) >= ITEMS_PER_WATCHLIST) {
      throw new AppError('WATCHLIST_ITEM_LIMIT_REACHED', { limit: ITEMS_PER_WATCHLIST });
    }
    await q.insertItem(tx, id, projectId, values, clock.now);
    await q.touchWatchlist(tx, id, clock.now);
    return { added: true, projectId };
  });
  const credited = added.added && credit ? await creditWatchlistTasks(db, userId, clock) : [];
  return { added: added.added, item: { projectId: added.projectId }, credited };
}

export async function updateItem(db: Db, userId: string, id: string, projectId: string, values: q.ItemValues) {
  if (!(await q.selectOwnWatchlist(db, userId, id))) throw new AppError('NOT_FOUND');
  if (!(await q.updateItem(db, id, projectId, values))) throw new AppError('NOT_FOUND');
  return getWatchlist(db, userId, id);
}

export async function removeItem(db: Db, userId: string, id: string, projectId: string): Promise<void> {
  if (!(await q.selectOwnWatchlist(db, userId, id))) throw new AppError('NOT_FOUND');
  if (!(await q.deleteItem(db, id, projectId))) throw new AppError('NOT_FOUND');
}

const RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;

export async function getHistory(
  db: Db,
  userId: string,
  id: string,
  range: keyof typeof RANGE_DAYS,
  clock: TaskClock,
): Promise<WatchlistHistory> {
  if (!(await q.selectOwnWatchlist(db, userId, id))) throw new AppError('NOT_FOUND');
  // Today counts as one of the range's days: 7d = today and the six days before it, in the configured zone.
  const since = startOfDay(new Date(clock.now.getTime() - (RANGE_DAYS[range] - 1) * 86_400_000), clock.timeZone);
  const points = await selectHistory(db, id, since, clock.timeZone);
  return { range, timeZone: clock.timeZone, points };
}

/** Every project in any list of the user (the directory's filled stars). */
export async function listWatchedProjects(db: Db, userId: string): Promise<WatchedProjectsResponse> {
  return { projectIds: await q.selectWatchedProjectIds(db, userId) };
}

export async function getWatching(db: Db, userId: string, projectId: string): Promise<WatchingResponse> {
  const stored = (await findStoredProjectId(db, projectId)) ?? projectId;
  const lists = await q.selectWatching(db, userId, stored);
  return { projectId: stored, lists, limit: WATCHLISTS_PER_USER };
}
