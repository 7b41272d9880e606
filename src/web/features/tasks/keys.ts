// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const taskKeys = {
  all: ['tasks'] as const,
  today: () => ['tasks', 'today'] as const,
  shareChoices: () => ['tasks', 'share-choices'] as const,
  // The points ledger (GET /api/me/points) keeps a root of its own: live hints about points name it alone.
  points: ['points'] as const,
  pointsPage: (offset: number, language: string) => ['points', offset, language] as const,
};
