/**
 * Heat-model signal key (src/shared/scoring) → the project metric field whose `metricSources` entry says where and
 * when its value came from. Lets a score breakdown name the source of each input ("market cap: CoinGecko, as of …").
 * The news category's inputs come from GDELT, Wikipedia page views (the googleTrends input) and Reddit.
 */
export const SIGNAL_METRIC_FIELDS: Readonly<Record<string, string>> = {
  twitterFollowers: 'followersTwitter',
  mentions7d: 'mentions7d',
  engagementAvg: 'engagementAvg',
  telegramMembers: 'followersTelegram',
  discordMembers: 'followersDiscord',
  marketCapUsd: 'marketCap',
  volume24hUsd: 'volume24h',
  priceChange24hPct: 'priceChange24h',
  priceChange7dPct: 'priceChange7d',
  volumeToMarketCap: 'volume24h',
  commits52w: 'devCommits',
  stars: 'devStars',
  forks: 'devForks',
  contributors: 'devContributors',
  codeFrequency: 'devCodeFrequency',
  newsMentions: 'newsMentions',
  googleTrends: 'googleTrends',
  redditMentions: 'redditMentions',
};

/** The source named for a breakdown entry's signal, or null when the signal has no recorded provenance. */
export function toSignalSource(
  signalKey: string,
  metricSources: Readonly<Record<string, { source: string } | undefined>>,
): string | null {
  const field = SIGNAL_METRIC_FIELDS[signalKey];
  return field ? (metricSources[field]?.source ?? null) : null;
}
