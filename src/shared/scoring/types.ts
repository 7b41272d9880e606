import { z } from 'zod';

import { type ProjectStatus, ProjectStatusSchema } from '../api/common.schema.ts';
import { PROJECT_STATUSES } from '../api/common.values.ts';

/** Project status values (spec section 3), defined once in the API contract. */
export { PROJECT_STATUSES, type ProjectStatus, ProjectStatusSchema };

// A signal value: a finite number, or null for "no data". Never 0 as a stand-in for missing.
const signal = z.number().nullable();

/**
 * The inputs of the heat model. Every numeric signal is `null` when no source supplied it; the database columns of
 * `projects` are named after these fields. Units: counts are plain counts, amounts are USD, percentages are percent
 * points (12.5 means +12.5 %), `googleTrends` is the 0–100 search-interest index (from Wikipedia page views).
 */
export const HeatSignalsSchema = z.object({
  twitterFollowers: signal,
  mentions7d: signal,
  engagementAvg: signal,
  telegramMembers: signal,
  discordMembers: signal,
  marketCapUsd: signal,
  volume24hUsd: signal,
  priceChange24hPct: signal,
  priceChange7dPct: signal,
  commits52w: signal,
  stars: signal,
  forks: signal,
  contributors: signal,
  codeFrequency: signal,
  newsMentions: signal,
  googleTrends: signal,
  redditMentions: signal,
  /**
   * Distinct authors of the `redditMentions` posts: not an input of its own but the qualifier of the distinct-authors
   * rule (mentions.ts); null or missing when unknown, and then the posts are scored as counted.
   */
  redditAuthors: signal.optional(),
  listedAt: z.date().nullable(),
  status: ProjectStatusSchema,
  verified: z.boolean(),
});
export type HeatSignals = z.infer<typeof HeatSignalsSchema>;

/** The numeric signal keys of {@link HeatSignals}. */
export type SignalKey = Exclude<keyof HeatSignals, 'listedAt' | 'status' | 'verified' | 'redditAuthors'>;

/** Categories of breakdown entries: the four heat categories, constants, and adjustments (age, status, clamp…). */
export const BREAKDOWN_CATEGORIES = [
  'social',
  'market',
  'development',
  'news',
  'sector',
  'base',
  'adjustment',
] as const;
export type BreakdownCategory = (typeof BREAKDOWN_CATEGORIES)[number];
export type HeatCategory = 'social' | 'market' | 'development' | 'news';

/**
 * One line of a score's explanation. Invariant for every model: the contributions of all entries sum to the score
 * (within 1e-9). For weighted entries `contribution = 100 × normalised × effectiveWeight`; adjustment entries
 * (age, status, size bonus, clamp) have weight 0 and carry their points in `contribution`.
 */
export const BreakdownEntrySchema = z.object({
  key: z.string(),
  category: z.enum(BREAKDOWN_CATEGORIES),
  /** The raw input as received (count, USD, %, flag or status); null when there is no data. */
  raw: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  /** The raw input mapped to 0–1; null when there is no data or for adjustments. */
  normalised: z.number().min(0).max(1).nullable(),
  /** The model weight (share of 1) when every input is present; 0 for adjustments. */
  weight: z.number(),
  /** The weight actually used after renormalising over the inputs that have data. */
  effectiveWeight: z.number(),
  /** Score points this entry adds (may be negative for age < 1 and clamping). */
  contribution: z.number(),
  noData: z.boolean(),
  /** Only on the age entry: the age factor applied to the weighted sum. */
  multiplier: z.number().optional(),
  /**
   * Only on a mentions entry whose source names authors (Reddit): the distinct authors and the count actually scored
   * (min(raw, 3 × authors), the distinct-authors rule); `normalised` is computed from `effective`.
   */
  authors: z.number().optional(),
  effective: z.number().optional(),
});
export type BreakdownEntry = z.infer<typeof BreakdownEntrySchema>;

/** The result of every scoring function: score ∈ [0, 100], its explanation and the model version that produced it. */
export type ScoreResult = {
  score: number;
  breakdown: BreakdownEntry[];
  model: string;
  /** True when no input had data and the score is the model's neutral default. */
  noData: boolean;
};

/** Clamps x to [min, max]. */
export function clamp(x: number, min: number, max: number): number {
  return Math.min(Math.max(x, min), max);
}

/** True for a usable signal value: a finite number (null, NaN and ±Infinity count as "no data"). */
export function hasValue(x: number | null | undefined): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}
