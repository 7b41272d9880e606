import {
  NOTES_PER_PROJECT_PER_TEAM,
  type ProjectNote,
  type ProjectNotesResponse,
} from '../../../shared/api/team-sharing.schema.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { findStoredProjectId } from '../projects/projects.service.ts';
import { findTeamMembership, lockTeam, type TeamMembership } from '../teams/teams.service.ts';
import * as q from './team-sharing.queries.ts';
import { getTeamRef } from './team-sharing.service.ts';

type NoteRow = NonNullable<Awaited<ReturnType<typeof q.selectNote>>>;

function toNote(row: NoteRow, userId: string, role: TeamMembership['role']): ProjectNote {
  const isMe = row.authorId === userId;
  return {
    id: row.id,
    projectId: row.projectId,
    body: row.body,
    author: { name: row.authorName, isMe },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: isMe,
    canDelete: isMe || role === 'owner',
  };
}

/**
 * The caller's team's notes on a project, newest first. Throws PROJECT_NOT_FOUND for an unknown project; a caller in
 * no team gets team null and no notes (there is nobody's to see, and nothing says whether others wrote any).
 */
export async function listProjectNotes(db: Db, userId: string, projectIdAsked: string): Promise<ProjectNotesResponse> {
  const projectId = await findStoredProjectId(db, projectIdAsked);
  if (!projectId) throw new AppError('PROJECT_NOT_FOUND');
  const team = await getTeamRef(db, userId);
  if (!team) return { projectId, team: null, items: [], limit: NOTES_PER_PROJECT_PER_TEAM };
  const rows = await q.selectNotes(db, team.id, projectId);
  return {
    projectId,
    team,
    items: rows.map((row) => toNote(row, userId, team.role)),
    limit: NOTES_PER_PROJECT_PER_TEAM,
  };
}

/**
 * Writes a note for the caller's team. The team row is locked for update before the seat is re-read (share-locked) and
 * the project's notes counted, so parallel writers hold NOTES_PER_PROJECT_PER_TEAM and a member removed meanwhile
 * writes nothing. Throws TEAM_REQUIRED, PROJECT_NOT_FOUND, TEAM_NOTE_LIMIT_REACHED.
 */
export async function createProjectNote(
  db: Db,
  userId: string,
  projectIdAsked: string,
  body: string,
  now: Date,
): Promise<ProjectNote> {
  const projectId = await findStoredProjectId(db, projectIdAsked);
  if (!projectId) throw new AppError('PROJECT_NOT_FOUND');
  const first = await findTeamMembership(db, userId);
  if (!first) throw new AppError('TEAM_REQUIRED');
  return withTransaction(db, async (tx) => {
    // Team row first, then the seat: the order a team's deletion takes, so the two never deadlock.
    if (!(await lockTeam(tx, first.teamId))) throw new AppError('TEAM_REQUIRED');
    const membership = await q.lockMembership(tx, userId);
    if (!membership || membership.teamId !== first.teamId) throw new AppError('TEAM_REQUIRED');
    if ((await q.countNotes(tx, membership.teamId, projectId)) >= NOTES_PER_PROJECT_PER_TEAM) {
      throw new AppError('TEAM_NOTE_LIMIT_REACHED', { limit: NOTES_PER_PROJECT_PER_TEAM });
    }
    const inserted = await q.insertNote(tx, { teamId: membership.teamId, projectId, authorId: userId, body, now });
    const row = inserted && (await q.selectNote(tx, membership.teamId, inserted.id));
    if (!row) throw new AppError('INTERNAL');
    return toNote(row, userId, membership.role);
  });
}

/**
 * The note of the caller's team, with the caller's seat share-locked for the change; NOT_FOUND for another team's
 * note (or none), TEAM_EDIT_FORBIDDEN when `allowed` refuses.
 */
async function withOwnTeamNote<T>(
  db: Db,
  userId: string,
  id: string,
  allowed: (note: NoteRow, role: TeamMembership['role']) => boolean,
  change: (tx: Db, note: NoteRow, membership: TeamMembership) => Promise<T>,
): Promise<T> {
  return withTransaction(db, async (tx) => {
    const membership = await q.lockMembership(tx, userId);
    const note = membership ? await q.selectNote(tx, membership.teamId, id) : undefined;
    if (!membership || !note) throw new AppError('NOT_FOUND');
    if (!allowed(note, membership.role)) throw new AppError('TEAM_EDIT_FORBIDDEN');
    return change(tx, note, membership);
  });
}

/** Changes a note's text: its author only. */
export async function updateProjectNote(db: Db, userId: string, id: string, body: string, now: Date) {
  return withOwnTeamNote(
    db,
    userId,
    id,
    (note) => note.authorId === userId,
    async (tx, note, membership) => {
      await q.updateNoteBody(tx, membership.teamId, id, body, now);
      return toNote({ ...note, body, updatedAt: now }, userId, membership.role);
    },
  );
}

/** Deletes a note: its author or the team's owner. */
export async function deleteProjectNote(db: Db, userId: string, id: string): Promise<void> {
  await withOwnTeamNote(
    db,
    userId,
    id,
    (note, role) => note.authorId === userId || role === 'owner',
    (tx, _note, membership) => q.deleteNote(tx, membership.teamId, id),
  );
}
