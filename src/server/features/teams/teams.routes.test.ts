import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { InvitationCreatedSchema, MyTeamResponseSchema, TeamSchema } from '../../../shared/api/teams.schema.ts';
import { TEAM_SEATS } from '../../../shared/membership/level.ts';
import { teamInvitations, teamMembers, userProfiles, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAgent, readLatestMail } from '../auth/auth.test-support.ts';
import { createTeamAs, insertPerson, inviteAs, type Person } from './teams.test-support.ts';

// /api/team: the team, its seats and invitations, per viewer (visitor, free, premium, vip, admin test mode). The
// invitation, isolation and departure rules are in teams.invitations.test.ts; the races in teams.concurrency.test.ts.
let t: TestApp;
let n = 0;
const person = (level: 'free' | 'premium' | 'vip' = 'free', options?: { verified?: boolean; name?: string }) =>
  insertPerson(t, `team-routes-${++n}@example.com`, level, options);

beforeAll(async () => {
  t = await buildTestApp({ catalogue: false });
});
afterAll(() => t.close());

describe('GET /api/team', () => {
  test('a visitor gets 401 SIGN_IN_REQUIRED', async () => {
    const res = await createAgent(t.app).request({ url: '/api/team?lang=en' });

    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SIGN_IN_REQUIRED');
  });

  test.each([
    ['free', false],
    ['premium', false],
    ['vip', true],
  ] as const)('%s without a team: team null, allowed %s, never cached', async (level, allowed) => {
    const viewer = await person(level);

    const res = await viewer.agent.request({ url: '/api/team' });

    expect(res.statusCode).toBe(200);
    expect(MyTeamResponseSchema.parse(res.json())).toEqual({ team: null, allowed, vipSeats: TEAM_SEATS.vip });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

const UUID = '00000000-0000-4000-8000-000000000000';
const EVERY_ROUTE = [
  { method: 'POST', url: '/api/team', payload: { name: 'X' } },
  { method: 'PATCH', url: '/api/team', payload: { name: 'X' } },
  { method: 'DELETE', url: '/api/team' },
  { method: 'POST', url: '/api/team/invitations', payload: { email: 'x@example.com' } },
  { method: 'DELETE', url: `/api/team/invitations/${UUID}` },
  { method: 'POST', url: '/api/team/invitations/accept', payload: { token: 'abc' } },
  { method: 'POST', url: '/api/team/leave' },
  { method: 'DELETE', url: `/api/team/members/${UUID}` },
  { method: 'POST', url: '/api/team/transfer', payload: { userId: UUID } },
] as const;

describe('every route', () => {
  test('a visitor gets 401 SIGN_IN_REQUIRED on each', async () => {
    const visitor = createAgent(t.app);
    for (const route of EVERY_ROUTE) {
      const res = await visitor.request({ ...route, url: `${route.url}?lang=en` });
      expect([route.url, res.statusCode, res.json().error.code]).toEqual([route.url, 401, 'SIGN_IN_REQUIRED']);
    }
  });

  test.each(['free', 'premium', 'vip'] as const)('%s without a team: every team route answers 404', async (level) => {
    const viewer = await person(level);
    // Creating is not a team route, accepting needs a real link (teams.invitations.test.ts), and inviting below vip
    // meets the vip gate first (403, below).
    const routes = EVERY_ROUTE.slice(1).filter(
      (r) => !r.url.endsWith('/accept') && (level === 'vip' || r.url !== '/api/team/invitations'),
    );
    for (const route of routes) {
      const res = await viewer.agent.request(route);
      expect([route.method, route.url, res.statusCode]).toEqual([route.method, route.url, 404]);
    }
  });
});

describe('POST /api/team', () => {
  test('a visitor gets 401; free and premium get 403 FEATURE_LOCKED_VIP naming vip; nothing is stored', async () => {
    const visitor = await createAgent(t.app).request({ method: 'POST', url: '/api/team', payload: { name: 'X' } });
    expect(visitor.statusCode).toBe(401);
    for (const level of ['free', 'premium'] as const) {
      const viewer = await person(level);

      const res = await viewer.agent.request({ method: 'POST', url: '/api/team?lang=en', payload: { name: 'X' } });

      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'FEATURE_LOCKED_VIP',
        message: 'Upgrade to VIP to unlock this feature',
        details: { feature: 'team_collaboration', requiredLevel: 'vip' },
      });
      expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, viewer.userId))).toEqual([]);
    }
  });

  test('a vip creates a team and is its owner with one seat of five; a second create is 409', async () => {
    const owner = await person('vip', { name: 'Ada' });

    const created = await owner.agent.request({ method: 'POST', url: '/api/team', payload: { name: '  Alpha desk ' } });
    const again = await owner.agent.request({ method: 'POST', url: '/api/team?lang=en', payload: { name: 'Beta' } });

    expect(created.statusCode).toBe(201);
    const team = TeamSchema.parse(created.json());
    expect(team).toMatchObject({
      name: 'Alpha desk',
      role: 'owner',
      seats: { used: 1, limit: 5 },
      ownerPlanActive: true,
      invitations: [],
      members: [{ userId: owner.userId, name: 'Ada', email: owner.email, role: 'owner' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('TEAM_ALREADY_IN_TEAM');
    const mine = MyTeamResponseSchema.parse((await owner.agent.request({ url: '/api/team' })).json());
    expect(mine.team?.name).toBe('Alpha desk');
  });

  test('an unverified vip gets 403 EMAIL_NOT_VERIFIED', async () => {
    const owner = await person('vip', { verified: false });

    const res = await owner.agent.request({ method: 'POST', url: '/api/team', payload: { name: 'Alpha' } });

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  test.each([
    ['NUL', 'a\u0000b'],
    ['a line break', 'a\nb'],
    ['61 characters', 'x'.repeat(61)],
    ['100 kB', 'y'.repeat(100_000)],
    ['blank', '   '],
    ['a number', 42],
    ['missing', undefined],
  ])('a name with %s is refused with 4xx and nothing is stored', async (_label, name) => {
    const owner = await person('vip');

    const res = await owner.agent.request({ method: 'POST', url: '/api/team', payload: { name } });

    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.code).toEqual(expect.any(String));
    expect(await t.db.select().from(teamMembers).where(eq(teamMembers.userId, owner.userId))).toEqual([]);
  });

  test('HTML in a name is kept as text, exactly as typed', async () => {
    const owner = await person('vip');
    const name = '<img src=x onerror=alert(1)>&amp;';

    const team = await createTeamAs(owner, name);

    expect(team.name).toBe(name);
  });
});

describe('admin test mode', () => {
  async function admin(level: 'free' | 'vip') {
    const viewer = await person(level);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, viewer.userId));
    return viewer;
  }
  const preview = (viewer: Person, level: 'free' | 'premium' | 'vip') =>
    viewer.agent.request({ method: 'PUT', url: '/api/me/test-mode', payload: { level } });

  test('a free admin previewing vip sees allowed, but creating is refused with 403 TEAM_TEST_MODE', async () => {
    const viewer = await admin('free');
    expect((await preview(viewer, 'vip')).statusCode).toBe(200);

    const read = MyTeamResponseSchema.parse((await viewer.agent.request({ url: '/api/team' })).json());
    const res = await viewer.agent.request({ method: 'POST', url: '/api/team?lang=en', payload: { name: 'Preview' } });

    expect(read.allowed).toBe(true);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('TEAM_TEST_MODE');
  });

  test('a vip admin previewing free is refused as free would be (FEATURE_LOCKED_VIP)', async () => {
    const viewer = await admin('vip');
    await preview(viewer, 'free');

    const res = await viewer.agent.request({ method: 'POST', url: '/api/team', payload: { name: 'Preview' } });

    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FEATURE_LOCKED_VIP');
  });

  test('a vip admin previewing free still reads and renames the team it owns', async () => {
    const viewer = await admin('vip');
    await createTeamAs(viewer, 'Owned');
    await preview(viewer, 'free');

    const read = MyTeamResponseSchema.parse((await viewer.agent.request({ url: '/api/team' })).json());
    const renamed = await viewer.agent.request({ method: 'PATCH', url: '/api/team', payload: { name: 'Renamed' } });

    expect(read).toMatchObject({ allowed: false, team: { name: 'Owned', role: 'owner' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Renamed');
  });
});

describe('PATCH and DELETE /api/team', () => {
  test('without a team: 404 TEAM_NOT_FOUND', async () => {
    const viewer = await person('vip');

    const patch = await viewer.agent.request({ method: 'PATCH', url: '/api/team', payload: { name: 'X' } });
    const del = await viewer.agent.request({ method: 'DELETE', url: '/api/team' });

    expect([patch.statusCode, del.statusCode]).toEqual([404, 404]);
    expect(patch.json().error.code).toBe('TEAM_NOT_FOUND');
  });

  test('a member may neither rename nor delete (403 TEAM_OWNER_ONLY); the owner may', async () => {
    const owner = await person('vip');
    const member = await person('free');
    await createTeamAs(owner, 'Desk');
    const { token } = await inviteAs(owner, member.email, t.db);
    expect(
      (await member.agent.request({ method: 'POST', url: '/api/team/invitations/accept', payload: { token } }))
        .statusCode,
    ).toBe(200);

    const renameByMember = await member.agent.request({ method: 'PATCH', url: '/api/team', payload: { name: 'Mine' } });
    const deleteByMember = await member.agent.request({ method: 'DELETE', url: '/api/team' });
    const renamed = await owner.agent.request({ method: 'PATCH', url: '/api/team', payload: { name: 'Desk 2' } });
    const deleted = await owner.agent.request({ method: 'DELETE', url: '/api/team' });

    expect([renameByMember.statusCode, deleteByMember.statusCode]).toEqual([403, 403]);
    expect(renameByMember.json().error.code).toBe('TEAM_OWNER_ONLY');
    expect(TeamSchema.parse(renamed.json()).name).toBe('Desk 2');
    expect(deleted.statusCode).toBe(204);
    for (const viewer of [owner, member]) {
      expect((await viewer.agent.request({ url: '/api/team' })).json().team).toBeNull();
    }
  });
});

describe('POST /api/team/invitations', () => {
  test('free and premium get 403 FEATURE_LOCKED_VIP; a vip without a team 404', async () => {
    for (const level of ['free', 'premium'] as const) {
      const viewer = await person(level);
      const res = await viewer.agent.request({
        method: 'POST',
        url: '/api/team/invitations',
        payload: { email: 'x@example.com' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FEATURE_LOCKED_VIP');
    }
    const vip = await person('vip');
    const res = await vip.agent.request({ method: 'POST', url: '/api/team/invitations', payload: { email: 'x@x.io' } });
    expect(res.json().error.code).toBe('TEAM_NOT_FOUND');
  });

  test('sends a one-time link to the address; the answer and the table never hold the token', async () => {
    const owner = await person('vip', { name: 'Grace' });
    await createTeamAs(owner, 'Desk');

    const res = await owner.agent.request({
      method: 'POST',
      url: '/api/team/invitations?lang=en',
      payload: { email: 'Invitee.One@Example.com' },
    });

    expect(res.statusCode).toBe(201);
    const body = InvitationCreatedSchema.parse(res.json());
    expect(body).toMatchObject({ replaced: false, invitation: { email: 'invitee.one@example.com' } });
    const days = (Date.parse(body.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const { mail, token } = await readLatestMail(t.db, 'invitee.one@example.com');
    expect(mail.subject).toBe('Grace invited you to the team "Desk" on HeatRank');
    expect(mail.text).toContain(`/team/join?token=${token}`);
    expect(res.body).not.toContain(token!);
    const [row] = await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, body.invitation.id));
    expect(JSON.stringify(row)).not.toContain(token!);
  });

  test("the mail speaks the recipient account's chosen language, else the inviter's", async () => {
    const owner = await person('vip', { name: 'Lin' });
    await createTeamAs(owner, '研究组');
    const english = await person('free');
    await t.db.update(userProfiles).set({ language: 'en' }).where(eq(userProfiles.id, english.userId));

    await owner.agent.request({
      method: 'POST',
      url: '/api/team/invitations?lang=zh',
      payload: { email: english.email },
    });
    await owner.agent.request({
      method: 'POST',
      url: '/api/team/invitations?lang=zh',
      payload: { email: 'nobody-yet@example.com' },
    });

    expect((await readLatestMail(t.db, english.email)).mail.subject).toBe(
      'Lin invited you to the team "研究组" on HeatRank',
    );
    expect((await readLatestMail(t.db, 'nobody-yet@example.com')).mail.subject).toBe(
      'Lin 邀请你加入 HeatRank 团队「研究组」',
    );
  });

  test('re-inviting an address replaces its pending invitation: the old link answers 410 TEAM_INVITATION_REVOKED', async () => {
    const owner = await person('vip');
    const invitee = await person('free');
    await createTeamAs(owner);
    const first = await inviteAs(owner, invitee.email, t.db);

    const again = await owner.agent.request({
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: invitee.email },
    });
    const old = await invitee.agent.request({
      method: 'POST',
      url: '/api/team/invitations/accept?lang=en',
      payload: { token: first.token },
    });

    expect(again.json().replaced).toBe(true);
    expect(old.statusCode).toBe(410);
    expect(old.json().error.code).toBe('TEAM_INVITATION_REVOKED');
    const team = TeamSchema.parse((await owner.agent.request({ url: '/api/team' })).json().team);
    expect(team.invitations.map((i) => i.email)).toEqual([invitee.email]);
  });

  test("a member's address is refused (409); a member may not invite (403 TEAM_OWNER_ONLY)", async () => {
    const owner = await person('vip');
    const member = await person('vip');
    await createTeamAs(owner);
    const { token } = await inviteAs(owner, member.email, t.db);
    await member.agent.request({ method: 'POST', url: '/api/team/invitations/accept', payload: { token } });

    const dup = await owner.agent.request({
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: member.email },
    });
    const byMember = await member.agent.request({
      method: 'POST',
      url: '/api/team/invitations',
      payload: { email: 'z@example.com' },
    });

    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('TEAM_INVITEE_ALREADY_MEMBER');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.code).toBe('TEAM_OWNER_ONLY');
  });

  test.each([
    ['not an address', 'nope'],
    ['NUL', 'a\u0000@example.com'],
    ['HTML', '<b>@example.com'],
    ['huge', `${'a'.repeat(100_000)}@example.com`],
  ])('an e-mail that is %s is refused with 4xx and no mail', async (_label, email) => {
    const owner = await person('vip');
    await createTeamAs(owner);

    const res = await owner.agent.request({ method: 'POST', url: '/api/team/invitations', payload: { email } });

    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const team = TeamSchema.parse((await owner.agent.request({ url: '/api/team' })).json().team);
    expect(team.invitations).toEqual([]);
  });
});
