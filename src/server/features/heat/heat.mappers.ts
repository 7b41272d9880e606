import {
  type BreakdownEntry,
  EVIDENCE_SIGNAL_KEYS,
  type HeatSignals,
  type ProjectStatus,
} from '../../../shared/scoring/index.ts';
import type { HistoryBreakdown } from '../../db/schema/index.ts';
import type { ProjectInputs } from './heat.queries.ts';

/** A projects row (as selected for recompute) → the scoring module's input shape. */
export function toHeatSignals(row: ProjectInputs, status: ProjectStatus): HeatSignals {
  return {
    twitterFollowers: row.followersTwitter,
    mentions7d: row.mentions7d,
    engagementAvg: row.engagementAvg,
    telegramMembers: row.followersTelegram,
    discordMembers: row.followersDiscord,
    marketCapUsd: row.marketCap,
    volume24hUsd: row.volume24h,
    priceChange24hPct: row.priceChange24h,
    priceChange7dPct: row.priceChange7d,
    commits52w: row.devCommits,
    stars: row.devStars,
    forks: row.devForks,
    contributors: row.devContributors,
    codeFrequency: row.devCodeFrequency,
    newsMentions: row.newsMentions,
    googleTrends: row.googleTrends,
    redditMentions: row.redditMentions,
    redditAuthors: row.redditAuthors,
    listedAt: row.listedAtMs === null ? null : new Date(row.listedAtMs),
    status,
    verified: row.isVerified,
  };
}

const STATUS_CODES: Record<ProjectStatus, number> = { trending: 1, rising: 2, new: 3, active: 4 };
const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);

/**
 * A 32-bit FNV-style hash of the exact inputs (each double's bits, nulls, Reddit's distinct authors, listing time, status, verified) as 8 hex
 * digits, stored with each score. It detects changed rows without serialising them, and tells the heat route whether
 * the current inputs are the ones the stored score came from. It is not a security hash.
 */
export function computeInputsHash(signals: HeatSignals): string {
  let h = 0x811c9dc5;
  const mix = (x: number | null) => {
    if (x === null || !Number.isFinite(x)) {
      h = Math.imul(h ^ 0x9e3779b9, 0x01000193);
      return;
    }
    scratch[0] = x;
    h = Math.imul(h ^ (scratchWords[0] as number), 0x01000193);
    h = Math.imul(h ^ (scratchWords[1] as number), 0x01000193);
  };
  for (const key of EVIDENCE_SIGNAL_KEYS) mix(signals[key]); // every raw input, in breakdown order
  mix(signals.redditAuthors ?? null); // the distinct-authors rule's qualifier changes the score too
  mix(signals.listedAt === null ? null : signals.listedAt.getTime());
  mix(STATUS_CODES[signals.status]);
  mix(signals.verified ? 1 : 0);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The order of a project history row's `contributions`: the four categories (sum of their components), then the
 * `neutral` 50 of a no-data score, the age factor's points, the status bonus and the clamp. Their sum is the score.
 */
export const PROJECT_HISTORY_KEYS = [
  'social',
  'market',
  'development',
  'news',
  'neutral',
  'age',
  'status',
  'clamp',
] as const;
const HISTORY_INDEX: Record<string, number> = Object.fromEntries(PROJECT_HISTORY_KEYS.map((key, i) => [key, i]));

/** A heat breakdown → contributions in PROJECT_HISTORY_KEYS order. */
export function toHistoryContributions(breakdown: readonly BreakdownEntry[]): number[] {
  const out = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const e of breakdown) {
    const i = HISTORY_INDEX[e.category === 'base' || e.category === 'adjustment' ? e.key : e.category];
    if (i !== undefined) out[i] = (out[i] as number) + e.contribution;
  }
  return out;
}

/** History's compact contributions → a map by key (zeros dropped). */
export function fromHistoryContributions(values: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  values.forEach((value, i) => {
    const key = PROJECT_HISTORY_KEYS[i];
    if (key !== undefined && value !== 0) out[key] = value;
  });
  return out;
}

/** A breakdown → contributions by key for entries with data that are not 0. */
export function toContributions(breakdown: readonly BreakdownEntry[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of breakdown) if (!e.noData && e.contribution !== 0) out[e.key] = e.contribution;
  return out;
}

export type { HistoryBreakdown };
