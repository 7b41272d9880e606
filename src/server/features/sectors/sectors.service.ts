import type { Sector, SectorDetailResponse, SectorListResponse } from '../../../shared/api/sectors.schema.ts';
import type { Db } from '../../db/client.ts';
import type { sectors } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { toProjectListItem } from '../projects/projects.service.ts';
import {
  lockSectorAggregates,
  selectSectorById,
  selectSectorProjects,
  selectSectors,
  updateSectorAggregates,
} from './sectors.queries.ts';

export function toSector(row: typeof sectors.$inferSelect): Sector {
  return {
    id: row.id,
    name: row.name,
    nameZh: row.nameZh,
    description: { en: row.descriptionEn, zh: row.descriptionZh },
    icon: row.icon,
    color: row.color,
    heatScore: row.heatScore,
    socialScore: row.socialScore,
    projectCount: row.projectCount,
    scoredCount: row.scoredCount,
    totalMarketCap: row.totalMarketCap,
    marketSource: row.totalMarketCap === null ? null : row.marketSource,
    change24h: row.change24h,
    trend: row.trend,
    breadth: row.breadth,
    concentration: row.concentration,
    topProjects: row.topProjects,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** All sectors, heat descending. */
export async function listSectors(db: Db): Promise<SectorListResponse> {
  return { items: (await selectSectors(db)).map(toSector) };
}

/** One sector (by id, any case) with a page of its projects, heat descending; throws SECTOR_NOT_FOUND. */
export async function getSector(
  db: Db,
  id: string,
  page: { limit: number; offset: number },
): Promise<SectorDetailResponse> {
  const row = await selectSectorById(db, id);
  if (!row) throw new AppError('SECTOR_NOT_FOUND', { id });
  const items = await selectSectorProjects(db, row.name, page);
  return {
    sector: toSector(row),
    projects: { items: items.map(toProjectListItem), total: row.projectCount, ...page },
  };
}

/**
 * Recounts sector membership, market cap and top projects; call after projects are added, removed or rescored. The
 * recount rewrites every sector row, so two at once (parallel admin edits, two instances, a recompute beside an
 * import) could lock those rows in different orders and deadlock — measured on PostgreSQL: 102 of 250 parallel calls.
 * Recounts take turns on one advisory lock held until the caller's transaction ends (a savepoint when `db` is one).
 */
export async function refreshSectorAggregates(db: Db): Promise<void> {
  await withTransaction(db, async (tx) => {
    await lockSectorAggregates(tx);
    await updateSectorAggregates(tx);
  });
}
