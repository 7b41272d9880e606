import { eq } from 'drizzle-orm';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../../shared/api/auth.values.ts';
import type { Team } from '../../../shared/api/teams.schema.ts';
import type { Db } from '../../db/client.ts';
import { teamInvitations, userProfiles, users } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import { setPaidPlan } from '../api-keys/api-keys.test-support.ts';
import { createRandomToken, hashToken } from '../auth/auth.service.ts';
import { type Agent, createAgent, readLatestMail } from '../auth/auth.test-support.ts';
import { createSession } from '../auth/session.service.ts';

const LIFETIME = { slidingMs: 86_400_000, absoluteMs: 7 * 86_400_000 };

export type Person = { agent: Agent; userId: string; email: string };

/**
 * A verified account with a session, written straight to the database (no sign-up round trip, so no per-IP sign-up
 * limit): what the 50-account races need. `level` gives it a running paid plan.
 */
export async function insertPerson(
  t: TestApp,
  email: string,
  level: 'free' | 'premium' | 'vip' = 'free',
  options: { verified?: boolean; name?: string } = {},
): Promise<Person> {
  const now = new Date();
  const [user] = await t.db
    .insert(users)
    .values({ email: email.toLowerCase(), emailVerifiedAt: options.verified === false ? null : now })
    .returning({ id: users.id, authEpoch: users.authEpoch });
  await t.db.insert(userProfiles).values({ id: user!.id, email: email.toLowerCase(), name: options.name ?? null });
  if (level !== 'free') await setPaidPlan(t.db, user!.id, level);
  const session = await createSession(t.db, user!, {}, now, LIFETIME);
  const agent = createAgent(t.app);
  agent.cookies.set(SESSION_COOKIE, session.token);
  agent.cookies.set(CSRF_COOKIE, session.csrfToken);
  return { agent, userId: user!.id, email: email.toLowerCase() };
}

export async function createTeamAs(owner: Person, name = 'Research'): Promise<Team> {
  const res = await owner.agent.request({ method: 'POST', url: '/api/team', payload: { name } });
  if (res.statusCode !== 201) throw new Error(`create team: ${res.statusCode} ${res.body}`);
  return res.json() as Team;
}

/** Invites through the API and reads the link's token back from the outbox, as the invitee's inbox would show it. */
export async function inviteAs(owner: Person, email: string, db: Db): Promise<{ id: string; token: string }> {
  const res = await owner.agent.request({ method: 'POST', url: '/api/team/invitations', payload: { email } });
  if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  const { token, mail } = await readLatestMail(db, email.toLowerCase());
  if (!token || !mail.text.includes('/team/join?token=')) throw new Error(`no invitation link in ${mail.text}`);
  return { id: res.json().invitation.id as string, token };
}

export function accept(person: Person, token: string, lang = 'en') {
  return person.agent.request({ method: 'POST', url: `/api/team/invitations/accept?lang=${lang}`, payload: { token } });
}

/** Pending invitations written straight to the table (known tokens), for races that need more links than one team may send. */
export async function insertInvitations(
  db: Db,
  teamId: string,
  emails: string[],
  expiresAt = new Date(Date.now() + 86_400_000),
) {
  const tokens = emails.map(() => createRandomToken());
  await db
    .insert(teamInvitations)
    .values(
      emails.map((email, i) => ({ teamId, email: email.toLowerCase(), tokenHash: hashToken(tokens[i]!), expiresAt })),
    );
  return tokens;
}

export async function expireInvitation(db: Db, id: string) {
  await db
    .update(teamInvitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(teamInvitations.id, id));
}
