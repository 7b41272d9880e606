import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectRaises, projects } from '../../db/schema/index.ts';

const BATCH = 500;

/** What a round is matched on: each project's id, name and DefiLlama id (synthetic rows left out). */
export function selectRaiseIdentities(db: Db) {
  return db
    .select({ id: projects.id, name: projects.name, defillamaId: projects.defillamaId })
    .from(projects)
    .where(eq(projects.isSynthetic, false));
}

export type RaiseRow = typeof projectRaises.$inferInsert;

/** Inserts or updates rounds by their source key (idempotent: a second run with the same list changes nothing). */
export async function upsertRaises(db: Db, rows: RaiseRow[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const result = await db
      .insert(projectRaises)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: projectRaises.raiseKey,
        set: {
          projectId: sql`excluded.project_id`,
          name: sql`excluded.name`,
          raisedAt: sql`excluded.raised_at`,
          round: sql`excluded.round`,
          amountUsd: sql`excluded.amount_usd`,
          valuationUsd: sql`excluded.valuation_usd`,
          leadInvestors: sql`excluded.lead_investors`,
          otherInvestors: sql`excluded.other_investors`,
          sourceUrl: sql`excluded.source_url`,
          defillamaId: sql`excluded.defillama_id`,
          fetchedAt: sql`excluded.fetched_at`,
        },
      })
      .returning({ key: projectRaises.raiseKey });
    written += result.length;
  }
  return written;
}
