// Shared fixtures for the scoring tests (not exported from index.ts).

import { DAY_MS } from '../time/duration.ts';
import type { HeatSignals } from './types.ts';

export const NOW = new Date('2026-11-21T00:00:00.000Z');

export const daysAgo = (days: number): Date => new Date(NOW.getTime() - days * DAY_MS);

/** Every signal missing; an active project without a listing date. */
export const NO_SIGNALS: HeatSignals = {
  twitterFollowers: null,
  mentions7d: null,
  engagementAvg: null,
  telegramMembers: null,
  discordMembers: null,
  marketCapUsd: null,
  volume24hUsd: null,
  priceChange24hPct: null,
  priceChange7dPct: null,
  commits52w: null,
  stars: null,
  forks: null,
  contributors: null,
  codeFrequency: null,
  newsMentions: null,
  googleTrends: null,
  redditMentions: null,
  listedAt: null,
  status: 'active',
  verified: false,
};

/** Worked example A of docs/heat-score.md: every signal present, listed 200 days ago, active → 57.09. */
export const EXAMPLE_A: HeatSignals = {
  twitterFollowers: 1_000_000,
  mentions7d: 10_000,
  engagementAvg: 100,
  telegramMembers: 10_000,
  discordMembers: 100_000,
  marketCapUsd: 1e9,
  volume24hUsd: 1e8,
  priceChange24hPct: 10,
  priceChange7dPct: 0,
  commits52w: 1_000,
  stars: 10_000,
  forks: 1_000,
  contributors: 100,
  codeFrequency: 1_000,
  newsMentions: 100,
  googleTrends: 50,
  redditMentions: 100,
  listedAt: daysAgo(200),
  status: 'active',
  verified: true,
};

/** Worked example B: only twitter, telegram, market cap and 24 h change; listed 3 days ago; new → 79.8667. */
export const EXAMPLE_B: HeatSignals = {
  ...NO_SIGNALS,
  twitterFollowers: 1_000_000,
  telegramMembers: 10_000,
  marketCapUsd: 1e9,
  priceChange24hPct: 10,
  listedAt: daysAgo(3),
  status: 'new',
};

/** Worked example C: every signal at or past its top reference point, listed yesterday, trending → clamped to 100. */
export const EXAMPLE_C: HeatSignals = {
  twitterFollowers: 50_000_000,
  mentions7d: 1e6,
  engagementAvg: 1e5,
  telegramMembers: 5e6,
  discordMembers: 5e6,
  marketCapUsd: 2e12,
  volume24hUsd: 2e12,
  priceChange24hPct: 35,
  priceChange7dPct: 80,
  commits52w: 5e4,
  stars: 5e5,
  forks: 5e4,
  contributors: 5e3,
  codeFrequency: 1e6,
  newsMentions: 1e4,
  googleTrends: 100,
  redditMentions: 1e5,
  listedAt: daysAgo(1),
  status: 'trending',
  verified: true,
};

/** Sum of a breakdown's contributions (must equal the score). */
export const sumContributions = (breakdown: readonly { contribution: number }[]): number =>
  breakdown.reduce((sum, e) => sum + e.contribution, 0);
