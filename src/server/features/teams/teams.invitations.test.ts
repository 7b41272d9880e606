import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TeamSchema } from '../../../shared/api/teams.schema.ts';
import { notifications, savedSearches, teamMembers, watchlists } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { setPaidPlan } from '../api-keys/api-keys.test-support.ts';
import { createAgent } from '../auth/auth.test-support.ts';
import { accept, createTeamAs, expireInvitation, insertPerson, inviteAs, type Person } from './teams.test-support.ts';

// Accepting invitations, leaving, removing, transferring, and isolation: another team's ids answer 404 everywhere.
let t: TestApp;
let n = 0;
const person = (level: 'free' | 'premium' | 'vip' = 'free', options?: { verified?: boolean; name?: string }) =>
  insertPerson(t, `team-inv-${++n}@example.com`, level, options);

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
});
afterAll(() => t.close());

/** An owner with a team and `count` members who joined by invitation. */
async function teamWith(count: number, name = 'Desk') {
  const owner = await person('vip', { name: `Owner ${n}` });
  await createTeamAs(owner, name);
  const members: Person[] = [];
  for (let i = 0; i < count; i++) {
    const member = await person('free');
    const { token } = await inviteAs(owner, member.email, t.db);
    const res = await accept(member, token);
    if (res.statusCode !== 200) throw new Error(`accept: ${res.body}`);
    members.push(member);
  }
  return { owner, members };
}

const shareRows = async (member: Person, teamId: string) => {
  await t.db.insert(watchlists).values({ userId: member.userId, name: 'Shared list', teamId });
  await t.db.insert(savedSearches).values({ userId: member.userId, name: 'Shared search', teamId, query: {} });
};
const sharedOf = async (member: Person) => ({
  lists: (
    await t.db.select({ teamId: watchlists.teamId }).from(watchlists).where(eq(watchlists.userId, member.userId))
  ).map((r) => r.teamId),
  searches: (
    await t.db
      .select({ teamId: savedSearches.teamId })
      .from(savedSearches)
      .where(eq(savedSearches.userId, member.userId))
  ).map((r) => r.teamId),
});

