import type { Sector, SectorDetailResponse, SectorListResponse } from '../../../shared/api/sectors.schema.ts';
import { SECTOR_CONFIDENT_MIN_SCORED } from '../../../shared/api/sectors.values.ts';
import type { Db } from '../../db/client.ts';
import type { sectors } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { toProjectListItem } from '../projects/projects.service.ts';
import {
  type SectorTvlRow,
  selectSectorById,
  selectSectorProjects,
  selectSectors,
  selectSectorTvl,
} from './sectors.queries.ts';

/** The TVL fields of a sector from its selectSectorTvl row (none: no member holds a TVL). */
function toSectorTvl(row: SectorTvlRow | undefined): Pick<Sector, 'totalTvl' | 'tvlProjectCount' | 'tvlSource'> {
  if (!row) return { totalTvl: null, tvlProjectCount: 0, tvlSource: null };
  const tvlSource =
    row.source === null || row.as_of === null
      ? null
      : {
          source: row.source,
          asOf: row.as_of,
          ...(row.sample ? { sample: true } : {}),
          ...(row.stale ? { stale: true } : {}),
        };
  return { totalTvl: row.total_tvl, tvlProjectCount: row.projects, tvlSource };
}

export function toSector(row: typeof sectors.$inferSelect, tvl?: SectorTvlRow): Sector {
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
    lowConfidence: row.heatScore !== null && row.scoredCount < SECTOR_CONFIDENT_MIN_SCORED,
    totalMarketCap: row.totalMarketCap,
    marketSource: row.totalMarketCap === null ? null : row.marketSource,
    ...toSectorTvl(tvl),
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
  const [rows, tvl] = await Promise.all([selectSectors(db), selectSectorTvl(db)]);
  const tvlByName = new Map(tvl.map((item) => [item.category, item]));
  return { items: rows.map((row) => toSector(row, tvlByName.get(row.name))) };
}

/** Each sector's stored name (projects.category) → its Chinese name, where it has one (exports name sectors so). */
export async function readSectorNames(db: Db): Promise<Map<string, string>> {
  const rows = await selectSectors(db);
  return new Map(rows.flatMap((row) => (row.nameZh ? [[row.name, row.nameZh] as const] : [])));
}

/** One sector (by id, any case) with a page of its projects, heat descending; throws SECTOR_NOT_FOUND. */
export async function getSector(
  db: Db,
  id: string,
  page: { limit: number; offset: number },
): Promise<SectorDetailResponse> {
  const row = await selectSectorById(db, id);
  if (!row) throw new AppError('SECTOR_NOT_FOUND', { id });
  const [items, [tvl]] = await Promise.all([selectSectorProjects(db, row.name, page), selectSectorTvl(db, row.name)]);
  return {
    sector: toSector(row, tvl),
    projects: { items: items.map(toProjectListItem), total: row.projectCount, ...page },
  };
}

// What other features use to recount sectors: the statement lives in db/ so the catalogue can call it too.
export {
  refreshSectorAggregates,
  takeSectorAggregateMarks,
  updateSectorAggregates,
  updateSectorLeaders,
} from '../../db/sector-aggregates.ts';

/** The response-cache key of the sector list: the web's and the public API's share it. */
export function sectorListCacheKey(): string {
  return 'sectors';
}

/** The response-cache key of one sector's page (the id is matched case-insensitively). */
export function sectorCacheKey(id: string, page: { limit: number; offset: number }): string {
  return `sector:${id.toLowerCase()}:${page.limit}:${page.offset}`;
}
