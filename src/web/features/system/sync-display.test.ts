import { describe, expect, test } from 'vitest';
import { sinceText, syncDisplayOf } from './sync-display.ts';

describe('sync display', () => {
  test('offline beats syncing beats warning beats pending beats synced', () => {
    const lastSync = '2026-11-24T00:00:00.000Z';
    expect(syncDisplayOf({ online: false, inProgress: true, errorCount: 2, lastSync })).toBe('offline');
    expect(syncDisplayOf({ online: true, inProgress: true, errorCount: 2, lastSync })).toBe('syncing');
    expect(syncDisplayOf({ online: true, inProgress: false, errorCount: 1, lastSync })).toBe('warning');
    expect(syncDisplayOf({ online: true, inProgress: false, errorCount: 0, lastSync })).toBe('synced');
    // Never synced is not "synced".
    expect(syncDisplayOf({ online: true, inProgress: false, errorCount: 0, lastSync: null })).toBe('pending');
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
