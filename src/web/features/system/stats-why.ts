import type { StatsResponse } from '../../../shared/api/system.schema.ts';

export type StatKey = Exclude<keyof StatsResponse, 'asOf' | 'scoredProjects'>;
export type StatWhy = 'noMembers' | 'growthWeek' | 'growthMonth' | 'noScored';

/**
 * Why a statistic cannot be computed on this instance yet, or null when its value stands. A bare 0 or "—" reads as a
 * failure; these say what is missing: no members (the user figures), no member older than the window (growth is a
 * percentage of the members before it), no scored project (heat index, trending).
 */
export function whyNotYet(stats: StatsResponse, key: StatKey): StatWhy | null {
  const noMembers = stats.totalUsers === 0;
  switch (key) {
    case 'totalUsers':
    case 'dailyActive':
      return noMembers ? 'noMembers' : null;
    case 'weeklyGrowth':
      return stats.weeklyGrowth !== null ? null : noMembers ? 'noMembers' : 'growthWeek';
    case 'monthlyGrowth':
      return stats.monthlyGrowth !== null ? null : noMembers ? 'noMembers' : 'growthMonth';
    case 'heatIndex':
    case 'trendingToday':
      return stats.scoredProjects === 0 ? 'noScored' : null;
    default:
      return null;
  }
}
