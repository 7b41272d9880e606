import {
  type AdminClientErrorsResponse,
  CLIENT_ERROR_RETENTION_DAYS,
  type ClientErrorReport,
} from '../../../shared/api/client-errors.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { toStoredReport } from './client-error-scrub.ts';
import {
  countClientErrorsSince,
  deleteClientErrorsBefore,
  insertClientError,
  selectClientErrorGroups,
} from './client-errors.queries.ts';

const retentionCutoff = (now: Date) => new Date(now.getTime() - CLIENT_ERROR_RETENTION_DAYS * DAY_MS);
const toIso = (value: Date | string) => new Date(value).toISOString();

/** Stores one crash report, scrubbed of personal data and cut to the stored limits (client-error-scrub.ts). */
export async function recordClientError(db: Db, report: ClientErrorReport, now: Date): Promise<void> {
  await insertClientError(db, { ...toStoredReport(report), createdAt: now });
}

/** The kept reports (30 days) grouped by message, the most recently seen first, at most `limit` groups. */
export async function listClientErrors(db: Db, limit: number, now: Date): Promise<AdminClientErrorsResponse> {
  const since = retentionCutoff(now);
  const [rows, total] = await Promise.all([
    selectClientErrorGroups(db, since, limit),
    countClientErrorsSince(db, since),
  ]);
  return {
    retentionDays: CLIENT_ERROR_RETENTION_DAYS,
    total,
    groups: rows.map((row) => ({
      message: row.message,
      count: Number(row.count),
      firstSeenAt: toIso(row.first_seen),
      lastSeenAt: toIso(row.last_seen),
      route: row.route,
      buildId: row.build_id,
      boundary: row.boundary,
      stack: row.stack,
      routes: Number(row.routes),
      builds: Number(row.builds),
    })),
  };
}

/** Retention: deletes reports older than CLIENT_ERROR_RETENTION_DAYS; returns how many (the daily-cleanup job). */
export function cleanupClientErrors(db: Db, now: Date): Promise<number> {
  return deleteClientErrorsBefore(db, retentionCutoff(now));
}
