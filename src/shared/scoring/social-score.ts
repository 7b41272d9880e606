import { type BreakdownEntry, clamp, hasValue, type ScoreResult } from './types.ts';
import {
  HEAT_FROM_SOCIAL_BASE,
  HEAT_FROM_SOCIAL_FACTOR,
  HEAT_FROM_SOCIAL_MODEL_VERSION,
  HEAT_FROM_SOCIAL_VERIFIED_BONUS,
  SOCIAL_BASE,
  SOCIAL_ENGAGEMENT_TIERS,
  SOCIAL_FOLLOWER_TIERS,
  SOCIAL_MENTION_TIERS,
  SOCIAL_MODEL_VERSION,
  SOCIAL_VERIFIED_POINTS,
} from './weights.ts';

/** Inputs of the social score: Twitter followers, mentions in 7 days, average engagement of the last 5 tweets. */
export type SocialInput = {
  twitterFollowers: number | null;
  mentions7d: number | null;
  engagementAvg: number | null;
  verified: boolean;
};

type Tiers = readonly { above: number; points: number }[];

function tierPoints(x: number, tiers: Tiers): number {
  for (const tier of tiers) if (x > tier.above) return tier.points;
  return 0;
}

// A points entry: weight = max points / 100, so contribution = 100 × normalised × weight = points.
function pointsEntry(key: string, raw: number | boolean | null, points: number, maxPoints: number): BreakdownEntry {
  const noData = raw === null;
  const weight = maxPoints / 100;
  return {
    key,
    category: 'social',
    raw,
    normalised: noData ? null : points / maxPoints,
    weight,
    effectiveWeight: noData ? 0 : weight,
    contribution: points,
    noData,
  };
}

function constantEntry(key: string, points: number): BreakdownEntry {
  return {
    key,
    category: 'base',
    raw: null,
    normalised: 1,
    weight: points / 100,
    effectiveWeight: points / 100,
    contribution: points,
    noData: false,
  };
}

/** The clamp entry: the points clamping added (≤ 0 at the top, ≥ 0 at the bottom) so the breakdown sums exactly. */
export function clampEntry(unclamped: number, clamped: number): BreakdownEntry {
  return {
    key: 'clamp',
    category: 'adjustment',
    raw: unclamped,
    normalised: null,
    weight: 0,
    effectiveWeight: 0,
    contribution: clamped - unclamped,
    noData: false,
  };
}

/** A social score: null when no social profile was read (no followers, mentions or engagement), never the base. */
export type SocialScoreResult = Omit<ScoreResult, 'score'> & { score: number | null };

/**
 * Spec section 9 "Social-based scoring": base 50; followers > 100 000 +20, > 10 000 +15, > 1 000 +10; verified +5;
 * mentions > 1 000 +15, > 100 +10, > 10 +5; engagement > 100 +10, > 50 +5; rounded, clamped to [0, 100].
 * Thresholds are strict ("above"). A missing input adds no points and is marked noData (points models do not
 * renormalise). The base (and the verified bonus) apply only when a social profile was read: with no followers,
 * mentions or engagement the score is null ("no data"), never the base 50 (the minimum-evidence rule,
 * docs/heat-score.md). Score ∈ [50, 100] or null.
 */
export function socialScore(input: SocialInput): SocialScoreResult {
  const followers = hasValue(input.twitterFollowers) ? input.twitterFollowers : null;
  const mentions = hasValue(input.mentions7d) ? input.mentions7d : null;
  const engagement = hasValue(input.engagementAvg) ? input.engagementAvg : null;
  if (followers === null && mentions === null && engagement === null) return noSocialProfile(input.verified);
  const breakdown = [
    constantEntry('base', SOCIAL_BASE),
    pointsEntry(
      'twitterFollowers',
      followers,
      followers === null ? 0 : tierPoints(followers, SOCIAL_FOLLOWER_TIERS),
      20,
    ),
    pointsEntry('verified', input.verified, input.verified ? SOCIAL_VERIFIED_POINTS : 0, SOCIAL_VERIFIED_POINTS),
    pointsEntry('mentions7d', mentions, mentions === null ? 0 : tierPoints(mentions, SOCIAL_MENTION_TIERS), 15),
    pointsEntry(
      'engagementAvg',
      engagement,
      engagement === null ? 0 : tierPoints(engagement, SOCIAL_ENGAGEMENT_TIERS),
      10,
    ),
  ];
  const unclamped = breakdown.reduce((sum, e) => sum + e.contribution, 0);
  const score = clamp(Math.round(unclamped), 0, 100);
  breakdown.push(clampEntry(unclamped, score));
  return { score, breakdown, model: SOCIAL_MODEL_VERSION, noData: false };
}

/**
 * No social profile read: score null. The breakdown still lists every input (each "no data"; verified keeps its raw
 * flag) so the explanation can say what is missing, and nothing contributes: the base is not granted.
 */
function noSocialProfile(verified: boolean): SocialScoreResult {
  const base: BreakdownEntry = { ...constantEntry('base', SOCIAL_BASE), normalised: null, contribution: 0 };
  const breakdown = [
    { ...base, effectiveWeight: 0, noData: true },
    pointsEntry('twitterFollowers', null, 0, 20),
    { ...pointsEntry('verified', verified, 0, SOCIAL_VERIFIED_POINTS), normalised: null, effectiveWeight: 0 },
    pointsEntry('mentions7d', null, 0, 15),
    pointsEntry('engagementAvg', null, 0, 10),
  ];
  return { score: null, breakdown, model: SOCIAL_MODEL_VERSION, noData: true };
}

/**
 * Spec section 9: project heat from the social score alone = 30 + 0.7 × social, +10 if verified, clamped to [0, 100].
 * Not rounded. The social score is taken as given (any finite number), so clamping at 0 and at 100 both apply.
 * A missing social score (null: no profile read) gives no heat (null), never 30 or the verified bonus alone.
 * Throws RangeError for a non-finite number.
 */
export function heatFromSocial(social: number | null, verified: boolean): ScoreResult | null {
  if (social === null) return null;
  if (!hasValue(social)) throw new RangeError(`heatFromSocial: social score must be finite, got ${social}`);
  const breakdown: BreakdownEntry[] = [
    constantEntry('base', HEAT_FROM_SOCIAL_BASE),
    {
      key: 'socialScore',
      category: 'social',
      raw: social,
      normalised: clamp(social / 100, 0, 1),
      weight: HEAT_FROM_SOCIAL_FACTOR,
      effectiveWeight: HEAT_FROM_SOCIAL_FACTOR,
      // Not 100 × normalised × weight when social ∉ [0, 100]: the raw product keeps the spec formula literal.
      contribution: HEAT_FROM_SOCIAL_FACTOR * social,
      noData: false,
    },
    {
      key: 'verified',
      category: 'social',
      raw: verified,
      normalised: verified ? 1 : 0,
      weight: HEAT_FROM_SOCIAL_VERIFIED_BONUS / 100,
      effectiveWeight: HEAT_FROM_SOCIAL_VERIFIED_BONUS / 100,
      contribution: verified ? HEAT_FROM_SOCIAL_VERIFIED_BONUS : 0,
      noData: false,
    },
  ];
  const unclamped = breakdown.reduce((sum, e) => sum + e.contribution, 0);
  const score = clamp(unclamped, 0, 100);
  breakdown.push(clampEntry(unclamped, score));
  return { score, breakdown, model: HEAT_FROM_SOCIAL_MODEL_VERSION, noData: false };
}
