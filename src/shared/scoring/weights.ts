import type { HeatCategory, ProjectStatus } from './types.ts';

// Model versions: stored with every score so history stays comparable when constants change. Bump on any change
// to a constant or formula in this folder.
// heat-v2: Reddit mentions are scored as min(posts, 3 × distinct authors) (mentions.ts).
export const HEAT_MODEL_VERSION = 'heat-v2';
// social-v2: no social profile read (no followers, mentions or engagement) → null, not the base 50.
export const SOCIAL_MODEL_VERSION = 'social-v2';
export const HEAT_FROM_SOCIAL_MODEL_VERSION = 'heat-social-v1';
export const SECTOR_MODEL_VERSION = 'sector-v1';

/**
 * The heat model's internal "no input" value (heatScore's noData result). Never stored or shown: a project below the
 * minimum evidence rule has no heat, a project with no social profile no social score, a sector with no scored member
 * no heat (the spec's "new projects start at 50" and "sectors with no projects are 50" are superseded).
 */
export const NEUTRAL_SCORE = 50;

// --- Social score (spec section 9, "Social-based scoring"); points, not weights -----------------------------------
export const SOCIAL_BASE = 50;
/** Followers strictly above `above` add `points`; first match wins (highest threshold first). */
export const SOCIAL_FOLLOWER_TIERS = [
  { above: 100_000, points: 20 },
  { above: 10_000, points: 15 },
  { above: 1_000, points: 10 },
] as const;
export const SOCIAL_VERIFIED_POINTS = 5;
export const SOCIAL_MENTION_TIERS = [
  { above: 1_000, points: 15 },
  { above: 100, points: 10 },
  { above: 10, points: 5 },
] as const;
export const SOCIAL_ENGAGEMENT_TIERS = [
  { above: 100, points: 10 },
  { above: 50, points: 5 },
] as const;

// --- Heat from social (spec: 30 + 70 % of social, +10 if verified) -------------------------------------------------
export const HEAT_FROM_SOCIAL_BASE = 30;
export const HEAT_FROM_SOCIAL_FACTOR = 0.7;
export const HEAT_FROM_SOCIAL_VERIFIED_BONUS = 10;

// --- Multi-factor heat model (spec section 9, "Heat score") --------------------------------------------------------
/**
 * The spec's per-signal weights. They sum to 1. Category weights are their sums (social .40, market .35,
 * development .15, news .10); see {@link HEAT_COMPONENT_POINTS} for the split inside a category.
 */
export const SPEC_SIGNAL_WEIGHTS = {
  twitterFollowers: 0.15,
  mentions7d: 0.1,
  engagementAvg: 0.08,
  telegramMembers: 0.04,
  discordMembers: 0.03,
  marketCapUsd: 0.12,
  volume24hUsd: 0.1,
  priceChange24hPct: 0.08,
  priceChange7dPct: 0.05,
  commits52w: 0.05,
  stars: 0.03,
  forks: 0.02,
  contributors: 0.02,
  codeFrequency: 0.03,
  newsMentions: 0.04,
  googleTrends: 0.03,
  redditMentions: 0.03,
} as const;

/** Category weights: the sums of the spec's signal weights in each category (sum 1). */
export const HEAT_CATEGORY_WEIGHTS: Record<HeatCategory, number> = {
  social: 0.4,
  market: 0.35,
  development: 0.15,
  news: 0.1,
};

/** The heat model's components (17 signals plus the derived volume-to-market-cap ratio). */
export type HeatComponentKey = keyof typeof SPEC_SIGNAL_WEIGHTS | 'volumeToMarketCap';

/**
 * Points of each component inside its category's 0–100 sub-score. Social and market use the spec's sub-caps
 * (twitter 30, telegram 15, discord 10; market cap 30, volume 25, price change 20, momentum 15 in place of the
 * spec's random 15, volume-to-market-cap 10); the social remainder (45) is split between mentions and engagement in
 * the ratio of their spec weights (.10 : .08 → 25 : 20). Development and news have no sub-caps, so their points are
 * the spec weights × 100. Each category's points sum to 100, except development (15) and news (10), which are only
 * ever used as ratios.
 */
export const HEAT_COMPONENT_POINTS: Record<HeatCategory, Partial<Record<HeatComponentKey, number>>> = {
  social: { twitterFollowers: 30, mentions7d: 25, engagementAvg: 20, telegramMembers: 15, discordMembers: 10 },
  market: { marketCapUsd: 30, volume24hUsd: 25, priceChange24hPct: 20, priceChange7dPct: 15, volumeToMarketCap: 10 },
  development: { commits52w: 5, stars: 3, forks: 2, contributors: 2, codeFrequency: 3 },
  news: { newsMentions: 4, googleTrends: 3, redditMentions: 3 },
};

/** Age factor by days since listing: the first row whose `withinDays` ≥ age applies (inclusive); else `OLDER`. */
export const AGE_FACTORS = [
  { withinDays: 7, factor: 1.1 },
  { withinDays: 30, factor: 1.0 },
  { withinDays: 90, factor: 0.95 },
  { withinDays: 365, factor: 0.9 },
] as const;
export const AGE_FACTOR_OLDER = 0.8;
/** Without a listing date the age factor is neutral. */
export const AGE_FACTOR_UNKNOWN = 1.0;

export const STATUS_BONUS: Record<ProjectStatus, number> = { trending: 15, rising: 10, new: 8, active: 0 };

// --- Sector heat (spec: 70 % average heat + 30 % average social, +5 if > 10 projects, else +3 if > 5) ------------
export const SECTOR_HEAT_WEIGHT = 0.7;
export const SECTOR_SOCIAL_WEIGHT = 0.3;
export const SECTOR_SIZE_BONUSES = [
  { moreThan: 10, points: 5 },
  { moreThan: 5, points: 3 },
] as const;

// --- Derived labels ------------------------------------------------------------------------------------------------
/** A sector whose heat moved at least this many points in 24 h is trending up/down; otherwise stable. */
export const SECTOR_TREND_THRESHOLD = 1;
/** Heat-point gain over 24 h (before the status bonus) that makes a project "rising". */
export const RISING_MIN_GAIN = 2;
/** Share of the universe, ranked by 24 h gain, that can be "trending" (top decile). */
export const TRENDING_TOP_SHARE = 0.1;
/** A project listed at most this many days ago is "new". */
export const NEW_WITHIN_DAYS = 30;
/** Concentration: the share of a sector's heat held by its top N projects. */
export const CONCENTRATION_TOP_N = 3;

// --- Minimum evidence (docs/heat-score.md, "Minimum evidence") -----------------------------------------------------
/** A project is scored only when at least this many raw heat inputs have data; below it, it has no heat score. */
export const MIN_EVIDENCE_SIGNALS = 2;
/** The raw heat inputs that can count as evidence (the 17 spec signals; the derived volume/market-cap ratio is not). */
export const EVIDENCE_SIGNAL_TOTAL = 17;

// --- Distinct authors (docs/heat-score.md, "Distinct authors": our first anti-manipulation rule) -------------------
/** Posts a week one distinct author can add to the scored mentions: effective = min(posts, this × authors). */
export const MENTIONS_PER_AUTHOR = 3;
