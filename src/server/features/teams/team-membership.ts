import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type TeamRole, teamMembers, teams } from '../../db/schema/index.ts';

export type TeamMembership = { teamId: string; role: TeamRole };

/**
 * The one team a user belongs to, or null. Every team read and write is scoped by this row, so another team's ids
 * are simply not found (404), never "forbidden".
 */
export async function findTeamMembership(db: Db, userId: string): Promise<TeamMembership | null> {
  const [row] = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .limit(1);
  return row ?? null;
}

/**
 * The team row locked for update (undefined when the team is gone): every writer that counts within a team — seats,
 * invitations, notes — takes it first, so its cap holds across instances.
 */
export async function lockTeam(db: Db, teamId: string) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, createdAt: teams.createdAt })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for('update');
  return row;
}
