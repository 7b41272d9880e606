import type { QueryKey } from '@tanstack/react-query';
import type { RealtimeHint } from '../../../shared/api/realtime.schema.ts';

/**
 * What to refetch for a server hint: query-key prefixes, and whether active queries refetch now (`now`) or are only
 * marked stale for their next use (`later`). Search results are `later`: every /api/search call counts against the
 * user's daily quota, and a hint must never spend it.
 */
export type Invalidation = { queryKey: QueryKey; when: 'now' | 'later' };

const now = (...queryKey: QueryKey) => ({ queryKey, when: 'now' as const });
const later = (...queryKey: QueryKey) => ({ queryKey, when: 'later' as const });

/** Everything a score, a rank or a project's facts show up in. */
const RANKED_VIEWS = [
  now('projects'),
  now('sectors'),
  now('platforms'),
  now('heat'),
  now('analysis'),
  now('compare'),
  now('watchlists'),
  // The dashboard's widgets (heat, movers, brief, a saved search's results: not counted against the search quota).
  now('dashboard'),
  now('funding'),
  // A project's social summary: its social score, and the X figures a social ingestion (followed by a recompute) stored.
  now('social'),
  now('system', 'stats'),
  // A recompute follows each ingestion: the figures may have turned live (GET /api/data-state).
  now('system', 'data-state'),
  now('searchFacets'),
  later('search'),
];

export function invalidationsFor(hint: RealtimeHint): Invalidation[] {
  switch (hint.type) {
    case 'heat.recomputed':
      return RANKED_VIEWS;
    case 'projects.updated':
      // Lists may order or show any project; with ids, only those projects' pages are refetched.
      return hint.ids
        ? [
            now('projects', 'list'),
            ...hint.ids.flatMap((id) => [
              now('projects', 'detail', id),
              now('heat', 'project', id),
              now('funding', 'project', id),
              now('social', 'project', id),
            ]),
            // Movers, anomalies and similar projects span projects: any edit may change every analysis.
            now('analysis'),
            now('sectors'),
            now('platforms'),
            now('compare'),
            now('watchlists'),
            now('searchFacets'),
            later('search'),
          ]
        : RANKED_VIEWS;
    case 'sectors.updated':
      return [now('sectors'), now('projects'), now('platforms'), now('compare'), now('system', 'stats')];
    case 'sync.updated':
      return [now('system', 'sync-status')];
    case 'me.updated':
      switch (hint.what) {
        case 'points':
          return [now('points'), now('tasks'), now('membership'), now('auth', 'me'), now('account')];
        case 'notifications':
          // A fired alert notifies: the dashboard's alerts widget shows its state.
          return [now('notifications'), now('dashboard', 'alerts')];
        case 'profile':
          return [now('auth', 'me'), now('membership'), now('account')];
      }
  }
}

/** The invalidations of a batch, each key once (a batch may carry a recompute and a project edit together). */
export function invalidationsForBatch(hints: RealtimeHint[]): Invalidation[] {
  const byKey = new Map<string, Invalidation>();
  for (const hint of hints) {
    for (const invalidation of invalidationsFor(hint)) {
      const key = JSON.stringify(invalidation.queryKey);
      const earlier = byKey.get(key);
      if (!earlier || (earlier.when === 'later' && invalidation.when === 'now')) byKey.set(key, invalidation);
    }
  }
  return [...byKey.values()];
}
