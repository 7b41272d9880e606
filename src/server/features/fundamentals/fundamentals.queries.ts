import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectLogos, projectRaises, projects } from '../../db/schema/index.ts';

export async function selectProjectExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  return rows.length > 0;
}

/** A project's rounds, newest first. */
export function selectProjectRaises(db: Db, projectId: string) {
  return db
    .select({
      raisedAt: projectRaises.raisedAt,
      name: projectRaises.name,
      round: projectRaises.round,
      amountUsd: projectRaises.amountUsd,
      valuationUsd: projectRaises.valuationUsd,
      leadInvestors: projectRaises.leadInvestors,
      otherInvestors: projectRaises.otherInvestors,
      sourceUrl: projectRaises.sourceUrl,
      fetchedAt: projectRaises.fetchedAt,
    })
    .from(projectRaises)
    .where(eq(projectRaises.projectId, projectId))
    .orderBy(desc(projectRaises.raisedAt), projectRaises.raiseKey);
}

/** A project's stored logo bytes (none while only a failed attempt is recorded). */
export async function selectStoredLogo(db: Db, projectId: string) {
  const [row] = await db
    .select({ bytes: projectLogos.bytes, contentType: projectLogos.contentType, etag: projectLogos.etag })
    .from(projectLogos)
    .where(and(eq(projectLogos.projectId, projectId), isNotNull(projectLogos.bytes)))
    .limit(1);
  return row;
}