describe('POST /api/team/invitations/accept', () => {
  test('the invited address joins as a member (case-insensitive); both see the team; the owner is notified', async () => {
    const owner = await person('vip', { name: 'Olga' });
    await createTeamAs(owner, 'Desk');
    const invitee = await person('free', { name: 'Ivan' });
    const { token } = await inviteAs(owner, invitee.email.toUpperCase(), t.db);

    const res = await accept(invitee, token);

    expect(res.statusCode).toBe(200);
    const team = TeamSchema.parse(res.json());
    expect(team).toMatchObject({ role: 'member', seats: { used: 2, limit: 5 }, invitations: [] });
    expect(team.members.map((m) => [m.name, m.role])).toEqual([
      ['Olga', 'owner'],
      ['Ivan', 'member'],
    ]);
    const ownerView = TeamSchema.parse((await owner.agent.request({ url: '/api/team' })).json().team);
    expect(ownerView.members).toHaveLength(2);
    const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, owner.userId));
    expect(note).toMatchObject({
      kind: 'team_member_joined',
      link: '/team',
      params: { teamId: team.id, teamName: 'Desk', memberName: 'Ivan' },
    });
  });

  test('an invitation for another address is refused with 403 and nothing changes', async () => {
    const owner = await person('vip');
    await createTeamAs(owner);
    const { token } = await inviteAs(owner, 'someone-else@example.com', t.db);
    const stranger = await person('free');

    const res = await accept(stranger, token);

    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'TEAM_INVITATION_WRONG_ACCOUNT',
      message: expect.stringMatching(/^This invitation was sent to another e-mail address/),
    });
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, stranger.userId))).toEqual([]);
  });

  test('an expired link is refused with 410 TEAM_INVITATION_EXPIRED', async () => {
    const owner = await person('vip');
    const invitee = await person('free');
    await createTeamAs(owner);
    const { id, token } = await inviteAs(owner, invitee.email, t.db);
    await expireInvitation(t.db, id);

    const res = await accept(invitee, token, 'zh');

    expect(res.statusCode).toBe(410);
    expect(res.json().error).toMatchObject({
      code: 'TEAM_INVITATION_EXPIRED',
      message: '邀请已过期：请让团队所有者重新邀请',
    });
  });

  test('a used link is refused with 410 TEAM_INVITATION_USED, even for the same person after leaving', async () => {
    const owner = await person('vip');
    const invitee = await person('free');
    await createTeamAs(owner);
    const { token } = await inviteAs(owner, invitee.email, t.db);
    expect((await accept(invitee, token)).statusCode).toBe(200);
    expect((await invitee.agent.request({ method: 'POST', url: '/api/team/leave' })).statusCode).toBe(204);

    const res = await accept(invitee, token);

    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('TEAM_INVITATION_USED');
  });

  test('a revoked link is refused with 410; revoking needs the owner; an unknown token is 404', async () => {
    const owner = await person('vip');
    const invitee = await person('free');
    await createTeamAs(owner);
    const { id, token } = await inviteAs(owner, invitee.email, t.db);

    const revoked = await owner.agent.request({ method: 'DELETE', url: `/api/team/invitations/${id}` });
    const again = await owner.agent.request({ method: 'DELETE', url: `/api/team/invitations/${id}` });
    const res = await accept(invitee, token);
    const unknown = await accept(invitee, 'not-a-real-token');

    expect(revoked.statusCode).toBe(204);
    expect(again.statusCode).toBe(404);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('TEAM_INVITATION_REVOKED');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('TEAM_INVITATION_INVALID');
  });

  test('a visitor gets 401; an unverified account 403 EMAIL_NOT_VERIFIED; a token of 100 kB or NUL 4xx', async () => {
    const owner = await person('vip');
    await createTeamAs(owner);
    const unverified = await person('free', { verified: false });
    const { token } = await inviteAs(owner, unverified.email, t.db);

    const visitor = await createAgent(t.app).request({
      method: 'POST',
      url: '/api/team/invitations/accept',
      payload: { token },
    });
    const res = await accept(unverified, token);
    const huge = await accept(unverified, 'x'.repeat(100_000));
    const nul = await accept(unverified, 'a\u0000b');

    expect(visitor.statusCode).toBe(401);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect([huge.statusCode, nul.statusCode]).toEqual([400, 400]);
  });

  test('someone already in a team gets 409 TEAM_ALREADY_IN_TEAM', async () => {
    const { members } = await teamWith(1, 'First');
    const other = await person('vip');
    await createTeamAs(other, 'Second');
    const { token } = await inviteAs(other, members[0]!.email, t.db);

    const res = await accept(members[0]!, token);

    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEAM_ALREADY_IN_TEAM');
  });

  test('a full team refuses the next acceptance (409 TEAM_FULL) and the next invitation', async () => {
    const { owner } = await teamWith(4);
    const late = await person('free');

    const invite = await owner.agent.request({
      method: 'POST',
      url: '/api/team/invitations?lang=en',
      payload: { email: late.email },
    });

    expect(invite.statusCode).toBe(409);
    expect(invite.json().error).toMatchObject({
      code: 'TEAM_FULL',
      message: 'The team is full: all 5 seats are taken',
    });
  });

  test("when the owner's plan lapses the team stays readable; invitations and acceptances are refused", async () => {
    const { owner, members } = await teamWith(1);
    const late = await person('free');
    const { token } = await inviteAs(owner, late.email, t.db);
    await setPaidPlan(t.db, owner.userId, 'vip', -1000);

    const read = TeamSchema.parse((await members[0]!.agent.request({ url: '/api/team' })).json().team);
    const invite = await owner.agent.request({
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: 'q@q.io' },
    });
    const res = await accept(late, token);

    expect(read).toMatchObject({ ownerPlanActive: false, seats: { used: 2, limit: 0 } });
    expect(invite.json().error.code).toBe('FEATURE_LOCKED_VIP');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEAM_PLAN_LAPSED');
  });
});

