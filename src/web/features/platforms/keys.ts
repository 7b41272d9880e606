import type { PlatformListQuery, PlatformPage } from './api.ts';

// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const platformKeys = {
  all: ['platforms'] as const,
  list: ({ kind, q, sort }: PlatformListQuery = {}) =>
    ['platforms', 'list', kind ?? 'all', q?.trim() ?? '', sort ?? 'projects'] as const,
  detail: (id: string, page: PlatformPage) => ['platforms', 'detail', id, page] as const,
};
