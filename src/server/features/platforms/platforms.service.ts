import type {
  Platform,
  PlatformDetailResponse,
  PlatformListResponse,
  PlatformSort,
} from '../../../shared/api/platforms.schema.ts';
import { slugify } from '../../../shared/slugify.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { toProjectListItem } from '../projects/projects.service.ts';
import { chainLayerOf } from './chain-layer.ts';
import {
  selectChainProjects,
  selectPlatformAggregates,
  selectPlatformProjects,
  selectPlatformTvl,
} from './platforms.queries.ts';

/**
 * Every ecosystem platform (chains and launch platforms), most projects first. A chain is labelled L1 or L2 from the
 * project that is that chain. A chain's TVL is DefiLlama's chain figure as stored by the `chains` source (platform_tvl,
 * with its as-of, stale after a failed refresh); null when none is stored. Never the sum of its protocols' TVL: that
 * would count a multi-chain protocol on every chain it runs on. A launch platform has no TVL.
 */
export async function listPlatforms(db: Db): Promise<PlatformListResponse> {
  const [rows, chainProjects, tvlRows] = await Promise.all([
    selectPlatformAggregates(db),
    selectChainProjects(db),
    selectPlatformTvl(db),
  ]);
  const tvlByKey = new Map(tvlRows.map((row) => [row.platformKey, row]));
  const items = rows.map((row): Platform => {
    const id = row.kind === 'chain' ? slugify(row.name) : `launchpad-${slugify(row.name)}`;
    const tvl = row.kind === 'chain' ? tvlByKey.get(id) : undefined;
    return {
      id,
      name: row.name,
      kind: row.kind,
      projectCount: row.project_count,
      avgHeat: row.avg_heat === null ? null : Math.round(row.avg_heat * 10) / 10,
      topProjects: row.top_projects,
      layer: row.kind === 'chain' ? chainLayerOf(row.name, chainProjects) : null,
      tvl: tvl ? tvl.tvlUsd : null,
      tvlSource: tvl
        ? { source: tvl.source, asOf: tvl.asOf.toISOString(), ...(tvl.stale ? { stale: true } : {}) }
        : null,
    };
  });
  return { items };
}

/** Descending with a missing value last (never read as 0). */
function compareDescending(x: number | null, y: number | null): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
}

const SORT_VALUE: Record<PlatformSort, (platform: Platform) => number | null> = {
  projects: (platform) => platform.projectCount,
  heat: (platform) => platform.avgHeat,
  tvl: (platform) => platform.tvl,
};

/**
 * The list as asked: the name containing `q` (any case), sorted descending by `sort`; a platform without that figure
 * (no scored project, no TVL) comes after every one with it, never as a 0; ties as the default list orders them
 * (project count, heat, name).
 */
export function filterAndSortPlatforms(
  items: readonly Platform[],
  options: { kind?: Platform['kind']; q?: string; sort: PlatformSort },
): Platform[] {
  const needle = options.q?.toLocaleLowerCase();
  const value = SORT_VALUE[options.sort];
  return items
    .filter((item) => !options.kind || item.kind === options.kind)
    .filter((item) => !needle || item.name.toLocaleLowerCase().includes(needle))
    .sort(
      (a, b) =>
        compareDescending(value(a), value(b)) ||
        b.projectCount - a.projectCount ||
        compareDescending(a.avgHeat, b.avgHeat) ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
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

/** The response-cache key of every platform (filtered and sorted per request from it): web and public API share it. */
export function platformListCacheKey(): string {
  return 'platforms:all';
}

/** The response-cache key of one platform's page (the id is matched case-insensitively). */
export function platformCacheKey(id: string, page: { limit: number; offset: number }): string {
  return `platform:${id.toLowerCase()}:${page.limit}:${page.offset}`;
}
