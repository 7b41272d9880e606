import type { RealtimeHint } from '../../shared/api/realtime.schema.ts';
import { accountKeys } from '../features/account/keys.ts';
import { analysisKeys } from '../features/analysis/keys.ts';
import { compareKeys } from '../features/compare/keys.ts';
import { dashboardKeys } from '../features/dashboard/keys.ts';
import { fundingKeys } from '../features/fundamentals/keys.ts';
import { heatKeys } from '../features/heat/keys.ts';
import { notificationKeys } from '../features/notifications/keys.ts';
import { platformKeys } from '../features/platforms/keys.ts';
import { projectKeys } from '../features/projects/keys.ts';
import {
  type Invalidation,
  refetchLater as later,
  mergeInvalidations,
  refetchNow as now,
} from '../features/realtime/invalidation.ts';
import { searchKeys } from '../features/search/keys.ts';
import { sectorKeys } from '../features/sectors/keys.ts';
import { socialKeys } from '../features/social/keys.ts';
import { systemKeys } from '../features/system/keys.ts';
import { taskKeys } from '../features/tasks/keys.ts';
import { watchlistKeys } from '../features/watchlists/keys.ts';
import { authKeys, membershipKeys } from '../lib/session-keys.ts';

/**
 * The live-update table: which queries a server hint makes stale, named through each feature's key factory (a
 * renamed key cannot leave a hint pointing at nothing). Search results are `later`: every /api/search call counts
 * against the user's daily quota, and a hint must never spend it.
 */

/** Everything a score, a rank or a project's facts show up in. */
const RANKED_VIEWS = [
  now(projectKeys.all),
  now(sectorKeys.all),
  now(platformKeys.all),
  now(heatKeys.all),
  now(analysisKeys.all),
  now(compareKeys.all),
  now(watchlistKeys.all),
  // The dashboard's widgets (heat, movers, brief, a saved search's results: not counted against the search quota).
  now(dashboardKeys.all),
  now(fundingKeys.all),
  // A project's social summary: its social score, and the X figures a social ingestion (followed by a recompute) stored.
  now(socialKeys.all),
  now(systemKeys.stats()),
  // A recompute follows each ingestion: the figures may have turned live (GET /api/data-state).
  now(systemKeys.dataState()),
  now(searchKeys.facets),
  later(searchKeys.all),
];

export function invalidationsFor(hint: RealtimeHint): Invalidation[] {
  switch (hint.type) {
    case 'heat.recomputed':
      return RANKED_VIEWS;
    case 'projects.updated':
      // Lists may order or show any project; with ids, only those projects' pages are refetched.
      return hint.ids
        ? [
            now(projectKeys.lists()),
            ...hint.ids.flatMap((id) => [
              now(projectKeys.detail(id)),
              now(heatKeys.project(id)),
              now(fundingKeys.project(id)),
              now(socialKeys.project(id)),
            ]),
            // Movers, anomalies and similar projects span projects: any edit may change every analysis.
            now(analysisKeys.all),
            now(sectorKeys.all),
            now(platformKeys.all),
            now(compareKeys.all),
            now(watchlistKeys.all),
            now(searchKeys.facets),
            later(searchKeys.all),
          ]
        : RANKED_VIEWS;
    case 'sectors.updated':
      return [
        now(sectorKeys.all),
        now(projectKeys.all),
        now(platformKeys.all),
        now(compareKeys.all),
        now(systemKeys.stats()),
      ];
    case 'sync.updated':
      return [now(systemKeys.syncStatus())];
    case 'me.updated':
      switch (hint.what) {
        case 'points':
          return [
            now(taskKeys.points),
            now(taskKeys.all),
            now(membershipKeys.all),
            now(authKeys.me()),
            now(accountKeys.all),
          ];
        case 'notifications':
          // A fired alert notifies: the dashboard's alerts widget shows its state.
          return [now(notificationKeys.all), now(dashboardKeys.allAlerts())];
        case 'profile':
          return [now(authKeys.me()), now(membershipKeys.all), now(accountKeys.all)];
      }
  }
}

/** The invalidations of a batch, each key once (a batch may carry a recompute and a project edit together). */
export const invalidationsForBatch = (hints: RealtimeHint[]): Invalidation[] =>
  mergeInvalidations(hints.flatMap(invalidationsFor));
