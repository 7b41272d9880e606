import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectLogos, projectRaises, projects } from '../../db/schema/index.ts';

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

/** What is known of a project's logo: the address a source gives, and our download's outcome (no row: not tried). */
export async function selectLogoFacts(db: Db, projectId: string) {
  const [row] = await db
    .select({ logoUrl: projects.logoUrl, etag: projectLogos.etag, error: projectLogos.error })
    .from(projects)
    .leftJoin(projectLogos, eq(projectLogos.projectId, projects.id))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row;
}
