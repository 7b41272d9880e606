import type {
  ShareResponse,
  TeamRef,
  TeamSavedSearch,
  TeamSavedSearchesResponse,
  TeamWatchlistDetail,
  TeamWatchlistsResponse,
} from '../../../shared/api/team-sharing.schema.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { updateSharedSavedSearch } from '../saved-searches/saved-searches.service.ts';
import type { TaskClock } from '../tasks/credit.service.ts';
import { findTeamMembership, type TeamMembership } from '../teams/teams.service.ts';
import { addItem, getWatchlist, removeItem, renameWatchlist } from '../watchlists/watchlists.service.ts';
import * as q from './team-sharing.queries.ts';

/** The caller's team with its name and the caller's role, or null (no team). */
export async function getTeamRef(db: Db, userId: string): Promise<TeamRef | null> {
  const membership = await findTeamMembership(db, userId);
  if (!membership) return null;
  const name = await q.selectTeamName(db, membership.teamId);
  return name === undefined ? null : { id: membership.teamId, name, role: membership.role };
}

type Authored = { authorId: string; authorName: string | null };
const shared = (row: Authored, userId: string, role: TeamMembership['role']) => ({
  author: { name: row.authorName, isMe: row.authorId === userId },
  canEdit: row.authorId === userId || role === 'owner',
});

/**
 * Shares the author's own list with their current team, or unshares it. Throws NOT_FOUND for an id that is not the
 * caller's, TEAM_REQUIRED when sharing without a team. The seat is share-locked while the row is written.
 */
export async function shareWatchlist(db: Db, userId: string, id: string, share: boolean): Promise<ShareResponse> {
  return withTransaction(db, async (tx) => {
    const membership = await q.lockMembership(tx, userId);
    if (share && !membership) throw new AppError('TEAM_REQUIRED');
    if (!(await q.setWatchlistTeam(tx, userId, id, share ? membership!.teamId : null))) throw new AppError('NOT_FOUND');
    return { id, shared: share };
  });
}

/** As shareWatchlist, for a saved search (SAVED_SEARCH_NOT_FOUND for another's id). */
export async function shareSavedSearch(db: Db, userId: string, id: string, share: boolean): Promise<ShareResponse> {
  return withTransaction(db, async (tx) => {
    const membership = await q.lockMembership(tx, userId);
    if (share && !membership) throw new AppError('TEAM_REQUIRED');
    const row = await q.setSavedSearchTeam(tx, userId, id, share ? membership!.teamId : null);
    if (!row) throw new AppError('SAVED_SEARCH_NOT_FOUND');
    return { id, shared: share };
  });
}

/** The team's shared lists (any member's), newest change first; no team → team null and nothing listed. */
export async function listTeamWatchlists(db: Db, userId: string): Promise<TeamWatchlistsResponse> {
  const team = await getTeamRef(db, userId);
  if (!team) return { team: null, items: [] };
  const rows = await q.selectTeamWatchlists(db, team.id);
  return {
    team,
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      itemCount: Number(row.itemCount),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...shared(row, userId, team.role),
    })),
  };
}

/** One shared list with its holdings and figures, as its author sees it. Throws NOT_FOUND outside the team. */
export async function getTeamWatchlist(db: Db, userId: string, id: string): Promise<TeamWatchlistDetail> {
  const membership = await findTeamMembership(db, userId);
  const row = membership ? await q.selectTeamWatchlist(db, membership.teamId, id) : undefined;
  if (!membership || !row) throw new AppError('NOT_FOUND');
  return { ...(await getWatchlist(db, row.authorId, id)), ...shared(row, userId, membership.role) };
}

/**
 * Runs a change of a shared list as its author's, after checking in the same transaction (seat share-locked) that the
 * caller is in the list's team (else NOT_FOUND) and is its author or the team owner (else TEAM_EDIT_FORBIDDEN).
 */
async function editTeamWatchlist<T>(
  db: Db,
  userId: string,
  id: string,
  change: (tx: Db, authorId: string) => Promise<T>,
): Promise<TeamWatchlistDetail & { result: T }> {
  return withTransaction(db, async (tx) => {
    const membership = await q.lockMembership(tx, userId);
    const row = membership ? await q.selectTeamWatchlist(tx, membership.teamId, id) : undefined;
    if (!membership || !row) throw new AppError('NOT_FOUND');
    if (row.authorId !== userId && membership.role !== 'owner') throw new AppError('TEAM_EDIT_FORBIDDEN');
    const result = await change(tx, row.authorId);
    return { ...(await getWatchlist(tx, row.authorId, id)), ...shared(row, userId, membership.role), result };
  });
}

export async function renameTeamWatchlist(db: Db, userId: string, id: string, name: string, now: Date) {
  const { result: _, ...detail } = await editTeamWatchlist(db, userId, id, (tx, authorId) =>
    renameWatchlist(tx, authorId, id, name, now),
  );
  return detail;
}

/** Adds a project to a shared list (no task credit: the author did not add it). `added` false: already there. */
export async function addTeamWatchlistItem(
  db: Db,
  userId: string,
  id: string,
  input: Parameters<typeof addItem>[3],
  clock: TaskClock,
) {
  const { result, ...detail } = await editTeamWatchlist(db, userId, id, (tx, authorId) =>
    addItem(tx, authorId, id, input, clock, { credit: false }),
  );
  return { added: result.added, detail };
}

export async function removeTeamWatchlistItem(db: Db, userId: string, id: string, projectId: string) {
  await editTeamWatchlist(db, userId, id, (tx, authorId) => removeItem(tx, authorId, id, projectId));
}

const toTeamSearch = (
  row: Authored & { id: string; name: string; query: unknown; createdAt: Date; updatedAt: Date },
  userId: string,
  role: TeamMembership['role'],
): TeamSavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query as Record<string, string>,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  ...shared(row, userId, role),
});

export async function listTeamSavedSearches(db: Db, userId: string): Promise<TeamSavedSearchesResponse> {
  const team = await getTeamRef(db, userId);
  if (!team) return { team: null, items: [] };
  const rows = await q.selectTeamSavedSearches(db, team.id);
  return { team, items: rows.map((row) => toTeamSearch(row, userId, team.role)) };
}

/** Renames a shared search or changes its query, as editTeamWatchlist decides who may. */
export async function updateTeamSavedSearch(
  db: Db,
  userId: string,
  id: string,
  body: Parameters<typeof updateSharedSavedSearch>[3],
  now: Date,
): Promise<TeamSavedSearch> {
  return withTransaction(db, async (tx) => {
    const membership = await q.lockMembership(tx, userId);
    const row = membership ? await q.selectTeamSavedSearch(tx, membership.teamId, id) : undefined;
    if (!membership || !row) throw new AppError('SAVED_SEARCH_NOT_FOUND');
    if (row.authorId !== userId && membership.role !== 'owner') throw new AppError('TEAM_EDIT_FORBIDDEN');
    const updated = await updateSharedSavedSearch(tx, row.authorId, id, body, now);
    return toTeamSearch(
      { ...row, ...updated, createdAt: row.createdAt, updatedAt: new Date(updated.updatedAt) },
      userId,
      membership.role,
    );
  });
}
