import type { HistoryRange } from './api.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const watchlistKeys = {
  all: ['watchlists'] as const,
  lists: () => ['watchlists', 'lists'] as const,
  one: (id: string) => ['watchlists', 'one', id] as const,
  history: (id: string, range: HistoryRange) => ['watchlists', 'history', id, range] as const,
  watching: (projectId: string) => ['watchlists', 'watching', projectId] as const,
  watched: () => ['watchlists', 'watched'] as const,
};
