import {
  STATS_RECENT_RUNS,
  STATS_RECENT_UPDATES,
  type StatsRun,
  type SystemStats,
} from '../../../shared/api/admin-stats.schema.ts';
import { computeEffectiveLevel } from '../../../shared/membership/level.ts';
import type { Config } from '../../config.ts';
import type { DbKind } from '../../db/client.ts';
import { selectRecentJobRuns, selectRecentRunsWithErrors } from '../../runs/run-history.ts';
import { getSyncStatus, redactConfigSecrets, type SyncStatusDeps } from '../../runs/sync-status.ts';
import { measureDatabaseSize } from './db-setup.service.ts';
import {
  selectLevelGroups,
  selectProjectsByCategory,
  selectRecentlyUpdatedProjects,
  selectSectorHeat,
  selectVerifiedProjectCount,
} from './system-stats.queries.ts';

export type SystemStatsDeps = SyncStatusDeps & { dbKind: DbKind; config: Pick<Config, 'DATA_DIR'> };

const MAX_RUN_ERRORS = 5;

/** The admin panel's system figures at `now` (admin-stats.schema.ts). Source freshness is GET /api/sync/status's. */
export async function getSystemStats(deps: SystemStatsDeps, now: Date): Promise<SystemStats> {
  const { db, config } = deps;
  const [byCategory, verified, updates, sectorHeat, runs, failed, sync, size, levelGroups] = await Promise.all([
    selectProjectsByCategory(db),
    selectVerifiedProjectCount(db),
    selectRecentlyUpdatedProjects(db, STATS_RECENT_UPDATES),
    selectSectorHeat(db),
    selectRecentJobRuns(db, STATS_RECENT_RUNS),
    selectRecentRunsWithErrors(db, STATS_RECENT_RUNS),
    getSyncStatus({ db, config, jobs: deps.jobs }, now),
    measureDatabaseSize(deps),
    selectLevelGroups(db, now),
  ]);
  const toRun = (row: (typeof runs)[number]): StatsRun => ({
    id: row.id,
    job: row.job,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
    errors: row.errors.slice(0, MAX_RUN_ERRORS).map((message) => redactConfigSecrets(config, message)),
  });
  const usersByLevel = { free: 0, premium: 0, vip: 0 };
  for (const group of levelGroups) {
    const level = computeEffectiveLevel(
      {
        points: group.band,
        paidLevel: group.paid_level ?? 'free',
        // A running plan is represented by an expiry just after now, an ended or absent one by none.
        paidExpiresAt: group.paid_active ? new Date(now.getTime() + 1) : null,
      },
      now,
    );
    usersByLevel[level] += group.n;
  }
  return {
    projectsByCategory: byCategory,
    verifiedProjects: verified,
    recentUpdates: updates.map((p) => ({ ...p, updatedAt: p.updatedAt.toISOString() })),
    sectorHeat,
    recentRuns: runs.map(toRun),
    failedRuns: failed.map(toRun),
    sources: sync.sources.map((s) => ({
      source: s.source,
      state: s.state,
      lastSuccessAt: s.lastSuccessAt,
      dataAsOf: s.dataAsOf,
      lastError: s.lastError,
    })),
    database: { kind: deps.dbKind, ...size },
    usersByLevel,
  };
}
