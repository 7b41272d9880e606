import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, weightProposals } from '../../db/schema/index.ts';

export type ProposalRow = typeof weightProposals.$inferSelect;

export async function selectProjectNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertProposal(db: Db, row: typeof weightProposals.$inferInsert): Promise<ProposalRow> {
  const [created] = await db.insert(weightProposals).values(row).returning();
  return created as ProposalRow;
}

/** Public proposals and the viewer's own, newest first. */
export function selectVisibleProposals(db: Db, viewerId: string | null, limit: number): Promise<ProposalRow[]> {
  const visible = viewerId
    ? or(eq(weightProposals.visibility, 'public'), eq(weightProposals.userId, viewerId))
    : eq(weightProposals.visibility, 'public');
  return db.select().from(weightProposals).where(visible).orderBy(desc(weightProposals.createdAt)).limit(limit);
}

/** Deletes the proposal when `userId` wrote it; false otherwise (another user's id is "not found"). */
export async function deleteOwnProposal(db: Db, id: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(weightProposals)
    .where(and(eq(weightProposals.id, id), eq(weightProposals.userId, userId)))
    .returning({ id: weightProposals.id });
  return deleted.length > 0;
}

export async function selectProposal(db: Db, id: string): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(weightProposals).where(eq(weightProposals.id, id)).limit(1);
  return row;
}

export async function setCandidateModel(db: Db, id: string, model: string): Promise<void> {
  await db.update(weightProposals).set({ candidateModel: model }).where(eq(weightProposals.id, id));
}
