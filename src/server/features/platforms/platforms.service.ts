import type { Platform, PlatformDetailResponse, PlatformListResponse } from '../../../shared/api/platforms.schema.ts';
import { slugify } from '../../../shared/slugify.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { toProjectListItem } from '../projects/projects.service.ts';
import { selectPlatformAggregates, selectPlatformProjects } from './platforms.queries.ts';

/** Every ecosystem platform (chains and launch platforms), most projects first. */
export async function listPlatforms(db: Db): Promise<PlatformListResponse> {
  const rows = await selectPlatformAggregates(db);
  const items = rows.map(
    (row): Platform => ({
      id: row.kind === 'chain' ? slugify(row.name) : `launchpad-${slugify(row.name)}`,
      name: row.name,
      kind: row.kind,
      projectCount: row.project_count,
      avgHeat: row.avg_heat === null ? null : Math.round(row.avg_heat * 10) / 10,
      topProjects: row.top_projects,
    }),
  );
  return { items };
}

/** One platform with a page of its projects, heat descending; throws PLATFORM_NOT_FOUND. */
export async function getPlatform(
  db: Db,
  all: PlatformListResponse,
  id: string,
  page: { limit: number; offset: number },
): Promise<PlatformDetailResponse> {
  const platform = all.items.find((item) => item.id === id.toLowerCase());
  if (!platform) throw new AppError('PLATFORM_NOT_FOUND', { id });
  const rows = await selectPlatformProjects(db, platform, page);
  return { platform, projects: { items: rows.map(toProjectListItem), total: platform.projectCount, ...page } };
}
