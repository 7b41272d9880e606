// Thresholds of the deterministic analytics (docs/analysis.md "Analytics"). Units are given per constant.

/** |z| at or above which a value counts as an anomaly (standard deviations from its 30-day mean). */
export const ANOMALY_Z_THRESHOLD = 3;
/** The rolling window of an anomaly's mean and standard deviation (days, the latest day included). */
export const ANOMALY_WINDOW_DAYS = 30;
/** Daily values a series needs before a z-score is computed (fewer days say nothing about "usual"). */
export const ANOMALY_MIN_POINTS = 7;
/** A series whose latest value is older than this many days (before the data version) is not reported. */
export const ANOMALY_MAX_AGE_DAYS = 2;
/** The attention signals of `daily_signals` whose anomalies are reported besides heat. */
export const ATTENTION_SIGNALS = ['pageViews', 'news'] as const;
/**
 * Minimum level per signal: a series whose value and mean both stay below it is never flagged (a jump from 1 to 4
 * page views is noise). Heat in points, page views per day, news articles per day.
 */
export const ANOMALY_MIN_LEVEL: Readonly<Record<string, number>> = { heat: 10, pageViews: 500, news: 3 };

/** Drivers named per move (largest |delta| first). */
export const MOVER_DRIVERS = 3;
/** Movers listed per window and direction on the market page, and per sector. */
export const MARKET_MOVERS = 10;
export const SECTOR_MOVERS = 5;
export const SECTOR_ANOMALIES = 10;
/** Anomalies listed on the market page and per sector. */
export const MARKET_ANOMALIES = 20;
/** Market and sector anomalies are looked for among this many projects (the hottest and the biggest movers). */
export const ANOMALY_CANDIDATES = 200;

/** Thin liquidity: 24 h volume / market cap below this ratio (1 %); below a fifth of it is high severity. */
export const THIN_LIQUIDITY_RATIO = 0.01;
/** Single signal: one heat input carrying more than this share of the points the breakdown adds (its positive sum). */
export const SINGLE_SIGNAL_SHARE = 0.6;
/** Few authors: at least this many Reddit posts … */
export const FEW_AUTHORS_MIN_POSTS = 20;
/** … from fewer distinct authors than this share of the posts (the heat rule counts at most 3 posts per author). */
export const FEW_AUTHORS_RATIO = 1 / 3;
/** New listing: listed within this many days. */
export const NEW_LISTING_DAYS = 30;
/** Member projects (hottest first) whose risk flags a sector analysis lists. */
export const SECTOR_RISK_MEMBERS = 20;

/** Similar projects listed. */
export const SIMILAR_TOP = 5;
/** Candidates (sharing the sector, a chain or a tag; hottest first) compared with a project. */
export const SIMILAR_CANDIDATES = 500;
/** Two normalised signals within this distance count as "at a similar level". */
export const SIMILAR_SIGNAL_TOLERANCE = 0.1;

/** Computed analyses kept in memory (kind, id, data version). */
export const ANALYSIS_CACHE_SIZE = 500;
