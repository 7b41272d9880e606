import { displayNameOf } from '../../../shared/api/account.values.ts';
import {
  type InvitationCreated,
  type MyTeamResponse,
  TEAM_INVITATION_TTL_DAYS,
  TEAM_PENDING_INVITATIONS_MAX,
  type Team,
  type TeamInvitation,
} from '../../../shared/api/teams.schema.ts';
import type { Language } from '../../../shared/locales/index.ts';
import { canUse, computeEffectiveLevel, type MembershipLevel, TEAM_SEATS } from '../../../shared/membership/level.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Db } from '../../db/client.ts';
import type { TeamRole } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { createRandomToken, hashToken } from '../auth/auth.service.ts';
import { notify } from '../notifications/notify.service.ts';
import { sendInvitationMail, type TeamMailDeps } from './team-mail.ts';
import { findTeamMembership, lockTeam } from './team-membership.ts';
import * as q from './teams.queries.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { findTeamMembership, lockTeam, type TeamMembership } from './team-membership.ts';

type Plan = Awaited<ReturnType<typeof q.selectOwnerPlan>>;

/** The owner's level now (test mode never counts: seats are the owner's real plan); 'free' without an owner row. */
function ownerLevelOf(plan: Plan, now: Date): MembershipLevel {
  if (!plan || plan.points === null || plan.paidLevel === null) return 'free';
  return computeEffectiveLevel(
    { points: plan.points, paidLevel: plan.paidLevel, paidExpiresAt: plan.paidExpiresAt },
    now,
  );
}

