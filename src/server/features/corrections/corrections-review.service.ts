import type {
  AdminCorrection,
  AdminCorrectionListResponse,
  AdminCorrectionsQuery,
  CorrectionValues,
} from '../../../shared/api/corrections.schema.ts';
import { POINTS_PER_ACCEPTED_CORRECTION } from '../../../shared/membership/tasks.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import { lockCatalogueWrites } from '../../db/catalogue-lock.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { type AdminWriteDeps, afterCatalogueWrite } from '../admin/admin-projects.service.ts';
import { notify } from '../notifications/notify.service.ts';
import { creditPoints } from '../points/points.service.ts';
import {
  type CorrectionRow,
  sectorExists,
  selectCorrection,
  selectCorrectionForReview,
  selectCorrectionsByStatus,
  selectProjectFacts,
  updateCorrectionReview,
  updateProjectCorrectedFacts,
} from './corrections.queries.ts';
import { fieldsOf, isSameValue, pickValues, toCorrection, toCorrectionValues } from './corrections.service.ts';

const toAdminCorrection = (row: CorrectionRow): AdminCorrection => ({
  ...toCorrection(row),
  userId: row.userId,
  userEmail: row.userEmail,
  reviewerEmail: row.reviewerEmail,
});

/** GET /api/admin/corrections: one status's corrections, a page at a time (pending: oldest first). */
export async function listCorrectionsForReview(
  db: Db,
  query: AdminCorrectionsQuery,
): Promise<AdminCorrectionListResponse> {
  const page = { limit: query.limit, offset: query.offset };
  const { rows, total } = await selectCorrectionsByStatus(db, query.status, page);
  return { items: rows.map(toAdminCorrection), total, ...page };
}

/** The pending correction, locked: concurrent reviews queue on its row and the later ones see it reviewed (409). */
async function lockPending(tx: Db, id: string) {
  const correction = await selectCorrectionForReview(tx, id);
  if (!correction) throw new AppError('CORRECTION_NOT_FOUND');
  if (correction.status !== 'pending') {
    throw new AppError('CORRECTION_ALREADY_REVIEWED', { status: correction.status }, { status: correction.status });
  }
  return correction;
}

/**
 * POST /api/admin/corrections/:id/accept. In one transaction: lock the correction (exactly once under concurrency),
 * lock the project and check it still holds the values the user saw (else 409 CORRECTION_STALE naming the fields),
 * write the proposed values, mark it accepted, record the audit entry (before/after of the corrected fields), credit
 * POINTS_PER_ACCEPTED_CORRECTION (reason correction.accepted, key correction:<id>) and notify the user. Then cached
 * lists are dropped and the change is announced, as an admin's project edit does.
 */
export async function acceptCorrection(
  deps: AdminWriteDeps,
  actor: AdminActor,
  id: string,
  now: Date,
): Promise<AdminCorrection> {
  const projectId = await withTransaction(deps.db, async (tx) => {
    await lockCatalogueWrites(tx); // a sector change rewrites project_scores through its trigger
    const correction = await lockPending(tx, id);
    const project = await selectProjectFacts(tx, correction.projectId, true);
    if (!project) throw new AppError('PROJECT_NOT_FOUND', { id: correction.projectId });
    const fields = fieldsOf(correction.proposed);
    const values = toCorrectionValues(project);
    const stale = fields.filter((field) => !isSameValue(values[field], correction.current[field]));
    const proposedSector = correction.proposed.sector;
    if (proposedSector !== undefined && !(await sectorExists(tx, proposedSector))) stale.push('sector');
    if (stale.length > 0) {
      throw new AppError('CORRECTION_STALE', { fields: stale.join(', ') }, { fields: stale });
    }
    await updateProjectCorrectedFacts(tx, project.id, correction.proposed, now);
    const review = { status: 'accepted' as const, reviewerId: actor.id, reason: null, now };
    if (!(await updateCorrectionReview(tx, id, { ...review, points: POINTS_PER_ACCEPTED_CORRECTION }))) {
      throw new AppError('CORRECTION_ALREADY_REVIEWED', { status: 'accepted' });
    }
    const before: CorrectionValues = pickValues(values, fields);
    const after: CorrectionValues = correction.proposed;
    await recordAdminAction(tx, {
      actor,
      action: 'correction.accept',
      entity: 'project',
      entityId: project.id,
      before: { correctionId: id, ...before },
      after: { correctionId: id, ...after },
    });
    await creditPoints(tx, {
      userId: correction.userId,
      amount: POINTS_PER_ACCEPTED_CORRECTION,
      reason: 'correction.accepted',
      idempotencyKey: `correction:${id}`,
      now,
    });
    await notify(tx, [
      {
        userId: correction.userId,
        kind: 'correction_accepted',
        params: {
          correctionId: id,
          projectId: project.id,
          projectName: project.name,
          points: POINTS_PER_ACCEPTED_CORRECTION,
        },
        link: `/project/${project.id}`,
        dedupeKey: `correction:${id}`,
      },
    ]);
    return project.id;
  });
  await afterCatalogueWrite(deps, [projectId]);
  return toAdminCorrection((await selectCorrection(deps.db, id))!);
}

/**
 * POST /api/admin/corrections/:id/reject {reason}: marks a pending correction rejected with the admin's reason
 * (exactly once, as accept), records it in the audit log and notifies the user. The project is not touched.
 */
export async function rejectCorrection(
  db: Db,
  actor: AdminActor,
  id: string,
  reason: string,
  now: Date,
): Promise<AdminCorrection> {
  await withTransaction(db, async (tx) => {
    const correction = await lockPending(tx, id);
    await updateCorrectionReview(tx, id, { status: 'rejected', reviewerId: actor.id, reason, points: 0, now });
    await recordAdminAction(tx, {
      actor,
      action: 'correction.reject',
      entity: 'project',
      entityId: correction.projectId,
      before: { correctionId: id, ...correction.current },
      after: { correctionId: id, reason },
    });
    const project = await selectProjectFacts(tx, correction.projectId);
    await notify(tx, [
      {
        userId: correction.userId,
        kind: 'correction_rejected',
        params: { correctionId: id, projectId: correction.projectId, projectName: project?.name ?? null, reason },
        link: `/project/${correction.projectId}`,
        dedupeKey: `correction:${id}`,
      },
    ]);
  });
  return toAdminCorrection((await selectCorrection(db, id))!);
}
