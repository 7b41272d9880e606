import { SOURCE_REFRESH_MS, STALE_AFTER_INTERVALS } from '../../shared/staleness.ts';
import type { Db } from '../db/client.ts';
import { selectSourceData } from './run-log.queries.ts';

/**
 * Every metric source holding data and the as-of of its newest value (the freshness GET /api/sync/status reports per
 * source), by source name. For exports' metadata; no registry import, so features may call it without a cycle.
 */
export async function readSourcesAsOf(db: Db, now: Date): Promise<{ source: string; asOf: Date | null }[]> {
  const staleAfter = Object.fromEntries(
    Object.entries(SOURCE_REFRESH_MS).map(([source, ms]) => [source, STALE_AFTER_INTERVALS * ms]),
  );
  const rows = await selectSourceData(db, now, staleAfter);
  return rows
    .map((row) => ({ source: row.source, asOf: row.newest_ms === null ? null : new Date(row.newest_ms) }))
    .sort((a, b) => a.source.localeCompare(b.source));
}
