/**
 * Metric fields adapters may write: the `projects` column's TS name → its SQL column and type. The TS name is also
 * the key in `metric_sources`, so a page can say where and when each number came from. Counts are bigint.
 */
export const METRIC_COLUMNS = {
  price: { column: 'price', count: false },
  marketCap: { column: 'market_cap', count: false },
  volume24h: { column: 'volume_24h', count: false },
  priceChange24h: { column: 'price_change_24h', count: false },
  priceChange7d: { column: 'price_change_7d', count: false },
  tvl: { column: 'tvl', count: false },
  followersTwitter: { column: 'followers_twitter', count: true },
  followersTelegram: { column: 'followers_telegram', count: true },
  followersDiscord: { column: 'followers_discord', count: true },
  mentions7d: { column: 'mentions_7d', count: true },
  engagementAvg: { column: 'engagement_avg', count: false },
  devCommits: { column: 'dev_commits', count: true },
  devStars: { column: 'dev_stars', count: true },
  devForks: { column: 'dev_forks', count: true },
  devContributors: { column: 'dev_contributors', count: true },
  devCodeFrequency: { column: 'dev_code_frequency', count: false },
  newsMentions: { column: 'news_mentions', count: true },
  googleTrends: { column: 'google_trends', count: false },
  redditMentions: { column: 'reddit_mentions', count: true },
  redditAuthors: { column: 'reddit_authors', count: true },
} as const;

export type MetricField = keyof typeof METRIC_COLUMNS;

/** Which fields each source writes (used to mark them stale when the source fails). */
export const SOURCE_FIELDS = {
  defillama: ['tvl'],
  coingecko: ['price', 'marketCap', 'volume24h', 'priceChange24h', 'priceChange7d'],
  github: ['devStars', 'devForks', 'devContributors', 'devCommits', 'devCodeFrequency'],
  x: ['followersTwitter', 'mentions7d', 'engagementAvg'],
  telegram: ['followersTelegram'],
  discord: ['followersDiscord'],
  gdelt: ['newsMentions'],
  // The heat model's "googleTrends" input holds the search-interest index from Wikipedia page views (0–100).
  wikipedia: ['googleTrends'],
  reddit: ['redditMentions', 'redditAuthors'],
  // Chain TVL (platform_tvl), funding rounds (project_raises) and logos (project_logos) live in their own tables: no metric field.
  chains: [],
  raises: [],
  logos: [],
} as const satisfies Record<string, readonly MetricField[]>;

export type SourceName = keyof typeof SOURCE_FIELDS;
export const SOURCE_NAMES = Object.keys(SOURCE_FIELDS) as SourceName[];

/** One project's fresh values; a null or missing value means "no data" and leaves the stored value untouched. */
export type MetricUpdate = { id: string; values: Partial<Record<MetricField, number | null>> };
