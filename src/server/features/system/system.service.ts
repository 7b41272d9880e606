import type { HealthResponse, StatsResponse } from '../../../shared/api/system.schema.ts';
import { type Db, type DbKind, getMigrationVersion } from '../../db/client.ts';
import { selectProjectCount, selectStats } from './system.queries.ts';

export const APP_VERSION = '0.1.0';
const startedAt = Date.now();

/** Database reachability, migration version and project count; status 'unavailable' when a query fails. */
export async function getHealth(
  db: Db,
  kind: DbKind,
): Promise<Omit<HealthResponse, 'realtimeStreams' | 'readReplicas'>> {
  const base = { database: kind, version: APP_VERSION, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
  try {
    const [migration, projectCount] = await Promise.all([getMigrationVersion(db), selectProjectCount(db)]);
    return { status: 'ok', migration, projectCount, ...base };
  } catch {
    return { status: 'unavailable', migration: null, projectCount: null, ...base };
  }
}

const growthPercent = (total: number, before: number) =>
  before === 0 ? null : Math.round(((total - before) / before) * 1000) / 10;

/** Homepage statistics computed from our own tables; null where there is nothing honest to say. */
export async function getStats(db: Db, now: Date): Promise<StatsResponse> {
  const row = await selectStats(db);
  return {
    totalProjects: row.total_projects,
    scoredProjects: row.scored_projects,
    activeSectors: row.active_sectors,
    trendingToday: row.trending,
    totalUsers: row.total_users,
    dailyActive: row.total_users === 0 ? null : row.daily_active,
    weeklyGrowth: growthPercent(row.total_users, row.users_before_week),
    monthlyGrowth: growthPercent(row.total_users, row.users_before_month),
    heatIndex: row.heat_index === null ? null : Math.round(row.heat_index * 10) / 10,
    asOf: now.toISOString(),
  };
}

/** The response-cache key of the site statistics. */
export function statsCacheKey(): string {
  return 'stats';
}
