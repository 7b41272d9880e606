import type {
  Correction,
  CorrectionListResponse,
  CorrectionValues,
  CreateCorrectionBody,
} from '../../../shared/api/corrections.schema.ts';
import { CORRECTION_FIELDS, CORRECTION_LIMITS, type CorrectionField } from '../../../shared/api/corrections.values.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import {
  type CorrectionRow,
  countUserCorrections,
  insertCorrection,
  lockUserCorrections,
  type ProjectFactsRow,
  sectorExists,
  selectCorrection,
  selectProjectFacts,
  selectUserCorrections,
} from './corrections.queries.ts';

/** A project's stored facts in the correction fields' shape. */
export function toCorrectionValues(row: ProjectFactsRow): Required<CorrectionValues> {
  return {
    website: row.websiteUrl,
    twitter: row.twitterHandle,
    telegram: row.telegramUrl,
    discord: row.discordUrl,
    github: row.githubOrgs,
    whitepaper: row.whitepaperUrl,
    chains: row.chains,
    sector: row.category,
    descriptionEn: row.descriptionEn,
    descriptionZh: row.descriptionZh,
  };
}

/** The fields a correction changes, in display order. */
export const fieldsOf = (values: CorrectionValues): CorrectionField[] =>
  CORRECTION_FIELDS.filter((field) => field in values);

/** Equal values of one field (lists compared in order: the order of chains and GitHub orgs is shown). */
export const isSameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function pickValues(values: Required<CorrectionValues>, fields: CorrectionField[]): CorrectionValues {
  return Object.fromEntries(fields.map((field) => [field, values[field]])) as CorrectionValues;
}

/** A stored correction as the API shows it (the user sees their own; the admin queue adds who). */
export function toCorrection(row: CorrectionRow): Correction {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    status: row.status,
    current: row.current,
    proposed: row.proposed,
    note: row.note,
    sourceUrl: row.sourceUrl,
    reason: row.reason,
    points: row.points,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/projects/:id/corrections: records a pending correction with the project's current values of the proposed
 * fields. Throws PROJECT_NOT_FOUND, CORRECTION_UNCHANGED (a proposed value equals the current one), VALIDATION_FAILED
 * (an unknown sector), CORRECTION_LIMIT_REACHED (the caps of CORRECTION_LIMITS, counted under the user's lock so
 * parallel proposals cannot pass them together).
 */
export async function createCorrection(
  db: Db,
  userId: string,
  projectId: string,
  body: CreateCorrectionBody,
  now: Date,
): Promise<Correction> {
  const id = await withTransaction(db, async (tx) => {
    const project = await selectProjectFacts(tx, projectId);
    if (!project) throw new AppError('PROJECT_NOT_FOUND', { id: projectId });
    const current = toCorrectionValues(project);
    const proposed = body.changes as CorrectionValues;
    const fields = fieldsOf(proposed);
    for (const field of fields) {
      if (isSameValue(proposed[field], current[field]))
        throw new AppError('CORRECTION_UNCHANGED', { field }, { field });
    }
    if (proposed.sector !== undefined && !(await sectorExists(tx, proposed.sector))) {
      throw new AppError('VALIDATION_FAILED', {}, { field: 'sector' });
    }
    await lockUserCorrections(tx, userId);
    const counts = await countUserCorrections(tx, userId, projectId, new Date(now.getTime() - DAY_MS));
    if (
      counts.pendingHere >= CORRECTION_LIMITS.pendingPerProject ||
      counts.pending >= CORRECTION_LIMITS.pendingPerUser ||
      counts.recent >= CORRECTION_LIMITS.perDay
    ) {
      throw new AppError('CORRECTION_LIMIT_REACHED', {
        perProject: CORRECTION_LIMITS.pendingPerProject,
        perUser: CORRECTION_LIMITS.pendingPerUser,
        perDay: CORRECTION_LIMITS.perDay,
      });
    }
    return insertCorrection(tx, {
      projectId,
      userId,
      proposed,
      current: pickValues(current, fields),
      note: body.note || null,
      sourceUrl: body.sourceUrl ?? null,
      createdAt: now,
    });
  });
  return toCorrection((await selectCorrection(db, id))!);
}

/** GET /api/me/corrections: the caller's own corrections, newest first. */
export async function listMyCorrections(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<CorrectionListResponse> {
  const { rows, total } = await selectUserCorrections(db, userId, page);
  return { items: rows.map(toCorrection), total, ...page };
}
