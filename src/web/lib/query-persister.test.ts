import { describe, expect, test } from 'vitest';
import { shouldPersist } from './query-persister.ts';

const query = (queryKey: unknown[], status: 'success' | 'error' = 'success') =>
  ({ queryKey, state: { status } }) as unknown as Parameters<typeof shouldPersist>[0];

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
