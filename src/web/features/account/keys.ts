// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const accountKeys = {
  all: ['account'] as const,
  providers: () => ['account', 'providers'] as const,
  completedTasks: () => ['account', 'completed-tasks'] as const,
};
