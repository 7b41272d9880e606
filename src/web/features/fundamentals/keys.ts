// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const fundingKeys = {
  all: ['funding'] as const,
  project: (id: string) => ['funding', 'project', id] as const,
};
