import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cryptoPayments, paymentHistory } from '../../db/schema/index.ts';

export type CryptoPaymentRow = typeof cryptoPayments.$inferSelect;

export async function insertCryptoPayment(db: Db, values: typeof cryptoPayments.$inferInsert) {
  const [row] = await db.insert(cryptoPayments).values(values).returning();
  return row!;
}

/** The payment joined with its crypto row (undefined unless both exist). */
export async function selectCryptoPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select({ payment: paymentHistory, crypto: cryptoPayments })
    .from(cryptoPayments)
    .innerJoin(paymentHistory, eq(paymentHistory.id, cryptoPayments.paymentId))
    .where(eq(cryptoPayments.paymentId, paymentId));
  return row;
}

/** The payment that holds a transaction hash, if any. */
export async function selectPaymentIdByHash(db: Db, txHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ paymentId: cryptoPayments.paymentId })
    .from(cryptoPayments)
    .where(eq(cryptoPayments.txHash, txHash));
  return row?.paymentId;
}

/**
 * Records the hash on the payment unless it already holds another one; true when the payment now holds this hash.
 * The unique index on tx_hash refuses a hash another payment holds (isUniqueViolation), whoever commits first.
 */
export async function claimHash(db: Db, paymentId: string, txHash: string): Promise<boolean> {
  const rows = await db
    .update(cryptoPayments)
    .set({ txHash })
    .where(
      and(
        eq(cryptoPayments.paymentId, paymentId),
        or(isNull(cryptoPayments.txHash), eq(cryptoPayments.txHash, txHash)),
      ),
    )
    .returning({ paymentId: cryptoPayments.paymentId });
  return rows.length > 0;
}

export async function updateCheck(
  db: Db,
  paymentId: string,
  values: Pick<Partial<CryptoPaymentRow>, 'fromAddress' | 'blockNumber' | 'confirmations' | 'checkedAt'>,
) {
  await db.update(cryptoPayments).set(values).where(eq(cryptoPayments.paymentId, paymentId));
}

/** Open crypto payments for the job: processing ones (to re-check), pending ones created before `staleBefore`. */
export function selectOpenCryptoPayments(db: Db, staleBefore: Date, limit: number) {
  return db
    .select({ paymentId: cryptoPayments.paymentId })
    .from(cryptoPayments)
    .innerJoin(paymentHistory, eq(paymentHistory.id, cryptoPayments.paymentId))
    .where(
      or(
        eq(paymentHistory.state, 'processing'),
        and(inArray(paymentHistory.state, ['pending']), lt(paymentHistory.createdAt, staleBefore)),
      ),
    )
    .orderBy(cryptoPayments.checkedAt)
    .limit(limit);
}
