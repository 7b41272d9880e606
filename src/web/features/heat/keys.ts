import type { HistoryRange } from '../../../shared/api/heat.schema.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
/** Query keys of the heat engine's reads; invalidate `heatKeys.all` on `heat.recomputed`. */
export const heatKeys = {
  all: ['heat'] as const,
  project: (id: string) => ['heat', 'project', id] as const,
  projectHistory: (id: string, range: HistoryRange) => ['heat', 'project-history', id, range] as const,
  sectorHistory: (id: string, range: HistoryRange) => ['heat', 'sector-history', id, range] as const,
};
