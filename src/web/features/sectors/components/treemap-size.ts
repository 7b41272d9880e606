import type { Sector } from '../../../../shared/api/sectors.schema.ts';

/** What a sector tile's area stands for (the heat map's size switch; ?size= in the URL). */
export const TREEMAP_SIZES = ['projects', 'marketCap', 'tvl'] as const;
export type TreemapSize = (typeof TREEMAP_SIZES)[number];

export function isTreemapSize(value: unknown): value is TreemapSize {
  return typeof value === 'string' && (TREEMAP_SIZES as readonly string[]).includes(value);
}

/**
 * A sector's tile area for a size: its project count, total market cap or total TVL; null when the sector holds no
 * such figure (it then gets no tile — an invented size would be a number the data does not hold).
 */
export function treemapSizeOf(sector: Sector, size: TreemapSize): number | null {
  if (size === 'projects') return sector.projectCount > 0 ? sector.projectCount : null;
  const value = size === 'marketCap' ? sector.totalMarketCap : sector.totalTvl;
  return value !== null && value > 0 ? value : null;
}
