import type { BreakdownEntry, HeatSignals, ProjectStatus, SignalKey } from '../../../shared/scoring/index.ts';
import type { HistoryBreakdown } from '../../db/schema/index.ts';
import type { ProjectInputsRow } from './heat.queries.ts';

/** A projects row (as selected for recompute) → the scoring module's input shape. */
export function toHeatSignals(row: ProjectInputsRow, status: ProjectStatus): HeatSignals {
  return {
    twitterFollowers: row[2],
    mentions7d: row[3],
    engagementAvg: row[4],
    telegramMembers: row[5],
    discordMembers: row[6],
    marketCapUsd: row[7],
    volume24hUsd: row[8],
    priceChange24hPct: row[9],
    priceChange7dPct: row[10],
    commits52w: row[11],
    stars: row[12],
    forks: row[13],
    contributors: row[14],
    codeFrequency: row[15],
    newsMentions: row[16],
    googleTrends: row[17],
    redditMentions: row[18],
    listedAt: row[19] === null ? null : new Date(row[19]),
    status,
    verified: row[20],
  };
}

const SIGNAL_KEYS: readonly SignalKey[] = [
  'twitterFollowers',
  'mentions7d',
  'engagementAvg',
  'telegramMembers',
  'discordMembers',
  'marketCapUsd',
  'volume24hUsd',
  'priceChange24hPct',
  'priceChange7dPct',
  'commits52w',
  'stars',
  'forks',
  'contributors',
  'codeFrequency',
  'newsMentions',
  'googleTrends',
  'redditMentions',
];

const STATUS_CODES: Record<ProjectStatus, number> = { trending: 1, rising: 2, new: 3, active: 4 };
const scratch = new Float64Array(1);
const scratchWords = new Uint32Array(scratch.buffer);

/**
 * A 32-bit FNV-style hash of the exact inputs (each double's bits, nulls, listing time, status, verified) as 8 hex
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
  for (const key of SIGNAL_KEYS) mix(signals[key]);
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