describe('leaving, removing, transferring, deleting', () => {
  test("a member leaves: the seat goes and their shared lists and searches turn private; others' stay shared", async () => {
    const { owner, members } = await teamWith(2);
    const [leaver, stayer] = members as [Person, Person];
    const teamId = (await owner.agent.request({ url: '/api/team' })).json().team.id;
    await shareRows(leaver, teamId);
    await shareRows(stayer, teamId);

    const res = await leaver.agent.request({ method: 'POST', url: '/api/team/leave' });

    expect(res.statusCode).toBe(204);
    expect((await leaver.agent.request({ url: '/api/team' })).json().team).toBeNull();
    expect(await sharedOf(leaver)).toEqual({ lists: [null], searches: [null] });
    expect(await sharedOf(stayer)).toEqual({ lists: [teamId], searches: [teamId] });
  });

  test('the owner cannot leave (409 TEAM_OWNER_CANNOT_LEAVE); without a team leaving is 404', async () => {
    const { owner } = await teamWith(0);
    const loner = await person('free');

    const res = await owner.agent.request({ method: 'POST', url: '/api/team/leave' });
    const none = await loner.agent.request({ method: 'POST', url: '/api/team/leave' });

    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEAM_OWNER_CANNOT_LEAVE');
    expect(none.statusCode).toBe(404);
  });

  test('the owner removes a member, whose shared rows turn private; a member may not remove (403)', async () => {
    const { owner, members } = await teamWith(2);
    const [removed, other] = members as [Person, Person];
    const teamId = (await owner.agent.request({ url: '/api/team' })).json().team.id;
    await shareRows(removed, teamId);

    const byMember = await other.agent.request({ method: 'DELETE', url: `/api/team/members/${removed.userId}` });
    const res = await owner.agent.request({ method: 'DELETE', url: `/api/team/members/${removed.userId}` });
    const self = await owner.agent.request({ method: 'DELETE', url: `/api/team/members/${owner.userId}` });

    expect(byMember.statusCode).toBe(403);
    expect(res.statusCode).toBe(204);
    expect(self.statusCode).toBe(409);
    expect(await sharedOf(removed)).toEqual({ lists: [null], searches: [null] });
    expect((await removed.agent.request({ url: '/api/team' })).json().team).toBeNull();
  });

  test('transfer: the member becomes owner, the old owner a member who may then leave', async () => {
    const { owner, members } = await teamWith(1);
    const heir = members[0]!;
    await setPaidPlan(t.db, heir.userId, 'vip');

    const res = await owner.agent.request({
      method: 'POST',
      url: '/api/team/transfer',
      payload: { userId: heir.userId },
    });
    const heirView = TeamSchema.parse((await heir.agent.request({ url: '/api/team' })).json().team);
    const left = await owner.agent.request({ method: 'POST', url: '/api/team/leave' });

    expect(res.statusCode).toBe(200);
    expect(TeamSchema.parse(res.json()).role).toBe('member');
    expect(heirView.role).toBe('owner');
    expect(heirView.members.find((m) => m.userId === owner.userId)?.role).toBe('member');
    expect(left.statusCode).toBe(204);
    const owners = await t.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, heirView.id), eq(teamMembers.role, 'owner')));
    expect(owners.map((o) => o.userId)).toEqual([heir.userId]);
  });

  test("deleting the team turns every member's shared rows private and ends every seat", async () => {
    const { owner, members } = await teamWith(1);
    const teamId = (await owner.agent.request({ url: '/api/team' })).json().team.id;
    await shareRows(members[0]!, teamId);

    const res = await owner.agent.request({ method: 'DELETE', url: '/api/team' });

    expect(res.statusCode).toBe(204);
    expect(await sharedOf(members[0]!)).toEqual({ lists: [null], searches: [null] });
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId))).toEqual([]);
  });
});

describe("another team's ids", () => {
  test('answer 404 on every route that takes an id, and change nothing', async () => {
    const a = await teamWith(1, 'Team A');
    const b = await teamWith(0, 'Team B');
    const pendingA = await inviteAs(a.owner, 'pending-a@example.com', t.db);
    const memberA = a.members[0]!;

    const revoke = await b.owner.agent.request({ method: 'DELETE', url: `/api/team/invitations/${pendingA.id}` });
    const remove = await b.owner.agent.request({ method: 'DELETE', url: `/api/team/members/${memberA.userId}` });
    const removeOwner = await b.owner.agent.request({ method: 'DELETE', url: `/api/team/members/${a.owner.userId}` });
    const transfer = await b.owner.agent.request({
      method: 'POST',
      url: '/api/team/transfer',
      payload: { userId: memberA.userId },
    });

    expect([revoke.statusCode, remove.statusCode, removeOwner.statusCode, transfer.statusCode]).toEqual([
      404, 404, 404, 404,
    ]);
    expect(revoke.json().error.code).toBe('TEAM_INVITATION_NOT_FOUND');
    expect(transfer.json().error.code).toBe('TEAM_MEMBER_NOT_FOUND');
    const teamA = TeamSchema.parse((await a.owner.agent.request({ url: '/api/team' })).json().team);
    expect(teamA.members).toHaveLength(2);
    expect(teamA.invitations.map((i) => i.id)).toEqual([pendingA.id]);
    const viewB = TeamSchema.parse((await b.owner.agent.request({ url: '/api/team' })).json().team);
    expect(JSON.stringify(viewB)).not.toContain(memberA.email);
  });

  test('a member of A does not see pending invitations (owner only)', async () => {
    const a = await teamWith(1);
    await inviteAs(a.owner, 'secret-pending@example.com', t.db);

    const view = TeamSchema.parse((await a.members[0]!.agent.request({ url: '/api/team' })).json().team);

    expect(view.invitations).toEqual([]);
  });
});
