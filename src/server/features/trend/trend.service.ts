import type { TrendResponse } from '../../../shared/api/compare.schema.ts';
import type { HistoryRange } from '../../../shared/api/heat.schema.ts';
import { DAY_MS } from '../../../shared/scoring/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { selectProjectSector, selectSectorKey, selectTrendRows, type TrendRow } from './trend.queries.ts';

const RANGE_DAYS: Record<HistoryRange, number> = { '7d': 7, '30d': 30, '90d': 90 };

const toPoint = (row: TrendRow) => ({
  day: row.day,
  score: row.score,
  rank: row.rank,
  total: row.total,
  sectorRank: row.sector_rank,
  sectorTotal: row.sector_total,
});

/** A project's daily heat, rank among all projects and rank within its sector. Throws PROJECT_NOT_FOUND. */
export async function getProjectTrend(db: Db, id: string, range: HistoryRange, now: Date): Promise<TrendResponse> {
  const project = await selectProjectSector(db, id);
  if (!project) throw new AppError('PROJECT_NOT_FOUND', { id });
  const rows = await selectTrendRows(db, 'project', project.id, sinceOf(range, now));
  return { entityType: 'project', id: project.id, range, sectorId: project.sector_id, points: rows.map(toPoint) };
}

/** A sector's daily heat and rank among all sectors. Throws SECTOR_NOT_FOUND. */
export async function getSectorTrend(db: Db, id: string, range: HistoryRange, now: Date): Promise<TrendResponse> {
  const sectorId = await selectSectorKey(db, id);
  if (!sectorId) throw new AppError('SECTOR_NOT_FOUND', { id });
  const rows = await selectTrendRows(db, 'sector', sectorId, sinceOf(range, now));
  return { entityType: 'sector', id: sectorId, range, sectorId: null, points: rows.map(toPoint) };
}

/** The range's first whole UTC day: 7d is today and the six days before it. */
function sinceOf(range: HistoryRange, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (RANGE_DAYS[range] - 1) * DAY_MS);
}