const toInvitation = (row: { id: string; email: string; expiresAt: Date; createdAt: Date }): TeamInvitation => ({
  id: row.id,
  email: row.email,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** The team as one member sees it: members, seats of the owner's current plan, pending invitations for the owner. */
async function readTeam(db: Db, teamId: string, role: TeamRole, now: Date): Promise<Team> {
  const team = await q.selectTeam(db, teamId);
  if (!team) throw new AppError('TEAM_NOT_FOUND');
  const members = await q.selectMembers(db, teamId);
  const level = ownerLevelOf(await q.selectOwnerPlan(db, teamId), now);
  const invitations = role === 'owner' ? (await q.selectPendingInvitations(db, teamId, now)).map(toInvitation) : [];
  return {
    id: team.id,
    name: team.name,
    createdAt: team.createdAt.toISOString(),
    role,
    members: members.map((m) => ({
      userId: m.userId,
      // '' for an account with neither a name nor an e-mail: the page words it in the reader's language.
      name: displayNameOf({ email: m.email, name: m.name }, ''),
      email: m.email,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
    })),
    seats: { used: members.length, limit: TEAM_SEATS[level] },
    ownerPlanActive: canUse(level, 'team_collaboration'),
    invitations,
  };
}

/** GET /api/team: my team (null when none), whether my level may create one, and a vip team's seats. */
export async function getMyTeam(db: Db, viewer: Viewer, now: Date): Promise<MyTeamResponse> {
  const membership = await findTeamMembership(db, viewer.userId!);
  return {
    team: membership ? await readTeam(db, membership.teamId, membership.role, now) : null,
    allowed: canUse(viewer.level, 'team_collaboration'),
    vipSeats: TEAM_SEATS.vip,
  };
}

/**
 * A team lives outside this session, so a test-mode preview that lends vip to a lower actual level may not create or
 * invite (403 TEAM_TEST_MODE), as API keys are refused; a preview of a lower level is honoured (403 FEATURE_LOCKED_VIP).
 */
function assertMayGrow(viewer: Viewer): void {
  assertCanUse(viewer, 'team_collaboration');
  if (viewer.testLevel && !canUse(viewer.actualLevel, 'team_collaboration')) {
    throw new AppError('TEAM_TEST_MODE', {}, { testLevel: viewer.testLevel, actualLevel: viewer.actualLevel });
  }
}

/** Creates a team owned by the viewer (vip); 409 TEAM_ALREADY_IN_TEAM when they have a seat anywhere. */
export async function createTeam(db: Db, viewer: Viewer, name: string, now: Date): Promise<Team> {
  assertMayGrow(viewer);
  const userId = viewer.userId!;
  const teamId = await withTransaction(db, async (tx) => {
    if (await findTeamMembership(tx, userId)) throw new AppError('TEAM_ALREADY_IN_TEAM');
    const { id } = await q.insertTeam(tx, name, now);
    // The unique seat index is the real guard: a parallel create or acceptance that won leaves this one nothing.
    if (!(await q.insertMember(tx, id, userId, 'owner', now))) throw new AppError('TEAM_ALREADY_IN_TEAM');
    return id;
  });
  return readTeam(db, teamId, 'owner', now);
}

/**
 * Runs `fn` as the owner of the user's team, behind the team's row lock, with the role read again under the lock (a
 * transfer racing this request cannot leave a former owner acting): 404 TEAM_NOT_FOUND without a team, 403
 * TEAM_OWNER_ONLY for a member.
 */
async function asOwner<T>(db: Db, userId: string, fn: (tx: Db, teamId: string) => Promise<T>): Promise<T> {
  const membership = await findTeamMembership(db, userId);
  if (!membership) throw new AppError('TEAM_NOT_FOUND');
  if (membership.role !== 'owner') throw new AppError('TEAM_OWNER_ONLY');
  return withTransaction(db, async (tx) => {
    if (!(await lockTeam(tx, membership.teamId))) throw new AppError('TEAM_NOT_FOUND');
    const role = await q.selectMemberRole(tx, membership.teamId, userId);
    if (!role) throw new AppError('TEAM_NOT_FOUND');
    if (role !== 'owner') throw new AppError('TEAM_OWNER_ONLY');
    return fn(tx, membership.teamId);
  });
}

/** Renames the team (owner, at any level: a lapsed plan keeps the team). */
export async function renameTeam(db: Db, userId: string, name: string, now: Date): Promise<Team> {
  const teamId = await asOwner(db, userId, async (tx, id) => {
    await q.renameTeam(tx, id, name, now);
    return id;
  });
  return readTeam(db, teamId, 'owner', now);
}

/**
 * Deletes the team (owner): seats, invitations and the team's notes go with it; members' shared lists and searches
 * become private again (watchlists.team_id / saved_searches.team_id are ON DELETE SET NULL).
 */
export async function deleteTeam(db: Db, userId: string): Promise<void> {
  await asOwner(db, userId, (tx, id) => q.deleteTeam(tx, id));
}

/**
 * Invites an address (owner, vip): a one-time link valid TEAM_INVITATION_TTL_DAYS, only its hash stored, replacing a
 * pending invitation to the same address. Refused when the address is a member's (409), the team is full (409
 * TEAM_FULL) or TEAM_PENDING_INVITATIONS_MAX are pending. The mail goes out after the commit, in the recipient
 * account's language when it has chosen one, else the inviter's.
 */
export async function inviteMember(
  deps: TeamMailDeps,
  viewer: Viewer,
  email: string,
  lang: Language,
  now: Date,
): Promise<InvitationCreated> {
  assertMayGrow(viewer);
  const userId = viewer.userId!;
  const address = email.toLowerCase();
  const token = createRandomToken();
  const created = await asOwner(deps.db, userId, async (tx, teamId) => {
    if (await q.isMemberEmail(tx, teamId, address)) throw new AppError('TEAM_INVITEE_ALREADY_MEMBER');
    const limit = TEAM_SEATS[ownerLevelOf(await q.selectOwnerPlan(tx, teamId), now)];
    if ((await q.countMembers(tx, teamId)) >= limit) throw new AppError('TEAM_FULL', { limit });
    const replaced = await q.revokePendingTo(tx, teamId, address, now);
    if ((await q.countPendingInvitations(tx, teamId, now)) >= TEAM_PENDING_INVITATIONS_MAX) {
      throw new AppError('TEAM_INVITATION_LIMIT_REACHED', { limit: TEAM_PENDING_INVITATIONS_MAX });
    }
    const row = await q.insertInvitation(tx, {
      teamId,
      email: address,
      tokenHash: hashToken(token),
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + TEAM_INVITATION_TTL_DAYS * DAY_MS),
      createdAt: now,
    });
    const team = await q.selectTeam(tx, teamId);
    return { row, replaced: replaced > 0, teamName: team?.name ?? '' };
  });
  const inviter = await q.selectPerson(deps.db, userId);
  await sendInvitationMail(deps, {
    to: address,
    token,
    teamName: created.teamName,
    inviterName: displayNameOf({ email: inviter?.email ?? null, name: inviter?.name }, 'HeatRank'),
    lang: (await q.selectLanguageByEmail(deps.db, address)) ?? lang,
  });
  return { invitation: toInvitation(created.row), replaced: created.replaced };
}

/** Revokes a pending invitation (owner); 404 for another team's id, an unknown or an already settled one. */
export async function revokeInvitation(db: Db, userId: string, id: string, now: Date): Promise<void> {
  await asOwner(db, userId, async (tx, teamId) => {
    if (!(await q.revokeInvitation(tx, teamId, id, now))) throw new AppError('TEAM_INVITATION_NOT_FOUND');
  });
}

export type Accepter = { id: string; email: string | null; emailVerified: boolean };

/**
 * Accepts an invitation link. Atomic behind the team's row lock, then the invitation's: of 50 parallel acceptances of
 * one link one seat is made (the rest: 410 TEAM_INVITATION_USED), and the seat count and the insert see every other
 * acceptance, so the cap holds. Refusals: unknown token 404 TEAM_INVITATION_INVALID; used, revoked, expired 410;
 * another address 403 TEAM_INVITATION_WRONG_ACCOUNT (case-insensitive); already in a team 409; owner's plan below
 * vip 409 TEAM_PLAN_LAPSED; full 409 TEAM_FULL. The owner is notified in the same transaction.
 */
export async function acceptInvitation(db: Db, user: Accepter, token: string, now: Date): Promise<Team> {
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED');
  const tokenHash = hashToken(token);
  const found = await q.selectInvitationByHash(db, tokenHash);
  if (!found) throw new AppError('TEAM_INVITATION_INVALID');
  const teamId = await withTransaction(db, async (tx) => {
    const team = await lockTeam(tx, found.teamId);
    const invitation = team ? await q.selectInvitationByHash(tx, tokenHash, true) : undefined;
    if (!team || !invitation) throw new AppError('TEAM_INVITATION_INVALID');
    if (invitation.acceptedAt) throw new AppError('TEAM_INVITATION_USED');
    if (invitation.revokedAt) throw new AppError('TEAM_INVITATION_REVOKED');
    if (invitation.expiresAt.getTime() <= now.getTime()) throw new AppError('TEAM_INVITATION_EXPIRED');
    if (user.email?.toLowerCase() !== invitation.email.toLowerCase()) {
      throw new AppError('TEAM_INVITATION_WRONG_ACCOUNT');
    }
    if (await findTeamMembership(tx, user.id)) throw new AppError('TEAM_ALREADY_IN_TEAM');
    const owner = await q.selectOwnerPlan(tx, team.id);
    const level = ownerLevelOf(owner, now);
    if (!canUse(level, 'team_collaboration')) throw new AppError('TEAM_PLAN_LAPSED');
    const limit = TEAM_SEATS[level];
    if ((await q.countMembers(tx, team.id)) >= limit) throw new AppError('TEAM_FULL', { limit });
    if (!(await q.insertMember(tx, team.id, user.id, 'member', now))) throw new AppError('TEAM_ALREADY_IN_TEAM');
    await q.markAccepted(tx, invitation.id, user.id, now);
    if (owner) {
      const person = await q.selectPerson(tx, user.id);
      await notify(tx, [
        {
          userId: owner.userId,
          kind: 'team_member_joined',
          params: {
            teamId: team.id,
            teamName: team.name,
            memberName: displayNameOf({ email: person?.email ?? null, name: person?.name }, ''),
          },
          link: '/team',
          dedupeKey: `team_joined:${invitation.id}`,
        },
      ]);
    }
    return team.id;
  });
  return readTeam(db, teamId, 'member', now);
}

/**
 * A member leaves: the seat goes and their lists and searches shared with the team become private, in one
 * transaction. The owner must transfer or delete first (409 TEAM_OWNER_CANNOT_LEAVE).
 */
export async function leaveTeam(db: Db, userId: string): Promise<void> {
  const membership = await findTeamMembership(db, userId);
  if (!membership) throw new AppError('TEAM_NOT_FOUND');
  await withTransaction(db, async (tx) => {
    await lockTeam(tx, membership.teamId);
    const role = await q.selectMemberRole(tx, membership.teamId, userId);
    if (!role) throw new AppError('TEAM_NOT_FOUND');
    if (role === 'owner') throw new AppError('TEAM_OWNER_CANNOT_LEAVE');
    await q.deleteMember(tx, membership.teamId, userId);
    await q.unshareOf(tx, membership.teamId, userId);
  });
}

/** The owner removes a member (their shared lists and searches become private); 404 for anyone not a member here. */
export async function removeMember(db: Db, userId: string, memberId: string): Promise<void> {
  await asOwner(db, userId, async (tx, teamId) => {
    if (memberId === userId) throw new AppError('TEAM_OWNER_CANNOT_LEAVE');
    if (!(await q.deleteMember(tx, teamId, memberId))) throw new AppError('TEAM_MEMBER_NOT_FOUND');
    await q.unshareOf(tx, teamId, memberId);
  });
}

/**
 * The owner hands the team to a member, who becomes owner while the old owner stays as a member. The seats then
 * follow the new owner's plan (docs/teams.md). 404 TEAM_MEMBER_NOT_FOUND for anyone not a member of this team.
 */
export async function transferOwnership(db: Db, userId: string, memberId: string, now: Date): Promise<Team> {
  const teamId = await asOwner(db, userId, async (tx, id) => {
    if (memberId === userId) return id;
    if ((await q.selectMemberRole(tx, id, memberId)) !== 'member') throw new AppError('TEAM_MEMBER_NOT_FOUND');
    // Demote first: one owner per team is a unique index.
    await q.setRole(tx, id, userId, 'member');
    await q.setRole(tx, id, memberId, 'owner');
    return id;
  });
  const role = memberId === userId ? 'owner' : 'member';
  return readTeam(db, teamId, role, now);
}

/**
 * Before an account is deleted (inside its transaction): a member's seat goes with the account; an owner alone in
 * the team takes the team with them; an owner with members is refused (409 TEAM_OWNER_CANNOT_LEAVE), as leaving is —
 * a team is never left without an owner.
 */
export async function releaseTeamOfDeletedAccount(tx: Db, userId: string): Promise<void> {
  const membership = await findTeamMembership(tx, userId);
  if (membership?.role !== 'owner') return;
  await lockTeam(tx, membership.teamId);
  if ((await q.countMembers(tx, membership.teamId)) > 1) throw new AppError('TEAM_OWNER_CANNOT_LEAVE');
  await q.deleteTeam(tx, membership.teamId);
}
