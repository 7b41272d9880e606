import type { TrendResponse } from '../../../shared/api/compare.schema.ts';
import type { TrendRange } from '../../../shared/api/heat.schema.ts';
import { DAY_MS } from '../../../shared/time/duration.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  deleteDailyRanksBefore,
  selectDayRankedAt,
  selectHistoryDaySpan,
  selectLastRunOfDay,
  selectProjectSector,
  selectSectorKey,
  selectTrendRows,
  type TrendRow,
  upsertDailyRanks,
} from './trend.queries.ts';

const RANGE_DAYS: Record<TrendRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** Ranked days are kept this long: longer than the longest range (90d), so a late recompute never cuts a trend. */
const KEEP_DAYS = 120;

const toPoint = (row: TrendRow) => ({
  day: row.day,
  score: row.score,
  rank: row.rank,
  total: row.total,
  sectorRank: row.sectorRank,
  sectorTotal: row.sectorTotal,
  asOf: new Date(row.computedAt).toISOString(),
});

/** A project's daily heat, rank among all projects and rank within its sector. Throws PROJECT_NOT_FOUND. */
export async function getProjectTrend(db: Db, id: string, range: TrendRange, now: Date): Promise<TrendResponse> {
  const project = await selectProjectSector(db, id);
  if (!project) throw new AppError('PROJECT_NOT_FOUND', { id });
  const rows = await selectTrendRows(db, 'project', project.id, sinceDayOf(range, now));
  return { entityType: 'project', id: project.id, range, sectorId: project.sector_id, points: rows.map(toPoint) };
}

/** A sector's daily heat and rank among all sectors. Throws SECTOR_NOT_FOUND. */
export async function getSectorTrend(db: Db, id: string, range: TrendRange, now: Date): Promise<TrendResponse> {
  const sectorId = await selectSectorKey(db, id);
  if (!sectorId) throw new AppError('SECTOR_NOT_FOUND', { id });
  const rows = await selectTrendRows(db, 'sector', sectorId, sinceDayOf(range, now));
  return { entityType: 'sector', id: sectorId, range, sectorId: null, points: rows.map(toPoint) };
}

/** The range's first whole UTC day (YYYY-MM-DD): 7d is today and the six days before it. */
function sinceDayOf(range: TrendRange, now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return dayOf(new Date(today - (RANGE_DAYS[range] - 1) * DAY_MS));
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * How stale today's ranks may get: re-ranking a day is one statement over every entity (~1 s of database time at
 * 100k projects, docs/search.md, Performance), too much for every 5-minute recompute. Each point shows its as-of.
 */
export const TODAY_REFRESH_MS = 60 * 60_000;

/**
 * After a recompute (jobs/after-recompute.ts): today's ranks take this run's heat when they are older than
 * TODAY_REFRESH_MS (or today has none yet); and on the first refresh of a new day, yesterday is finished with its last
 * run, so every past day holds its last heat. Ranked days older than KEEP_DAYS go.
 */
export async function refreshDailyRanks(db: Db, runAt: Date): Promise<void> {
  const today = dayOf(runAt);
  const rankedAt = await selectDayRankedAt(db, today);
  if (rankedAt && runAt.getTime() - rankedAt.getTime() < TODAY_REFRESH_MS) return;
  if (!rankedAt) {
    const yesterday = dayOf(new Date(runAt.getTime() - DAY_MS));
    const lastRun = await selectLastRunOfDay(db, yesterday);
    const yesterdayAt = await selectDayRankedAt(db, yesterday);
    if (lastRun && (!yesterdayAt || lastRun > yesterdayAt)) {
      await upsertDailyRanks(db, yesterday, yesterday, { run: lastRun });
    }
  }
  await upsertDailyRanks(db, today, today, { run: runAt });
  await deleteDailyRanksBefore(db, dayOf(new Date(runAt.getTime() - KEEP_DAYS * DAY_MS)));
}

/**
 * Re-ranks every day heat_history holds (the migration's backfill does the same once): after history was written
 * outside a recompute (tests, an import, a repair).
 */
export async function rebuildDailyRanks(db: Db): Promise<void> {
  const span = await selectHistoryDaySpan(db);
  if (span) await upsertDailyRanks(db, span.from, span.to, { all: true });
}

/**
 * Re-ranks the UTC days [fromDay, toDay] from every history row they hold: after the history backfill wrote past
 * days (heat/past-days.service.ts).
 */
export async function rankDays(db: Db, fromDay: string, toDay: string): Promise<void> {
  await upsertDailyRanks(db, fromDay, toDay, { all: true });
}
