import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnalysisLang, BriefKind, BriefResponse } from '../../../shared/api/analysis.schema.ts';
import type { Db } from '../../db/client.ts';
import { briefs, llmUsage } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';

/** A cached brief's key; the market's entity id is ''. */
export type BriefKey = { kind: BriefKind; entityId: string; lang: AnalysisLang; dataVersion: string };
export type BriefRow = typeof briefs.$inferSelect;

const byKey = (key: BriefKey) =>
  and(
    eq(briefs.kind, key.kind),
    eq(briefs.entityId, key.entityId),
    eq(briefs.lang, key.lang),
    eq(briefs.dataVersion, key.dataVersion),
  );

export async function selectBriefRow(db: Db, key: BriefKey): Promise<BriefRow | undefined> {
  const [row] = await db.select().from(briefs).where(byKey(key)).limit(1);
  return row;
}

/** Claims a key nobody holds: true when this caller inserted the 'pending' row (and so calls the model). */
export async function insertBriefClaim(db: Db, key: BriefKey, now: Date): Promise<boolean> {
  const rows = await db
    .insert(briefs)
    .values({ ...key, state: 'pending', claimedAt: now })
    .onConflictDoNothing()
    .returning({ kind: briefs.kind });
  return rows.length > 0;
}

/** Takes over a row seen as `seen` (a fallback due for retry, or a stale claim): true when nobody took it first. */
export async function updateBriefClaim(db: Db, key: BriefKey, seen: BriefRow, now: Date): Promise<boolean> {
  const rows = await db
    .update(briefs)
    .set({ state: 'pending', claimedAt: now })
    .where(and(byKey(key), eq(briefs.state, seen.state), eq(briefs.claimedAt, seen.claimedAt)))
    .returning({ kind: briefs.kind });
  return rows.length > 0;
}

/** Writes the brief (retryAt: when a fallback may be replaced by a new model attempt) and drops older versions. */
export async function updateBriefDone(db: Db, key: BriefKey, brief: BriefResponse, retryAt: Date | null) {
  await db.update(briefs).set({ state: 'done', brief, retryAt }).where(byKey(key));
  await db
    .delete(briefs)
    .where(
      and(
        eq(briefs.kind, key.kind),
        eq(briefs.entityId, key.entityId),
        eq(briefs.lang, key.lang),
        ne(briefs.dataVersion, key.dataVersion),
      ),
    );
}

export type Reservation = { day: string; kind: BriefKind; entityId: string; tokensIn: number; tokensOut: number };

/**
 * Reserves a call's tokens if the day's total (spent and held) leaves room for them: the check and the insert take
 * turns on an advisory lock, so parallel requests on any instance cannot overspend. False when the budget is spent.
 */
export function insertUsageReservation(db: Db, reservation: Reservation, budget: number): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727020, hashtext('llm-budget'))`);
    const spent = await selectDayTokens(tx, reservation.day);
    if (spent + reservation.tokensIn + reservation.tokensOut > budget) return false;
    await tx.insert(llmUsage).values({ ...reservation, entry: 'reserve' });
    return true;
  });
}

/** Appends the difference between a call's actual use and its reservation. */
export async function insertUsageSettlement(db: Db, settlement: Reservation): Promise<void> {
  await db.insert(llmUsage).values({ ...settlement, entry: 'settle' });
}

export async function selectDayTokens(db: Db, day: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${llmUsage.tokensIn} + ${llmUsage.tokensOut})` })
    .from(llmUsage)
    .where(eq(llmUsage.day, day));
  return Number(row?.total ?? 0);
}
