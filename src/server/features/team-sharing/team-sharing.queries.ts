import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  projectNotes,
  savedSearches,
  teamMembers,
  teams,
  userProfiles,
  users,
  watchlists,
} from '../../db/schema/index.ts';

// Every team read is scoped by the caller's team id, and a shared row counts only while its author is still in that
// team (the EXISTS below): a list shared before its author left is nobody's to read.

const authorStillIn = (teamId: string, authorColumn: typeof watchlists.userId | typeof savedSearches.userId) =>
  sql`EXISTS (SELECT 1 FROM team_members tm WHERE tm.team_id = ${teamId} AND tm.user_id = ${authorColumn})`;

/** The profile name, else the e-mail; null once the account is gone. */
const authorName = sql<string | null>`COALESCE(NULLIF(${userProfiles.name}, ''), ${users.email})`;

export async function selectTeamName(db: Db, teamId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  return row?.name;
}

/**
 * The caller's seat, share-locked for the rest of the transaction: a removal or a leave racing a write waits for it,
 * so nothing is written by someone who is no longer a member. (findTeamMembership is the plain read.)
 */
export async function lockMembership(db: Db, userId: string) {
  const [row] = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .for('share');
  return row;
}

/** Sets or clears a list's team; scoped by its author (another user's id matches no row). */
export async function setWatchlistTeam(db: Db, userId: string, id: string, teamId: string | null) {
  const [row] = await db
    .update(watchlists)
    .set({ teamId })
    .where(and(eq(watchlists.id, id), eq(watchlists.userId, userId)))
    .returning({ id: watchlists.id });
  return row;
}

export async function setSavedSearchTeam(db: Db, userId: string, id: string, teamId: string | null) {
  const [row] = await db
    .update(savedSearches)
    .set({ teamId })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return row;
}

const watchlistColumns = {
  id: watchlists.id,
  authorId: watchlists.userId,
  authorName,
  name: watchlists.name,
  createdAt: watchlists.createdAt,
  updatedAt: watchlists.updatedAt,
};

export function selectTeamWatchlists(db: Db, teamId: string) {
  return db
    .select({
      ...watchlistColumns,
      itemCount: sql<number>`(SELECT count(*)::int FROM watchlist_items i WHERE i.watchlist_id = ${watchlists.id})`,
    })
    .from(watchlists)
    .innerJoin(users, eq(users.id, watchlists.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, watchlists.userId))
    .where(and(eq(watchlists.teamId, teamId), authorStillIn(teamId, watchlists.userId)))
    .orderBy(desc(watchlists.updatedAt), asc(watchlists.id));
}

/** One list shared with this team, or undefined (another team's, unshared, or its author left). */
export async function selectTeamWatchlist(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select(watchlistColumns)
    .from(watchlists)
    .innerJoin(users, eq(users.id, watchlists.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, watchlists.userId))
    .where(and(eq(watchlists.id, id), eq(watchlists.teamId, teamId), authorStillIn(teamId, watchlists.userId)));
  return row;
}

const searchColumns = {
  id: savedSearches.id,
  authorId: savedSearches.userId,
  authorName,
  name: savedSearches.name,
  query: savedSearches.query,
  createdAt: savedSearches.createdAt,
  updatedAt: savedSearches.updatedAt,
};

export function selectTeamSavedSearches(db: Db, teamId: string) {
  return db
    .select(searchColumns)
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, savedSearches.userId))
    .where(and(eq(savedSearches.teamId, teamId), authorStillIn(teamId, savedSearches.userId)))
    .orderBy(desc(savedSearches.updatedAt), asc(savedSearches.id));
}

export async function selectTeamSavedSearch(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select(searchColumns)
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, savedSearches.userId))
    .where(
      and(eq(savedSearches.id, id), eq(savedSearches.teamId, teamId), authorStillIn(teamId, savedSearches.userId)),
    );
  return row;
}

const noteColumns = {
  id: projectNotes.id,
  projectId: projectNotes.projectId,
  body: projectNotes.body,
  authorId: projectNotes.authorId,
  authorName: sql<string | null>`COALESCE(NULLIF(${userProfiles.name}, ''), ${users.email})`,
  createdAt: projectNotes.createdAt,
  updatedAt: projectNotes.updatedAt,
};

export function selectNotes(db: Db, teamId: string, projectId: string) {
  return db
    .select(noteColumns)
    .from(projectNotes)
    .leftJoin(users, eq(users.id, projectNotes.authorId))
    .leftJoin(userProfiles, eq(userProfiles.id, projectNotes.authorId))
    .where(and(eq(projectNotes.teamId, teamId), eq(projectNotes.projectId, projectId)))
    .orderBy(desc(projectNotes.createdAt), desc(projectNotes.id));
}

/** One note of this team, or undefined (another team's id finds nothing). */
export async function selectNote(db: Db, teamId: string, id: string) {
  const [row] = await db
    .select(noteColumns)
    .from(projectNotes)
    .leftJoin(users, eq(users.id, projectNotes.authorId))
    .leftJoin(userProfiles, eq(userProfiles.id, projectNotes.authorId))
    .where(and(eq(projectNotes.id, id), eq(projectNotes.teamId, teamId)));
  return row;
}

export async function countNotes(db: Db, teamId: string, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projectNotes)
    .where(and(eq(projectNotes.teamId, teamId), eq(projectNotes.projectId, projectId)));
  return row?.n ?? 0;
}

export async function insertNote(
  db: Db,
  values: { teamId: string; projectId: string; authorId: string; body: string; now: Date },
) {
  const [row] = await db
    .insert(projectNotes)
    .values({ ...values, createdAt: values.now, updatedAt: values.now })
    .returning({ id: projectNotes.id });
  return row;
}

export async function updateNoteBody(db: Db, teamId: string, id: string, body: string, now: Date) {
  const rows = await db
    .update(projectNotes)
    .set({ body, updatedAt: now })
    .where(and(eq(projectNotes.id, id), eq(projectNotes.teamId, teamId)))
    .returning({ id: projectNotes.id });
  return rows.length > 0;
}

export async function deleteNote(db: Db, teamId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(projectNotes)
    .where(and(eq(projectNotes.id, id), eq(projectNotes.teamId, teamId)))
    .returning({ id: projectNotes.id });
  return rows.length > 0;
}
