import { DAY_MS, HOUR_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { ensureMonthPartitions, isHistoryPartitioned, replaceAgedMonths } from '../../db/history-partitions.ts';
import { withTransaction } from '../../db/transaction.ts';
import { compactRunsTier, compactTier } from './retention.queries.ts';

/** Every run is kept this long. */
export const KEEP_RUNS_MS = 48 * HOUR_MS;
/** Then one row per entity per hour is kept this long; older rows become one per day. */
export const KEEP_HOURLY_MS = 30 * DAY_MS;

export type RetentionResult = { runsDeleted: number; hourlyKept: number; hourlyDeleted: number; dailyKept: number };

/**
 * Bounds heat_history: every run for 48 h, then the last row of each hour for 30 days, then the last row of each UTC
 * day. Cut-offs are rounded down to whole hours/days, so buckets are compacted whole. Idempotent: a second call at the
 * same `now` changes nothing. Both steps run in one transaction.
 *
 * When heat_history is partitioned by month (PostgreSQL after `npm run db:partition-history`), a month that ended before
 * the daily cut-off is compacted by replacing its partition (the same rows kept, the old partition dropped whole), and
 * the coming months' partitions are created; the rest goes through the same statements as on one table.
 */
export async function compactHeatHistory(db: Db, now: Date): Promise<RetentionResult> {
  const hourCutoff = new Date(Math.floor((now.getTime() - KEEP_RUNS_MS) / HOUR_MS) * HOUR_MS);
  const dayCutoff = new Date(Math.floor((now.getTime() - KEEP_HOURLY_MS) / DAY_MS) * DAY_MS);
  return withTransaction(db, async (tx) => {
    const partitioned = await isHistoryPartitioned(tx);
    const toHours = { from: ['run'], to: 'hour', bucket: 'hour', before: hourCutoff } as const;
    const hourly = await compactTier(tx, toHours);
    await compactRunsTier(tx, toHours);
    // After the hourly step, so the counts are the ones the single table reports.
    const replaced = partitioned ? await replaceAgedMonths(tx, dayCutoff) : { deleted: 0, kept: 0 };
    const toDays = { from: ['run', 'hour'], to: 'day', bucket: 'day', before: dayCutoff } as const;
    const daily = await compactTier(tx, toDays);
    await compactRunsTier(tx, toDays);
    if (partitioned) await ensureMonthPartitions(tx, now);
    return {
      runsDeleted: hourly.deleted,
      hourlyKept: hourly.kept,
      hourlyDeleted: daily.deleted + replaced.deleted,
      dailyKept: daily.kept + replaced.kept,
    };
  });
}
