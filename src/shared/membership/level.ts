// Membership levels, the one level function and the feature matrix (spec §4, §6). Server checks call these; the web
// page (src/web/features/membership/plans.ts) still keeps its own copy until it is rewired to this module.
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

/** -1 means unlimited (spec §6). */
export const UNLIMITED = -1;

export const FEATURES = [
  'basic_search',
  'view_projects',
  'basic_analytics',
  'advanced_search',
  'custom_filters',
  'saved_searches',
  'search_alerts',
  'export_data',
  'historical_data',
  'heat_analytics',
  'trend_analysis',
  'comparative_analysis',
  'portfolio_tracking',
  'real_time_updates',
  'ad_free',
  'bulk_export',
  'api_access',
  'premium_data',
  'priority_support',
] as const;
export type Feature = (typeof FEATURES)[number];

export const QUOTAS = ['dailySearches', 'dailyExports', 'hourlyApiCalls', 'concurrentAlerts'] as const;
export type Quota = (typeof QUOTAS)[number];

const FREE_FEATURES: readonly Feature[] = ['basic_search', 'view_projects', 'basic_analytics'];
const PREMIUM_FEATURES: readonly Feature[] = [
  ...FREE_FEATURES,
  'advanced_search',
  'custom_filters',
  'saved_searches',
  'search_alerts',
  'export_data',
  'historical_data',
  'heat_analytics',
  'trend_analysis',
  'comparative_analysis',
  'portfolio_tracking',
  'real_time_updates',
  'ad_free',
];
const VIP_FEATURES: readonly Feature[] = [
  ...PREMIUM_FEATURES,
  'bulk_export',
  'api_access',
  'premium_data',
  'priority_support',
];

/**
 * The one feature matrix (spec §6: both feature lists merged — the first list is a subset of the detailed one — and
 * the quota table): what each level may use and how much.
 */
export const MEMBERSHIP_MATRIX: Record<
  MembershipLevel,
  { features: ReadonlySet<Feature>; quotas: Readonly<Record<Quota, number>> }
> = {
  free: {
    features: new Set(FREE_FEATURES),
    quotas: { dailySearches: 10, dailyExports: 0, hourlyApiCalls: 0, concurrentAlerts: 0 },
  },
  premium: {
    features: new Set(PREMIUM_FEATURES),
    quotas: { dailySearches: 100, dailyExports: 10, hourlyApiCalls: 0, concurrentAlerts: 5 },
  },
  vip: {
    features: new Set(VIP_FEATURES),
    quotas: { dailySearches: UNLIMITED, dailyExports: UNLIMITED, hourlyApiCalls: 1000, concurrentAlerts: 20 },
  },
};

/** Whether a level includes a feature. */
export function canUse(level: MembershipLevel, feature: Feature): boolean {
  return MEMBERSHIP_MATRIX[level].features.has(feature);
}

/** The lowest level that includes a feature (for the upgrade message naming the tier needed). */
export function minimumLevelFor(feature: Feature): MembershipLevel {
  return MEMBERSHIP_LEVELS.find((level) => canUse(level, feature)) ?? 'vip';
}

/** A level's limit for a quota (UNLIMITED = -1). */
export function quotaLimit(level: MembershipLevel, quota: Quota): number {
  return MEMBERSHIP_MATRIX[level].quotas[quota];
}
