import type { TrendRange } from '../../../shared/api/heat.schema.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const compareKeys = {
  all: ['compare'] as const,
  compare: (ids: readonly string[], range: TrendRange) => ['compare', ids.join(','), range] as const,
  projectTrend: (id: string, range: TrendRange) => ['compare', 'trend', id, range] as const,
  sectorTrend: (id: string, range: TrendRange) => ['compare', 'sector-trend', id, range] as const,
  picker: (q: string) => ['compare', 'picker', q] as const,
};
