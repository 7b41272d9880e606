import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentHistory, users } from '../../db/schema/index.ts';

/** Every payment with its owner's e-mail, newest first, a page before `before` (the admin's list). */
export function selectAdminPaymentsPage(db: Db, limit: number, before?: Date) {
  return db
    .select({ payment: paymentHistory, userEmail: users.email })
    .from(paymentHistory)
    .leftJoin(users, eq(users.id, paymentHistory.userId))
    .where(before ? lt(paymentHistory.createdAt, before) : undefined)
    .orderBy(desc(paymentHistory.createdAt), desc(paymentHistory.id))
    .limit(limit);
}

export async function selectUserEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
