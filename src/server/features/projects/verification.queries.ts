import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ProjectVerification, projects } from '../../db/schema/index.ts';

/** Sets (or clears, with null) a project's verification, keeping is_verified in step; returns whether a row matched. */
export async function updateProjectVerification(
  db: Db,
  id: string,
  verification: ProjectVerification | null,
): Promise<boolean> {
  const rows = await db
    .update(projects)
    .set({ verification, isVerified: verification !== null, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning({ id: projects.id });
  return rows.length > 0;
}

/**
 * What X says about the project's account, written only where no operator review is recorded (a site review is
 * never overwritten or cleared by X). A qualifying account refreshes `at` (the date X last confirmed it); a clear only
 * writes when there is an X verification to remove.
 */
export async function updateXVerification(db: Db, id: string, verification: ProjectVerification | null) {
  const notReviewed = or(isNull(projects.verification), sql`${projects.verification}->>'method' = 'x'`);
  await db
    .update(projects)
    .set({ verification, isVerified: verification !== null })
    .where(and(eq(projects.id, id), notReviewed, verification === null ? isNotNull(projects.verification) : undefined));
}

export async function selectProjectVerification(db: Db, id: string) {
  const [row] = await db
    .select({ id: projects.id, verification: projects.verification })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}
