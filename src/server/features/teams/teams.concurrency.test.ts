import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEAM_SEATS } from '../../../shared/membership/level.ts';
import { teamMembers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { accept, createTeamAs, insertInvitations, insertPerson, inviteAs } from './teams.test-support.ts';

// The seat rules hold under parallel requests (PGlite here; TEST_DATABASE_URL runs it on PostgreSQL's real
// concurrency): the team row lock serialises every acceptance's count and insert.
describe('team invitations under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('50 parallel acceptances of one link make exactly one membership', async () => {
    const owner = await insertPerson(t, 'race-one-owner@example.com', 'vip');
    const team = await createTeamAs(owner, 'One link');
    const invitee = await insertPerson(t, 'race-one-invitee@example.com');
    const { token } = await inviteAs(owner, invitee.email, t.db);
    await invitee.agent.csrf();

    const responses = await Promise.all(Array.from({ length: 50 }, () => accept(invitee, token)));

    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 410)).toHaveLength(49);
    expect(new Set(responses.filter((r) => r.statusCode === 410).map((r) => r.json().error.code))).toEqual(
      new Set(['TEAM_INVITATION_USED']),
    );
    const seats = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(seats).toHaveLength(2);
  });

  test('50 parallel acceptances of 50 different links fill the seats exactly and no further', async () => {
    const owner = await insertPerson(t, 'race-many-owner@example.com', 'vip');
    const team = await createTeamAs(owner, 'Many links');
    const invitees = await Promise.all(
      Array.from({ length: 50 }, (_, i) => insertPerson(t, `race-many-${i}@example.com`)),
    );
    const tokens = await insertInvitations(
      t.db,
      team.id,
      invitees.map((p) => p.email),
    );

    const responses = await Promise.all(invitees.map((p, i) => accept(p, tokens[i]!)));

    const codes = responses.map((r) => r.statusCode);
    const free = TEAM_SEATS.vip - 1;
    expect(codes.filter((c) => c === 200)).toHaveLength(free);
    expect(codes.filter((c) => c === 409)).toHaveLength(50 - free);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().error.code))).toEqual(
      new Set(['TEAM_FULL']),
    );
    const seats = await t.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id));
    expect(seats).toHaveLength(TEAM_SEATS.vip);
  });
});
