// Membership plans, features and quotas (spec §6, §9), read-only until the membership issue.
// Prices are ours (the spec shows none): one place to change them. Amounts in CNY, whole yuan.
export const MEMBERSHIP_LEVELS = ['free', 'premium', 'vip'] as const;
export type MembershipLevel = (typeof MEMBERSHIP_LEVELS)[number];

export const PLAN_PRICES_CNY: Record<MembershipLevel, { monthly: number; yearly: number }> = {
  free: { monthly: 0, yearly: 0 },
  premium: { monthly: 68, yearly: 680 },
  vip: { monthly: 198, yearly: 1980 },
};

/** Points that unlock a level without paying (spec §4: ≥ 1000 premium, ≥ 5000 vip). */
export const LEVEL_POINT_THRESHOLDS: Record<MembershipLevel, number> = { free: 0, premium: 1000, vip: 5000 };

/** Points per action and daily caps (spec §9); shown on /membership, enforced by the server when points ship. */
export const POINTS = { ad: 10, adDailyCap: 10, dailyTask: 50, dailyTaskCap: 5, achievement: 100 } as const;

/** The detailed feature matrix (spec §6), in order; each feature is unlocked from `minLevel` up. */
export const TIER_FEATURES = [
  { key: 'basic_search', minLevel: 'free' },
  { key: 'view_projects', minLevel: 'free' },
  { key: 'basic_analytics', minLevel: 'free' },
  { key: 'advanced_search', minLevel: 'premium' },
  { key: 'custom_filters', minLevel: 'premium' },
  { key: 'saved_searches', minLevel: 'premium' },
  { key: 'search_alerts', minLevel: 'premium' },
  { key: 'export_data', minLevel: 'premium' },
  { key: 'historical_data', minLevel: 'premium' },
  { key: 'heat_analytics', minLevel: 'premium' },
  { key: 'trend_analysis', minLevel: 'premium' },
  { key: 'comparative_analysis', minLevel: 'premium' },
  { key: 'portfolio_tracking', minLevel: 'premium' },
  { key: 'real_time_updates', minLevel: 'premium' },
  { key: 'ad_free', minLevel: 'premium' },
  { key: 'bulk_export', minLevel: 'vip' },
  { key: 'api_access', minLevel: 'vip' },
  { key: 'premium_data', minLevel: 'vip' },
  { key: 'priority_support', minLevel: 'vip' },
] as const satisfies readonly { key: string; minLevel: MembershipLevel }[];

export type TierFeatureKey = (typeof TIER_FEATURES)[number]['key'];

/** -1 means unlimited (spec §6). */
export const UNLIMITED = -1;

export const TIER_QUOTAS = [
  { key: 'dailySearches', values: { free: 10, premium: 100, vip: UNLIMITED } },
  { key: 'dailyExports', values: { free: 0, premium: 10, vip: UNLIMITED } },
  { key: 'hourlyApiCalls', values: { free: 0, premium: 0, vip: 1000 } },
  { key: 'concurrentAlerts', values: { free: 0, premium: 5, vip: 20 } },
] as const satisfies readonly { key: string; values: Record<MembershipLevel, number> }[];

export type TierQuotaKey = (typeof TIER_QUOTAS)[number]['key'];

export function isIncluded(feature: { minLevel: MembershipLevel }, level: MembershipLevel): boolean {
  return MEMBERSHIP_LEVELS.indexOf(level) >= MEMBERSHIP_LEVELS.indexOf(feature.minLevel);
}
