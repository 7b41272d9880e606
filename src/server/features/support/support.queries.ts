import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { SupportState } from '../../../shared/api/support.schema.ts';
import type { Db } from '../../db/client.ts';
import { projects, supportMessages, supportRequests, userProfiles, users } from '../../db/schema/index.ts';

type Page = { limit: number; offset: number };

/** A user's support writes take turns: their caps are counted and written under this transaction-scoped lock. */
export async function lockUserSupport(db: Db, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727033, hashtext(${`support:${userId}`}))`);
}

/** What the caps count: requests not closed, requests opened since `since`, the user's own messages since `since`. */
export async function countUserSupport(db: Db, userId: string, since: Date) {
  const sinceSql = sql`${since.toISOString()}::timestamptz`;
  const [requests] = await db
    .select({
      unclosed: sql<number>`count(*) FILTER (WHERE ${supportRequests.state} <> 'closed')::int`,
      recent: sql<number>`count(*) FILTER (WHERE ${supportRequests.createdAt} >= ${sinceSql})::int`,
    })
    .from(supportRequests)
    .where(eq(supportRequests.userId, userId));
  const [messages] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.authorId, userId),
        eq(supportMessages.authorRole, 'user'),
        sql`${supportMessages.createdAt} >= ${sinceSql}`,
      ),
    );
  return { unclosed: requests?.unclosed ?? 0, recent: requests?.recent ?? 0, messagesRecent: messages?.n ?? 0 };
}

export async function projectExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  return row !== undefined;
}

export async function insertSupportRequest(db: Db, row: typeof supportRequests.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(supportRequests).values(row).returning({ id: supportRequests.id });
  return inserted!.id;
}

export async function insertSupportMessage(db: Db, row: typeof supportMessages.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(supportMessages).values(row).returning({ id: supportMessages.id });
  return inserted!.id;
}

const messageCount = sql<number>`(SELECT count(*) FROM ${supportMessages} WHERE ${supportMessages.requestId} = ${supportRequests.id})::int`;

const requestColumns = {
  id: supportRequests.id,
  userId: supportRequests.userId,
  userEmail: users.email,
  projectId: supportRequests.projectId,
  projectName: projects.name,
  subject: supportRequests.subject,
  language: supportRequests.language,
  level: supportRequests.level,
  priority: supportRequests.priority,
  state: supportRequests.state,
  responseDueAt: supportRequests.responseDueAt,
  firstResponseAt: supportRequests.firstResponseAt,
  closedAt: supportRequests.closedAt,
  createdAt: supportRequests.createdAt,
  updatedAt: supportRequests.updatedAt,
  messageCount,
};

function selectRequests(db: Db) {
  return db
    .select(requestColumns)
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .leftJoin(projects, eq(projects.id, supportRequests.projectId));
}
export type SupportRequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

/** One user's requests, newest first: scoped by the user id, so another user's rows never match. */
export async function selectUserRequests(db: Db, userId: string, page: Page) {
  const where = eq(supportRequests.userId, userId);
  const [rows, [total]] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(supportRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One request, only when it is `userId`'s (undefined for another user's id: the caller answers 404). */
export async function selectUserRequest(db: Db, userId: string, id: string): Promise<SupportRequestRow | undefined> {
  const [row] = await selectRequests(db).where(and(eq(supportRequests.id, id), eq(supportRequests.userId, userId)));
  return row;
}

export async function selectRequest(db: Db, id: string): Promise<SupportRequestRow | undefined> {
  const [row] = await selectRequests(db).where(eq(supportRequests.id, id));
  return row;
}

/** Priority requests first, then the oldest first (the age the queue is worked by). */
const QUEUE_ORDER: SQL[] = [
  sql`CASE ${supportRequests.priority} WHEN 'priority' THEN 0 ELSE 1 END`,
  asc(supportRequests.createdAt),
  asc(supportRequests.id),
];

/** The admin queue: one state, or every request not closed ('active'). */
export async function selectQueue(db: Db, state: SupportState | 'active', page: Page) {
  const where = state === 'active' ? ne(supportRequests.state, 'closed') : inArray(supportRequests.state, [state]);
  const [rows, [total]] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(...QUEUE_ORDER)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(supportRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A thread's messages, oldest first, with the author's e-mail (the admin view; the user's view drops it). */
export function selectMessages(db: Db, requestId: string) {
  return db
    .select({
      id: supportMessages.id,
      authorRole: supportMessages.authorRole,
      authorEmail: users.email,
      text: supportMessages.text,
      createdAt: supportMessages.createdAt,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.requestId, requestId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

/** The request locked for a change: concurrent replies, follow-ups and closes of it take turns. */
export async function lockRequest(db: Db, id: string) {
  const [row] = await db
    .select({
      id: supportRequests.id,
      userId: supportRequests.userId,
      subject: supportRequests.subject,
      language: supportRequests.language,
      priority: supportRequests.priority,
      state: supportRequests.state,
      responseDueAt: supportRequests.responseDueAt,
      firstResponseAt: supportRequests.firstResponseAt,
    })
    .from(supportRequests)
    .where(eq(supportRequests.id, id))
    .for('update');
  return row;
}
export type LockedRequest = NonNullable<Awaited<ReturnType<typeof lockRequest>>>;

export async function countMessages(db: Db, requestId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.requestId, requestId));
  return row?.n ?? 0;
}

export async function updateSupportRequest(
  db: Db,
  id: string,
  set: Partial<
    Pick<typeof supportRequests.$inferInsert, 'state' | 'responseDueAt' | 'firstResponseAt' | 'closedAt'>
  > & {
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(supportRequests).set(set).where(eq(supportRequests.id, id));
}

/** Where a reply's e-mail goes: the account's address (when verified) and its chosen language. */
export async function selectRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, language: userProfiles.language })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}
