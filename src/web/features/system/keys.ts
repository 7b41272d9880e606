// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const systemKeys = {
  all: ['system'] as const,
  stats: () => ['system', 'stats'] as const,
  health: () => ['system', 'health'] as const,
  syncStatus: () => ['system', 'sync-status'] as const,
  dataState: () => ['system', 'data-state'] as const,
};
