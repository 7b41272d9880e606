import { and, eq, isNull, or, sql } from 'drizzle-orm';
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
 * never overwritten or cleared by X). Only writes when something changes, so the row's write time stays honest.
 */
export async function updateXVerification(db: Db, id: string, verification: ProjectVerification | null) {
  const notReviewed = or(isNull(projects.verification), sql`${projects.verification}->>'method' = 'x'`);
  const changed =
    verification === null
      ? sql`${projects.verification} IS NOT NULL`
      : or(isNull(projects.verification), sql`${projects.verification}->>'by' <> ${verification.by}`);
  await db
    .update(projects)
    .set({ verification, isVerified: verification !== null })
    .where(and(eq(projects.id, id), notReviewed, changed));
}

export async function selectProjectVerification(db: Db, id: string) {
  const [row] = await db
    .select({ id: projects.id, verification: projects.verification })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}
