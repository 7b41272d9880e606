import type { SectorPage } from './api.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const sectorKeys = {
  all: ['sectors'] as const,
  list: () => ['sectors', 'list'] as const,
  detail: (id: string, page: SectorPage) => ['sectors', 'detail', id, page] as const,
};
