import type { Readable } from 'node:stream';
import { isErrorCode } from '../../../shared/api/errors.ts';
import {
  type CreateExportBody,
  EXPORT_ROW_CAP,
  type Export,
  ExportOptionsSchema,
  type ExportSource,
  ExportSourceSchema,
  type ExportsResponse,
} from '../../../shared/api/exports.schema.ts';
import { type Language, translate } from '../../../shared/locales/index.ts';
import { canUse } from '../../../shared/membership/level.ts';
import { assertCanUse, type Viewer } from '../../access/viewer-level.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { getProject } from '../projects/projects.service.ts';
import { consumeQuota } from '../quotas/quotas.service.ts';
import { getSavedSearch } from '../saved-searches/saved-searches.service.ts';
import { getSector } from '../sectors/sectors.service.ts';
import { getWatchlist } from '../watchlists/watchlists.service.ts';
import { type RunnerDeps, recoverStaleExports } from './export-runner.ts';
import { readChunks } from './export-storage.ts';
import * as q from './exports.queries.ts';

/** The newest exports a user's list shows (older ones expire by retention anyway). */
const LIST_LIMIT = 100;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A row as the API returns it; the failure's message in the reader's language. */
export function toExport(row: q.ExportRow, lang: Language): Export {
  const code = row.error;
  const params = (row.errorParams ?? {}) as Record<string, string | number>;
  return {
    id: row.id,
    source: ExportSourceSchema.parse(row.source),
    options: ExportOptionsSchema.parse(row.options),
    state: row.state,
    error: code
      ? { code, message: translate(lang, `errors.${isErrorCode(code) ? code : 'EXPORT_FAILED'}`, params) }
      : null,
    fileName: row.fileName,
    fileSize: row.fileSize,
    rowCount: row.rowCount,
    rowCap: row.rowCap,
    truncated: row.truncated,
    scheduleId: row.scheduleId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** Rows per export for a level: none for bulk export (vip), EXPORT_ROW_CAP otherwise. */
export function rowCapOf(viewer: Viewer): number | null {
  return canUse(viewer.level, 'bulk_export') ? null : EXPORT_ROW_CAP;
}

const ownerOf = (viewer: Viewer): string => {
  if (!viewer.userId) throw new AppError('SIGN_IN_REQUIRED');
  return viewer.userId;
};

/**
 * Refuses, before anything is counted, a source that does not exist or is not the viewer's (404, as the source's
 * own routes answer). The run reads it again: one deleted in between ends the export failed with the same reason.
 */
export async function assertSourceReadable(db: Db, viewer: Viewer, source: ExportSource): Promise<void> {
  const userId = ownerOf(viewer);
  switch (source.kind) {
    case 'saved_search':
      await getSavedSearch(db, viewer, source.id);
      return;
    case 'watchlist':
      await getWatchlist(db, userId, source.id);
      return;
    case 'sector':
      await getSector(db, source.id, { limit: 1, offset: 0 });
      return;
    case 'project_history':
      // The history export is part of historical data (premium today, as export_data is: checked apart so the two
      // promises cannot drift).
      assertCanUse(viewer, 'historical_data');
      await getProject(db, source.projectId);
      return;
    default:
      return;
  }
}

/**
 * Creates an export (premium): checks the source, counts one use of the daily export quota (403 without the
 * feature, 429 EXPORT_LIMIT_REACHED when today's are used up — atomic, consumeQuota), then stores it as processing.
 * The caller starts the run (startExport) in the background.
 */
export async function createExport(
  db: Db,
  viewer: Viewer,
  body: CreateExportBody,
  now: Date,
  config: Pick<Config, 'DAY_TIME_ZONE'>,
): Promise<q.ExportRow> {
  const userId = ownerOf(viewer);
  assertCanUse(viewer, 'export_data');
  await assertSourceReadable(db, viewer, body.source);
  await consumeQuota(db, { subject: `user:${userId}`, viewer }, 'dailyExports', now, config.DAY_TIME_ZONE);
  const row = await q.insertExport(db, {
    userId,
    source: body.source,
    options: body.options,
    rowCap: rowCapOf(viewer),
    createdAt: now,
  });
  if (!row) throw new Error('export insert returned nothing');
  return row;
}

export async function listExports(
  db: Db,
  viewer: Viewer,
  lang: Language,
  config: Pick<Config, 'EXPORT_RETENTION_DAYS'>,
): Promise<ExportsResponse> {
  const rows = await q.selectOwnExports(db, ownerOf(viewer), LIST_LIMIT);
  return {
    items: rows.map((row) => toExport(row, lang)),
    retentionDays: config.EXPORT_RETENTION_DAYS,
    rowCap: rowCapOf(viewer),
  };
}

/** One of the viewer's exports; another user's id is NOT_FOUND, exactly like a missing one. */
export async function getExport(db: Db, viewer: Viewer, id: string): Promise<q.ExportRow> {
  const row = await q.selectOwnExport(db, ownerOf(viewer), id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A failed export back to processing, NOT counted again (the quota was counted when it was created). */
export async function retryExport(db: Db, viewer: Viewer, id: string): Promise<q.ExportRow> {
  const userId = ownerOf(viewer);
  assertCanUse(viewer, 'export_data');
  const row = await q.updateRetry(db, userId, id);
  if (row) return row;
  await getExport(db, viewer, id); // 404 when not theirs
  throw new AppError('EXPORT_NOT_RETRYABLE');
}

export async function deleteExport(db: Db, viewer: Viewer, id: string): Promise<void> {
  if (!(await q.deleteOwnExport(db, ownerOf(viewer), id))) throw new AppError('NOT_FOUND');
}

export type ExportDownload = { fileName: string; contentType: string; size: number; body: Readable };

/** The stored file of a completed export, as a stream (409 EXPORT_NOT_READY while processing or failed). */
export async function openDownload(db: Db, viewer: Viewer, id: string): Promise<ExportDownload> {
  const row = await getExport(db, viewer, id);
  if (row.state !== 'completed' || !row.fileName) throw new AppError('EXPORT_NOT_READY');
  return {
    fileName: row.fileName,
    contentType: row.contentType ?? 'application/octet-stream',
    size: row.fileSize ?? 0,
    body: readChunks(db, id),
  };
}

/**
 * The exports job's upkeep: runs exports a stopped instance left processing, and deletes those past retention
 * (their files with them).
 */
export async function maintainExports(deps: RunnerDeps, now: Date): Promise<{ recovered: number; expired: number }> {
  const recovered = await recoverStaleExports(deps, now);
  let expired = 0;
  for (
    let batch = await q.deleteExpired(deps.db, now, 500);
    batch > 0;
    batch = await q.deleteExpired(deps.db, now, 500)
  )
    expired += batch;
  return { recovered, expired };
}
