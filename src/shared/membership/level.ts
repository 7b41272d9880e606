// Membership levels, the one level function and the feature matrix (spec §4, §6). Server checks call these, and
// /membership draws its matrix from them: a feature listed here as included is one the server grants at that level.
export const MEMBERSHIP_LEVELS = ['free', 'premium', 'vip'] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];

/** Points that unlock a level without paying (spec §4: ≥ 1000 premium, ≥ 5000 vip). */
export const LEVEL_POINT_THRESHOLDS: Record<MembershipLevel, number> = { free: 0, premium: 1000, vip: 5000 };

function rank(level: MembershipLevel): number {
  return MEMBERSHIP_LEVELS.indexOf(level);
}

/** The level a points balance earns. */
export function computePointsLevel(points: number): MembershipLevel {
  if (points >= LEVEL_POINT_THRESHOLDS.vip) return 'vip';
  if (points >= LEVEL_POINT_THRESHOLDS.premium) return 'premium';
  return 'free';
}

export type LevelInputs = {
  points: number;
  /** The paid plan (user_profiles.membership_level); 'free' when none. */
  paidLevel: MembershipLevel;
  /** When the paid plan ends; a plan counts only while this lies in the future (null: no paid plan). */
  paidExpiresAt: Date | null;
};

/**
 * THE level function: the higher of the points level and a paid plan whose expiry is still in the future. At the
 * exact moment of expiry the plan no longer counts and the level falls back to the points level.
 */
export function computeEffectiveLevel(inputs: LevelInputs, now: Date): MembershipLevel {
  const byPoints = computePointsLevel(inputs.points);
  const paidActive =
    inputs.paidLevel !== 'free' && inputs.paidExpiresAt !== null && inputs.paidExpiresAt.getTime() > now.getTime();
  if (!paidActive) return byPoints;
  return rank(inputs.paidLevel) > rank(byPoints) ? inputs.paidLevel : byPoints;
}

/** The next level reachable with points and how many points are missing (null at vip). */
export function nextPointsLevel(points: number): { level: MembershipLevel; pointsNeeded: number } | null {
  const current = computePointsLevel(points);
  const next = MEMBERSHIP_LEVELS[rank(current) + 1];
  if (!next) return null;
  return { level: next, pointsNeeded: LEVEL_POINT_THRESHOLDS[next] - points };
}

/** Seats in a team, the owner included, by the owner's level (team_collaboration): a team is a vip feature. */
export const TEAM_SEATS: Record<MembershipLevel, number> = { free: 0, premium: 0, vip: 5 };

/** -1 means unlimited (spec §6). */
export const UNLIMITED = -1;

/**
 * The one feature matrix (spec §6: both feature lists merged — the first list is a subset of the detailed one): each
 * feature and the lowest level that includes it. A level includes everything a lower level does. Only features the
 * server delivers are here (a promise the server does not keep has no row).
 */
const FEATURE_MIN_LEVEL = {
  basic_search: 'free',
  view_projects: 'free',
  basic_analytics: 'free',
  advanced_search: 'premium',
  custom_filters: 'premium',
  saved_searches: 'premium',
  search_alerts: 'premium',
  export_data: 'premium',
  historical_data: 'premium',
  heat_analytics: 'premium',
  trend_analysis: 'premium',
  comparative_analysis: 'premium',
  portfolio_tracking: 'premium',
  real_time_updates: 'premium',
  ad_free: 'premium',
  custom_dashboard: 'premium',
  custom_weights: 'premium',
  bulk_export: 'vip',
  api_access: 'vip',
  team_collaboration: 'vip',
  priority_support: 'vip',
  premium_data: 'vip',
} as const satisfies Record<string, MembershipLevel>;
export type Feature = keyof typeof FEATURE_MIN_LEVEL;
export const FEATURES = Object.keys(FEATURE_MIN_LEVEL) as Feature[];

/**
 * Heat history ranges and the lowest level that may read each (feature historical_data): free members and visitors
 * see 7 and 30 days; premium adds 90 days and a year (and the history export, which is premium's export_data).
 */
export const HISTORY_RANGE_MIN_LEVEL = {
  '7d': 'free',
  '30d': 'free',
  '90d': 'premium',
  '1y': 'premium',
} as const satisfies Record<string, MembershipLevel>;
export type HistoryRangeKey = keyof typeof HISTORY_RANGE_MIN_LEVEL;

/** Whether a level may read a heat history range. */
export function canReadHistoryRange(level: MembershipLevel, range: HistoryRangeKey): boolean {
  return rank(level) >= rank(HISTORY_RANGE_MIN_LEVEL[range]);
}

/**
 * Data updates per level (feature real_time_updates): premium gets each change pushed on the live stream at once;
 * free members and visitors get the changes of each 5 minutes together (the spec's heat interval), from the cache.
 */
export const INTERVAL_REFRESH_MS = 5 * 60_000;
export type UpdateMode = 'live' | 'interval';

/** How a level receives data changes: 'live' pushes, or one batch per INTERVAL_REFRESH_MS. */
export function updateModeOf(level: MembershipLevel): UpdateMode {
  return canUse(level, 'real_time_updates') ? 'live' : 'interval';
}

export const QUOTAS = ['dailySearches', 'dailyExports', 'hourlyApiCalls', 'concurrentAlerts'] as const;
export type Quota = (typeof QUOTAS)[number];

/** The spec §6 quota table: how much each level may use. */
export const MEMBERSHIP_QUOTAS: Record<MembershipLevel, Readonly<Record<Quota, number>>> = {
  free: { dailySearches: 10, dailyExports: 0, hourlyApiCalls: 0, concurrentAlerts: 0 },
  premium: { dailySearches: 100, dailyExports: 10, hourlyApiCalls: 0, concurrentAlerts: 5 },
  vip: { dailySearches: UNLIMITED, dailyExports: UNLIMITED, hourlyApiCalls: 1000, concurrentAlerts: 20 },
};

/** Whether a level includes a feature. */
export function canUse(level: MembershipLevel, feature: Feature): boolean {
  return rank(level) >= rank(FEATURE_MIN_LEVEL[feature]);
}

/** The lowest level that includes a feature (for the upgrade message naming the tier needed). */
export function minimumLevelFor(feature: Feature): MembershipLevel {
  return FEATURE_MIN_LEVEL[feature];
}

/** A level's limit for a quota (UNLIMITED = -1). */
export function quotaLimit(level: MembershipLevel, quota: Quota): number {
  return MEMBERSHIP_QUOTAS[level][quota];
}
