import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox, users } from '../db/schema/index.ts';

// mail_outbox: the queue every mail goes through (and the only record of it when no SMTP server is configured).

export async function insertMail(db: Db, values: typeof mailOutbox.$inferInsert): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail_outbox insert returned no row');
  return row.id;
}

/** Queues a mail only when `to` is an account's e-mail, in one INSERT … SELECT (same statement either way). */
export async function insertMailToAccount(
  db: Db,
  values: { to: string; subject: string; text: string },
): Promise<string | undefined> {
  const [row] = await db
    .insert(mailOutbox)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          to: users.email,
          subject: sql<string>`${values.subject}::text`.as('subject'),
          text: sql<string>`${values.text}::text`.as('text'),
          sentAt: sql<Date | null>`NULL::timestamptz`.as('sent_at'),
          error: sql<string | null>`NULL::text`.as('error'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(eq(users.email, values.to)),
    )
    .returning({ id: mailOutbox.id });
  return row?.id;
}

export async function updateMailResult(
  db: Db,
  id: string,
  result: { sentAt?: Date; error?: string; text?: string },
): Promise<void> {
  await db.update(mailOutbox).set(result).where(eq(mailOutbox.id, id));
}

export async function deleteMailCreatedBefore(db: Db, before: Date): Promise<void> {
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, before));
}
