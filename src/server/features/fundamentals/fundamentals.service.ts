import type { FundingResponse } from '../../../shared/api/fundamentals.schema.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { selectProjectExists, selectProjectRaises, selectStoredLogo } from './fundamentals.queries.ts';

/** A project's funding rounds with their source and as-of; throws PROJECT_NOT_FOUND. None → an empty list. */
export async function getProjectFunding(db: Db, projectId: string): Promise<FundingResponse> {
  const [exists, rows] = await Promise.all([selectProjectExists(db, projectId), selectProjectRaises(db, projectId)]);
  if (!exists) throw new AppError('PROJECT_NOT_FOUND', { id: projectId });
  const rounds = rows.map((row) => ({
    date: row.raisedAt.toISOString(),
    name: row.name,
    round: row.round,
    amountUsd: row.amountUsd,
    valuationUsd: row.valuationUsd,
    leadInvestors: row.leadInvestors,
    otherInvestors: row.otherInvestors,
    sourceUrl: row.sourceUrl,
    asOf: row.fetchedAt.toISOString(),
  }));
  const newest = rows.reduce<Date | null>((max, row) => (max && max > row.fetchedAt ? max : row.fetchedAt), null);
  return { projectId, source: 'defillama', asOf: newest?.toISOString() ?? null, rounds };
}

export type StoredLogo = { bytes: Buffer; contentType: string; etag: string };

/** The stored logo of a project; throws LOGO_NOT_FOUND when none is stored. */
export async function getStoredLogo(db: Db, projectId: string): Promise<StoredLogo> {
  const row = await selectStoredLogo(db, projectId);
  if (!row?.bytes || !row.contentType || !row.etag) throw new AppError('LOGO_NOT_FOUND', { id: projectId });
  return { bytes: Buffer.from(row.bytes), contentType: row.contentType, etag: row.etag };
}
