import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentHistory, userProfiles } from '../../db/schema/index.ts';

export type PaymentRow = typeof paymentHistory.$inferSelect;
export type NewPaymentRow = typeof paymentHistory.$inferInsert;

export async function insertPayment(db: Db, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await db.insert(paymentHistory).values(values).returning();
  return row!;
}

/** The payment, locked until the transaction ends (its state moves one writer at a time). */
export async function lockPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(paymentHistory).where(eq(paymentHistory.id, id)).for('update');
  return row;
}

/** The owner's profile row, locked: every change of one user's paid plan queues here. */
export async function lockProfileForPlan(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
    .for('update');
  return rows.length > 0;
}

export async function updatePayment(db: Db, id: string, values: Partial<NewPaymentRow>): Promise<PaymentRow> {
  const [row] = await db.update(paymentHistory).set(values).where(eq(paymentHistory.id, id)).returning();
  return row!;
}

export function selectSuccessfulPayments(db: Db, userId: string) {
  return db
    .select({
      id: paymentHistory.id,
      plan: paymentHistory.plan,
      period: paymentHistory.period,
      paidAt: paymentHistory.paidAt,
    })
    .from(paymentHistory)
    .where(and(eq(paymentHistory.userId, userId), eq(paymentHistory.state, 'success')));
}

/** Writes the derived periods: the successful rows get theirs, every other row of the user none. */
export async function writePeriods(
  db: Db,
  userId: string,
  periods: readonly { id: string; start: Date; end: Date }[],
): Promise<void> {
  await db
    .update(paymentHistory)
    .set({ periodStart: null, periodEnd: null })
    .where(
      and(
        eq(paymentHistory.userId, userId),
        inArray(paymentHistory.state, ['pending', 'processing', 'failed', 'refund']),
      ),
    );
  for (const period of periods) {
    await db
      .update(paymentHistory)
      .set({ periodStart: period.start, periodEnd: period.end })
      .where(eq(paymentHistory.id, period.id));
  }
}

export async function updatePaidPlan(db: Db, userId: string, plan: 'free' | 'premium' | 'vip', expiresAt: Date | null) {
  await db
    .update(userProfiles)
    .set({ membershipLevel: plan, membershipExpiresAt: expiresAt, updatedAt: sql`now()` })
    .where(eq(userProfiles.id, userId));
}

export async function selectPaymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(paymentHistory).where(eq(paymentHistory.id, id));
  return row;
}

export async function selectPaymentByRef(db: Db, provider: PaymentRow['provider'], ref: string) {
  const [row] = await db
    .select()
    .from(paymentHistory)
    .where(and(eq(paymentHistory.provider, provider), eq(paymentHistory.providerRef, ref)));
  return row;
}

/** A user's payments, newest first (spec: payment_history read by user_id, newest first). */
export function selectPaymentsOfUser(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(paymentHistory)
    .where(eq(paymentHistory.userId, userId))
    .orderBy(desc(paymentHistory.createdAt), desc(paymentHistory.id))
    .limit(limit);
}

/** Every payment, newest first, a page before `before` (the admin's list). */
export function selectPaymentsPage(db: Db, limit: number, before?: Date) {
  return db
    .select()
    .from(paymentHistory)
    .where(before ? lt(paymentHistory.createdAt, before) : undefined)
    .orderBy(desc(paymentHistory.createdAt), desc(paymentHistory.id))
    .limit(limit);
}
