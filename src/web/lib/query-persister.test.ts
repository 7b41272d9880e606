import { describe, expect, test } from 'vitest';
import { restoredCopy, shouldPersist } from './query-persister.ts';

const query = (queryKey: unknown[], status: 'success' | 'error' = 'success', dataUpdatedAt = 0) =>
  ({ queryKey, state: { status, dataUpdatedAt } }) as unknown as Parameters<typeof shouldPersist>[0];

describe('what goes to disk for offline use', () => {
  test('public data that loaded', () => {
    expect(shouldPersist(query(['projects', 'list', { page: 1 }]))).toBe(true);
    expect(shouldPersist(query(['sectors', 'list']))).toBe(true);
    expect(shouldPersist(query(['system', 'stats']))).toBe(true);
  });

  test("never a user's own data, a search, a failure, or a status that is about now", () => {
    for (const key of [
      ['auth', 'me'],
      ['points', 0, 'zh'],
      ['watchlists', 'lists'],
      ['notifications', 'unread'],
      ['funding', 'project', 'uniswap'], // investors and valuations are VIP premium data
      ['team-sharing', 'notes', 'uniswap'],
      ['dashboard', 'layout'],
    ]) {
      expect(shouldPersist(query(key))).toBe(false);
    }
    expect(shouldPersist(query(['search', { q: 'eth' }]))).toBe(false);
    expect(shouldPersist(query(['projects', 'list'], 'error'))).toBe(false);
    expect(shouldPersist(query(['system', 'sync-status']))).toBe(false);
    expect(shouldPersist(query(['system', 'health']))).toBe(false);
  });
});

describe('after the saved copy is restored', () => {
  test('the restored copies refetch; the answers this page already asked for do not (no answer asked twice)', () => {
    const pageStartedAt = Date.parse('2026-12-01T06:00:00Z');
    const refetch = restoredCopy(pageStartedAt);

    expect(refetch(query(['projects', 'list'], 'success', pageStartedAt - 3_600_000))).toBe(true);
    expect(refetch(query(['projects', 'list'], 'success', pageStartedAt + 400))).toBe(false);
    expect(refetch(query(['auth', 'me'], 'success', pageStartedAt - 3_600_000))).toBe(false);
  });
});
