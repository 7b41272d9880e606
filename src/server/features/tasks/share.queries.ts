import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shareTokens, shareVisits } from '../../db/schema/index.ts';

/** Today's token of a user for a project, made once (INSERT … ON CONFLICT DO NOTHING, then read). */
export async function upsertShareToken(db: Db, values: typeof shareTokens.$inferInsert) {
  await db.insert(shareTokens).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(shareTokens)
    .where(
      and(
        eq(shareTokens.userId, values.userId),
        eq(shareTokens.projectId, values.projectId),
        eq(shareTokens.day, values.day),
      ),
    );
  return row;
}

/** Remembers the sharer's own browser on a token that has none yet (the first browser the sharer shared from). */
export async function setSharerVisitor(db: Db, token: string, visitor: string): Promise<void> {
  await db
    .update(shareTokens)
    .set({ sharerVisitor: visitor })
    .where(and(eq(shareTokens.token, token), sql`${shareTokens.sharerVisitor} is null`));
}

export async function selectShareToken(db: Db, token: string) {
  const [row] = await db.select().from(shareTokens).where(eq(shareTokens.token, token));
  return row;
}

/**
 * Records one visit; true when it is new. A repeat by the same browser (primary key) or by the same signed-in user from
 * another browser (partial unique index) inserts nothing: under any number of parallel visits, one row per visitor.
 */
export async function insertShareVisit(db: Db, values: typeof shareVisits.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(shareVisits)
    .values(values)
    .onConflictDoNothing()
    .returning({ token: shareVisits.token });
  return rows.length > 0;
}

/** What the task list needs of today's shares: whether one was started, and whether someone else opened one. */
export async function selectShareProgress(db: Db, userId: string, day: string) {
  const [row] = await db
    .select({
      started: sql<number>`count(distinct ${shareTokens.token})::int`,
      opened: sql<number>`count(${shareVisits.token})::int`,
    })
    .from(shareTokens)
    .leftJoin(shareVisits, eq(shareVisits.token, shareTokens.token))
    .where(and(eq(shareTokens.userId, userId), eq(shareTokens.day, day)));
  return { started: (row?.started ?? 0) > 0, opened: (row?.opened ?? 0) > 0 };
}
