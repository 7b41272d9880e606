// This feature's query keys, exported by its api.ts. No runtime imports: the live-update table (app/live-updates.ts)
// loads with the first page and must not bring this feature's fetchers along.
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => ['notifications', 'unread'] as const,
  latest: () => ['notifications', 'latest'] as const,
  list: (unreadOnly: boolean) => ['notifications', 'list', unreadOnly] as const,
};
