import { and, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';
import { signUpVip } from '../api-keys/api-keys.test-support.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { signUpPremium } from '../watchlists/watchlists.test-support.ts';

/**
 * A team made by inserting rows (the teams feature's invitations are not needed to test what a team shares): the
 * owner's seat and each member's. Returns the team id.
 */
export async function insertTeam(db: Db, name: string, ownerId: string, memberIds: readonly string[] = []) {
  const [team] = await db.insert(teams).values({ name }).returning({ id: teams.id });
  if (!team) throw new Error('team insert failed');
  await db
    .insert(teamMembers)
    .values([
      { teamId: team.id, userId: ownerId, role: 'owner' as const },
      ...memberIds.map((userId) => ({ teamId: team.id, userId, role: 'member' as const })),
    ]);
  return team.id;
}

/** A member leaving (or being removed): their seat row deleted, as the teams service does. */
export async function removeSeat(db: Db, teamId: string, userId: string): Promise<void> {
  await db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

export async function addSeat(db: Db, teamId: string, userId: string): Promise<void> {
  await db.insert(teamMembers).values({ teamId, userId, role: 'member' });
}

/**
 * The cast of the team tests: team A (a vip owner, a premium author, a free reader), team B (a vip owner who is also
 * B's author) and a premium user in no team. Members read through their seat: the reader has no plan.
 */
export async function setUpTeams(app: App, db: Db) {
  const ownerA = await signUpVip(app, db, 'ts-owner-a@example.com');
  const authorA = await signUpPremium(app, db, 'ts-author-a@example.com');
  const readerA = await signUpAgent(app, 'ts-reader-a@example.com');
  const ownerB = await signUpVip(app, db, 'ts-owner-b@example.com');
  const loner = await signUpPremium(app, db, 'ts-loner@example.com');
  const readerId = readerA.me.user.id;
  const teamA = await insertTeam(db, 'Alpha Research', ownerA.userId, [authorA.userId, readerId]);
  const teamB = await insertTeam(db, 'Beta Desk', ownerB.userId);
  return {
    teamA,
    teamB,
    ownerA,
    authorA,
    readerA: { agent: readerA.agent, userId: readerId },
    ownerB,
    loner,
  };
}
