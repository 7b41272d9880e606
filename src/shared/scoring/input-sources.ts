import type { SyncSource } from '../api/sync.schema.ts';
import { SOURCE_REFRESH_MS } from '../staleness.ts';
import type { SignalKey } from './types.ts';

/**
 * Which source feeds each heat input (the ingestion jobs that write its project field). The methodology page reads it
 * beside the weights, and each source's refresh interval comes from {@link SOURCE_REFRESH_MS}, the same table that
 * decides when a value is stale — so the page cannot claim a refresh the staleness rule does not hold.
 * The 7-day price change is the market refresh's (CoinGecko); the backfill recomputes it from stored daily prices.
 */
export const SIGNAL_SOURCES: Readonly<Record<SignalKey, SyncSource>> = {
  twitterFollowers: 'x',
  mentions7d: 'x',
  engagementAvg: 'x',
  telegramMembers: 'telegram',
  discordMembers: 'discord',
  marketCapUsd: 'coingecko',
  volume24hUsd: 'coingecko',
  priceChange24hPct: 'coingecko',
  priceChange7dPct: 'coingecko',
  commits52w: 'github',
  stars: 'github',
  forks: 'github',
  contributors: 'github',
  codeFrequency: 'github',
  newsMentions: 'gdelt',
  googleTrends: 'wikipedia',
  redditMentions: 'reddit',
};

/** How often an input's source refreshes it (ms); null for a source without a schedule. */
export function signalRefreshMs(signal: SignalKey): number | null {
  return SOURCE_REFRESH_MS[SIGNAL_SOURCES[signal]] ?? null;
}
