import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CorrectionStatus, CorrectionValues } from '../../../shared/api/corrections.schema.ts';
import type { Db } from '../../db/client.ts';
import { projectCorrections, projects, sectors, users } from '../../db/schema/index.ts';

/** The correctable facts of a project as stored (the service maps them to CorrectionValues). */
const factColumns = {
  id: projects.id,
  name: projects.name,
  websiteUrl: projects.websiteUrl,
  twitterHandle: projects.twitterHandle,
  telegramUrl: projects.telegramUrl,
  discordUrl: projects.discordUrl,
  githubOrgs: projects.githubOrgs,
  whitepaperUrl: projects.whitepaperUrl,
  chains: projects.chains,
  category: projects.category,
  descriptionEn: projects.descriptionEn,
  descriptionZh: projects.descriptionZh,
};
/** The project's correctable facts; `lock` holds its row for the rest of the transaction (an accept). */
export async function selectProjectFacts(db: Db, id: string, lock = false) {
  const query = db.select(factColumns).from(projects).where(eq(projects.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export type ProjectFactsRow = NonNullable<Awaited<ReturnType<typeof selectProjectFacts>>>;

export async function sectorExists(db: Db, name: string): Promise<boolean> {
  const [row] = await db.select({ id: sectors.id }).from(sectors).where(eq(sectors.name, name));
  return row !== undefined;
}

/** A user's proposals take turns (their caps are counted and written under this transaction-scoped lock). */
export async function lockUserCorrections(db: Db, userId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727017, hashtext(${`corrections:${userId}`}))`);
}

export async function countUserCorrections(db: Db, userId: string, projectId: string, since: Date) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${projectCorrections.status} = 'pending')::int`,
      pendingHere: sql<number>`count(*) FILTER (WHERE ${projectCorrections.status} = 'pending' AND ${projectCorrections.projectId} = ${projectId})::int`,
      recent: sql<number>`count(*) FILTER (WHERE ${projectCorrections.createdAt} >= ${since.toISOString()}::timestamptz)::int`,
    })
    .from(projectCorrections)
    .where(eq(projectCorrections.userId, userId));
  return { pending: row?.pending ?? 0, pendingHere: row?.pendingHere ?? 0, recent: row?.recent ?? 0 };
}

export async function insertCorrection(db: Db, row: typeof projectCorrections.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(projectCorrections).values(row).returning({ id: projectCorrections.id });
  return inserted!.id;
}

const reviewers = alias(users, 'reviewers');
const correctionColumns = {
  id: projectCorrections.id,
  projectId: projectCorrections.projectId,
  projectName: projects.name,
  userId: projectCorrections.userId,
  userEmail: users.email,
  reviewerEmail: reviewers.email,
  status: projectCorrections.status,
  current: projectCorrections.current,
  proposed: projectCorrections.proposed,
  note: projectCorrections.note,
  sourceUrl: projectCorrections.sourceUrl,
  reason: projectCorrections.reason,
  points: projectCorrections.points,
  createdAt: projectCorrections.createdAt,
  reviewedAt: projectCorrections.reviewedAt,
};

function selectCorrections(db: Db) {
  return db
    .select(correctionColumns)
    .from(projectCorrections)
    .innerJoin(projects, eq(projects.id, projectCorrections.projectId))
    .innerJoin(users, eq(users.id, projectCorrections.userId))
    .leftJoin(reviewers, eq(reviewers.id, projectCorrections.reviewerId));
}
export type CorrectionRow = Awaited<ReturnType<ReturnType<typeof selectCorrections>['execute']>>[number];

type Page = { limit: number; offset: number };

/** One user's corrections, newest first: scoped by the user id, so another user's rows never match. */
export async function selectUserCorrections(db: Db, userId: string, page: Page) {
  const where = eq(projectCorrections.userId, userId);
  const [rows, [total]] = await Promise.all([
    selectCorrections(db)
      .where(where)
      .orderBy(desc(projectCorrections.createdAt), desc(projectCorrections.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(projectCorrections).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The admin queue: one status, oldest first for pending (first come, first reviewed), newest first otherwise. */
export async function selectCorrectionsByStatus(db: Db, status: CorrectionStatus, page: Page) {
  const where = eq(projectCorrections.status, status);
  const order =
    status === 'pending'
      ? [projectCorrections.createdAt, projectCorrections.id]
      : [desc(projectCorrections.reviewedAt), desc(projectCorrections.id)];
  const [rows, [total]] = await Promise.all([
    selectCorrections(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(projectCorrections).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One correction locked for its review: concurrent reviews of it wait here and then see the first one's outcome. */
export async function selectCorrectionForReview(db: Db, id: string) {
  const [row] = await db
    .select({
      id: projectCorrections.id,
      projectId: projectCorrections.projectId,
      userId: projectCorrections.userId,
      status: projectCorrections.status,
      current: projectCorrections.current,
      proposed: projectCorrections.proposed,
    })
    .from(projectCorrections)
    .where(eq(projectCorrections.id, id))
    .for('update');
  return row;
}

export async function selectCorrection(db: Db, id: string): Promise<CorrectionRow | undefined> {
  const [row] = await selectCorrections(db).where(eq(projectCorrections.id, id));
  return row;
}

/** Moves a pending correction to its outcome; false when it was no longer pending (the guard of exactly once). */
export async function updateCorrectionReview(
  db: Db,
  id: string,
  review: {
    status: 'accepted' | 'rejected';
    reviewerId: string | null;
    reason: string | null;
    points: number;
    now: Date;
  },
): Promise<boolean> {
  const updated = await db
    .update(projectCorrections)
    .set({
      status: review.status,
      reviewerId: review.reviewerId,
      reason: review.reason,
      points: review.points,
      reviewedAt: review.now,
    })
    .where(and(eq(projectCorrections.id, id), eq(projectCorrections.status, 'pending')))
    .returning({ id: projectCorrections.id });
  return updated.length === 1;
}

/** Writes the accepted values (only the corrected columns); a new sector replaces the old one among `categories`. */
export async function updateProjectCorrectedFacts(db: Db, id: string, values: CorrectionValues, now: Date) {
  // SQL is allowed for every column in .set(); the insert type does not say so.
  const set: { [K in keyof typeof projects.$inferInsert]?: (typeof projects.$inferInsert)[K] | SQL } = {
    updatedAt: now,
  };
  if ('website' in values) set.websiteUrl = values.website ?? null;
  if ('twitter' in values) set.twitterHandle = values.twitter ?? null;
  if ('telegram' in values) set.telegramUrl = values.telegram ?? null;
  if ('discord' in values) set.discordUrl = values.discord ?? null;
  if ('github' in values) set.githubOrgs = values.github ?? [];
  if ('whitepaper' in values) set.whitepaperUrl = values.whitepaper ?? null;
  if ('chains' in values) set.chains = values.chains ?? [];
  if ('descriptionEn' in values) set.descriptionEn = values.descriptionEn ?? null;
  if ('descriptionZh' in values) set.descriptionZh = values.descriptionZh ?? null;
  if (values.sector !== undefined) {
    set.category = values.sector;
    set.categories = sql`array_prepend(${values.sector}::text, array_remove(array_remove(${projects.categories}, ${projects.category}), ${values.sector}::text))`;
  }
  await db.update(projects).set(set).where(eq(projects.id, id));
}
