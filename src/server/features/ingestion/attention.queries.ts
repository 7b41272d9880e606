import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectSignals, projects } from '../../db/schema/index.ts';
import type { MetricField } from './metric-fields.ts';

/** Which projects an attention source covers: every real project (news, Reddit) or those with Wikipedia titles. */
export type AttentionScope = 'all' | 'wikipedia';

function attentionScope(scope: AttentionScope) {
  return scope === 'wikipedia'
    ? and(eq(projects.isSynthetic, false), isNotNull(projects.wikipediaTitles))
    : and(eq(projects.isSynthetic, false), sql`char_length(${projects.name}) >= 3`);
}

/**
 * Projects due for an attention refresh on `field` (never fetched, or last fetched before `dueBefore`), oldest first,
 * so each run takes the most overdue slice and a slow source (GDELT: one call per 5 s) covers everyone in a day.
 */
export function selectAttentionTargets(
  db: Db,
  field: MetricField,
  scope: AttentionScope,
  dueBefore: Date,
  limit: number,
) {
  const asOf = sql`${projects.metricSources}->${field}->>'asOf'`;
  return db
    .select({
      id: projects.id,
      name: projects.name,
      symbol: projects.symbol,
      newsQuery: projects.newsQuery,
      wikipediaTitles: projects.wikipediaTitles,
    })
    .from(projects)
    .where(
      and(
        attentionScope(scope),
        or(sql`${asOf} IS NULL`, sql`(${asOf})::timestamptz < ${dueBefore.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(sql`${asOf} ASC NULLS FIRST`, projects.id)
    .limit(limit);
}

export async function countAttentionCandidates(db: Db, scope: AttentionScope): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(attentionScope(scope));
  return row?.n ?? 0;
}

/** Sets one signal of one project (e.g. Reddit's distinct authors), keeping other projects' rows. */
export async function upsertProjectSignal(
  db: Db,
  row: { projectId: string; signal: string; source: string; value: number; asOf: Date },
): Promise<void> {
  await db
    .insert(projectSignals)
    .values(row)
    .onConflictDoUpdate({
      target: [projectSignals.projectId, projectSignals.signal],
      set: { value: sql`excluded.value`, source: sql`excluded.source`, asOf: sql`excluded.as_of` },
    });
}
