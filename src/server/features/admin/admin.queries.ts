import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox, projects, sessions, users } from '../../db/schema/index.ts';

export async function selectAccountCounts(db: Db, now: Date) {
  const [row] = await db
    .select({
      users: count(),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
      verified: sql<number>`count(*) filter (where ${users.emailVerifiedAt} is not null)`.mapWith(Number),
    })
    .from(users);
  const [active] = await db.select({ sessions: count() }).from(sessions).where(gt(sessions.expiresAt, now));
  const [outbox] = await db
    .select({ unsent: count() })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt)));
  const [catalogue] = await db.select({ projects: count() }).from(projects);
  return {
    users: row?.users ?? 0,
    admins: row?.admins ?? 0,
    verified: row?.verified ?? 0,
    activeSessions: active?.sessions ?? 0,
    unsentMail: outbox?.unsent ?? 0,
    projects: catalogue?.projects ?? 0,
  };
}

export async function selectUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function selectAdmins(db: Db) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.email);
}
