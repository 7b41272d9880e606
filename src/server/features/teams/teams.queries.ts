import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  savedSearches,
  type TeamRole,
  teamInvitations,
  teamMembers,
  teams,
  userProfiles,
  users,
  watchlists,
} from '../../db/schema/index.ts';

export async function selectTeam(db: Db, teamId: string) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, createdAt: teams.createdAt })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export async function insertTeam(db: Db, name: string, now: Date) {
  const [row] = await db.insert(teams).values({ name, createdAt: now, updatedAt: now }).returning({ id: teams.id });
  return row!;
}

export async function renameTeam(db: Db, teamId: string, name: string, now: Date) {
  await db.update(teams).set({ name, updatedAt: now }).where(eq(teams.id, teamId));
}

export async function deleteTeam(db: Db, teamId: string) {
  await db.delete(teams).where(eq(teams.id, teamId));
}

/** Inserts a seat; false when the user already has one (team_members_user_idx), so no error escapes the statement. */
export async function insertMember(db: Db, teamId: string, userId: string, role: TeamRole, now: Date) {
  const rows = await db
    .insert(teamMembers)
    .values({ teamId, userId, role, joinedAt: now })
    .onConflictDoNothing({ target: teamMembers.userId })
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

export async function deleteMember(db: Db, teamId: string, userId: string) {
  const rows = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ role: teamMembers.role });
  return rows[0];
}

export async function setRole(db: Db, teamId: string, userId: string, role: TeamRole) {
  const rows = await db
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .returning({ userId: teamMembers.userId });
  return rows.length > 0;
}

export async function selectMemberRole(db: Db, teamId: string, userId: string) {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role;
}

export async function countMembers(db: Db, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return row?.n ?? 0;
}

/** The members with their account e-mail and profile name, owner first, then by joining time. */
export function selectMembers(db: Db, teamId: string) {
  return db
    .select({
      userId: teamMembers.userId,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      email: users.email,
      name: userProfiles.name,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(sql`${teamMembers.role} = 'owner' DESC`, asc(teamMembers.joinedAt), asc(teamMembers.userId));
}

/** What the owner's level is computed from (points and paid plan), read now. */
export async function selectOwnerPlan(db: Db, teamId: string) {
  const [row] = await db
    .select({
      userId: teamMembers.userId,
      points: userProfiles.points,
      paidLevel: userProfiles.membershipLevel,
      paidExpiresAt: userProfiles.membershipExpiresAt,
    })
    .from(teamMembers)
    .leftJoin(userProfiles, eq(userProfiles.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
  return row;
}

const pending = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

const invitationColumns = {
  id: teamInvitations.id,
  teamId: teamInvitations.teamId,
  email: teamInvitations.email,
  expiresAt: teamInvitations.expiresAt,
  acceptedAt: teamInvitations.acceptedAt,
  revokedAt: teamInvitations.revokedAt,
  createdAt: teamInvitations.createdAt,
};

export function selectPendingInvitations(db: Db, teamId: string, now: Date) {
  return db
    .select(invitationColumns)
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

export async function countPendingInvitations(db: Db, teamId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)));
  return row?.n ?? 0;
}

/** Revokes the team's pending invitations to an address (a re-invite replaces them); how many there were. */
export async function revokePendingTo(db: Db, teamId: string, email: string, now: Date): Promise<number> {
  const rows = await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), pending(now)))
    .returning({ id: teamInvitations.id });
  return rows.length;
}

export async function insertInvitation(db: Db, values: typeof teamInvitations.$inferInsert) {
  const [row] = await db.insert(teamInvitations).values(values).returning(invitationColumns);
  return row!;
}

/** Revokes one pending invitation of this team; undefined for another team's id, an unknown or a settled one. */
export async function revokeInvitation(db: Db, teamId: string, id: string, now: Date) {
  const [row] = await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), pending(now)))
    .returning({ id: teamInvitations.id });
  return row;
}

/** The invitation a token's hash names, optionally locked (FOR UPDATE) inside the accepting transaction. */
export async function selectInvitationByHash(db: Db, tokenHash: string, lock = false) {
  const query = db.select(invitationColumns).from(teamInvitations).where(eq(teamInvitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markAccepted(db: Db, id: string, userId: string, now: Date) {
  await db.update(teamInvitations).set({ acceptedAt: now, acceptedBy: userId }).where(eq(teamInvitations.id, id));
}

/** A user's e-mail and whether it is verified, and the profile's name and language (the invitee's mail language). */
export async function selectPerson(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, name: userProfiles.name })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The language an account at this address chose, if any (the invitation mail speaks it). */
export async function selectLanguageByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ language: userProfiles.language })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.email, email));
  return row?.language ?? null;
}

/** Whether a member of the team has this (lower-cased) e-mail. */
export async function isMemberEmail(db: Db, teamId: string, email: string): Promise<boolean> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email)));
  return rows.length > 0;
}

/** A departing member's lists and searches go back to private (the team no longer reads them). */
export async function unshareOf(db: Db, teamId: string, userId: string) {
  await db
    .update(watchlists)
    .set({ teamId: null })
    .where(and(eq(watchlists.userId, userId), eq(watchlists.teamId, teamId)));
  await db
    .update(savedSearches)
    .set({ teamId: null })
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.teamId, teamId)));
}
