import type { Db } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';

/**
 * Claims a provider event id: true the first time, false when it was already applied (or is being applied by a
 * concurrent delivery, which this insert waits for). Run in the transaction that applies the event.
 */
export async function claimPaymentEvent(
  db: Db,
  event: { id: string; provider: 'stripe' | 'crypto'; type: string; paymentId: string | null },
): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}
