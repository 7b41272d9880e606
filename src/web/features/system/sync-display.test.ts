import { describe, expect, test } from 'vitest';
import { sinceText, syncDisplayOf } from './sync-display.ts';

describe('sync display', () => {
  test('offline beats syncing beats no source beats warning beats pending beats synced', () => {
    const lastSync = '2026-11-24T00:00:00.000Z';
    const base = { online: true, inProgress: false, errorCount: 0, lastSync, sourceRuns: 5 };
    expect(syncDisplayOf({ ...base, online: false, inProgress: true, errorCount: 2 })).toBe('offline');
    expect(syncDisplayOf({ ...base, inProgress: true, errorCount: 2 })).toBe('syncing');
    expect(syncDisplayOf({ ...base, errorCount: 1 })).toBe('warning');
    expect(syncDisplayOf(base)).toBe('synced');
    // Never synced is not "synced"; sources that ran and never answered are said so (成功 83 read healthy).
    expect(syncDisplayOf({ ...base, lastSync: null, sourceRuns: 0 })).toBe('pending');
    expect(syncDisplayOf({ ...base, lastSync: null, errorCount: 3 })).toBe('noSource');
  });

  test('last sync reads just now, N minutes ago, N hours ago, then days', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(sinceText(null, now)).toBeNull();
    expect(sinceText(at(59_000), now)).toEqual({ key: 'justNow', count: 0 });
    expect(sinceText(at(5 * 60_000), now)).toEqual({ key: 'minutesAgo', count: 5 });
    expect(sinceText(at(3 * 3_600_000 + 59 * 60_000), now)).toEqual({ key: 'hoursAgo', count: 3 });
    expect(sinceText(at(72 * 3_600_000), now)).toEqual({ key: 'daysAgo', count: 3 });
    expect(sinceText(at(-60_000), now)).toEqual({ key: 'justNow', count: 0 }); // a server clock ahead of ours
  });
});
