/**
 * The sync popover's state (spec §4 "Sync display"), worst first: offline red; in progress blue with a spinner;
 * errors present yellow with the warning label; otherwise green "synced".
 */
export type SyncDisplay = 'offline' | 'syncing' | 'noSource' | 'warning' | 'pending' | 'synced';

/**
 * `pending` (grey, "waiting for the first sync") and `noSource` (yellow, "no data source answering") are ours: before
 * any source has answered, green "synced" would claim a sync that never happened — and internal work (heat every five
 * minutes) succeeding says nothing about the data. `lastSync` is the newest successful source run, `sourceRuns` how
 * many source runs finished at all (metrics.external of GET /api/sync/status).
 */
export function syncDisplayOf(input: {
  online: boolean;
  inProgress: boolean;
  errorCount: number;
  lastSync: string | null;
  sourceRuns: number;
}): SyncDisplay {
  if (!input.online) return 'offline';
  if (input.inProgress) return 'syncing';
  if (input.lastSync === null && input.sourceRuns > 0) return 'noSource';
  if (input.errorCount > 0) return 'warning';
  if (input.lastSync === null) return 'pending';
  return 'synced';
}

export const SYNC_DISPLAY_TONE: Record<SyncDisplay, string> = {
  offline: 'bg-red-600',
  syncing: 'bg-blue-600',
  noSource: 'bg-amber-400',
  warning: 'bg-amber-400',
  pending: 'bg-gray-400',
  synced: 'bg-green-600',
};

/**
 * "Last sync" as the spec words it: just now (under a minute), N minutes ago, N hours ago — and N days ago past two
 * days, where "50 hours ago" would make the reader count. Null without a sync.
 */
export type SinceText = { key: 'justNow' | 'minutesAgo' | 'hoursAgo' | 'daysAgo'; count: number } | null;

export function sinceText(iso: string | null, now: number): SinceText {
  if (!iso) return null;
  const minutes = Math.floor(Math.max(0, now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return { key: 'justNow', count: 0 };
  if (minutes < 60) return { key: 'minutesAgo', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { key: 'hoursAgo', count: hours };
  return { key: 'daysAgo', count: Math.floor(hours / 24) };
}
