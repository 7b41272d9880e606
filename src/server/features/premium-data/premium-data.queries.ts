import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailySignals, projects } from '../../db/schema/index.ts';

/** Whether a project exists (the source history of an unknown id is a 404, not an empty answer). */
export async function selectProjectExists(db: Db, projectId: string): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row !== undefined;
}

/** A project's stored daily values of the given signals between two UTC days (inclusive), oldest first. */
export function selectDailySignals(
  db: Db,
  params: { projectId: string; signals: readonly string[]; from: string; to: string },
) {
  return db
    .select({
      signal: dailySignals.signal,
      day: dailySignals.day,
      value: dailySignals.value,
      source: dailySignals.source,
      fetchedAt: dailySignals.fetchedAt,
    })
    .from(dailySignals)
    .where(
      and(
        eq(dailySignals.projectId, params.projectId),
        inArray(dailySignals.signal, [...params.signals]),
        gte(dailySignals.day, params.from),
        lte(dailySignals.day, params.to),
      ),
    )
    .orderBy(asc(dailySignals.signal), asc(dailySignals.day));
}
