import { describe, expect, test } from 'vitest';
import { invalidationsFor, invalidationsForBatch } from './live-updates.ts';

describe('hint invalidations', () => {
  test('a recompute refetches ranked views now, but only marks search results stale (a search spends quota)', () => {
    const result = invalidationsFor({ type: 'heat.recomputed', asOf: '2026-11-24T00:00:00.000Z' });
    expect(result).toContainEqual({ queryKey: ['projects'], when: 'now' });
    expect(result).toContainEqual({ queryKey: ['sectors'], when: 'now' });
    expect(result).toContainEqual({ queryKey: ['search'], when: 'later' });
    expect(result.some((i) => i.queryKey[0] === 'search' && i.when === 'now')).toBe(false);
  });

  test("a project edit with ids refetches those projects' pages and the lists, not every project page", () => {
    const result = invalidationsFor({ type: 'projects.updated', ids: ['uniswap'] });
    expect(result).toContainEqual({ queryKey: ['projects', 'detail', 'uniswap'], when: 'now' });
    expect(result).toContainEqual({ queryKey: ['projects', 'list'], when: 'now' });
    expect(result).not.toContainEqual({ queryKey: ['projects'], when: 'now' });
  });

  test('a recompute and a project edit refetch every analysis (movers, anomalies, briefs rest on the new heat)', () => {
    const recompute = invalidationsFor({ type: 'heat.recomputed', asOf: '2026-11-24T00:00:00.000Z' });
    const edit = invalidationsFor({ type: 'projects.updated', ids: ['uniswap'] });
    const editAll = invalidationsFor({ type: 'projects.updated' });

    for (const result of [recompute, edit, editAll]) {
      expect(result).toContainEqual({ queryKey: ['analysis'], when: 'now' });
    }
  });

  test("a user's own hints touch only that user's queries", () => {
    const keys = invalidationsFor({ type: 'me.updated', what: 'notifications' }).map((i) => i.queryKey.join('/'));
    // A fired alert notifies; the dashboard's alerts widget (the user's own alerts) shows its state.
    expect(keys).toEqual(['notifications', 'dashboard/alerts']);
    const points = invalidationsFor({ type: 'me.updated', what: 'points' }).map((i) => i.queryKey.join('/'));
    expect(points).toContain('auth/me');
    expect(points).not.toContain('projects');
  });

  test('a batch names each key once, and "now" wins over "later"', () => {
    const result = invalidationsForBatch([
      { type: 'sectors.updated' },
      { type: 'heat.recomputed', asOf: 'x' },
      { type: 'sync.updated', job: 'heat' },
    ]);
    const keys = result.map((i) => JSON.stringify(i.queryKey));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('["system","sync-status"]');
  });
});
