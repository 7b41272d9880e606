import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Where and when one metric came from, e.g. { source: 'coingecko', asOf: '2026-11-21T10:00:00Z' }. */
export type MetricSource = { source: string; asOf: string; sample?: boolean; stale?: boolean };
export type MetricSources = Partial<Record<string, MetricSource>>;
/**
 * Why a project counts as verified (docs/verification.md): X reports its official account as organisation-verified
 * (`method: 'x'`, `by` the @handle), or an operator reviewed the catalogue entry against the project's own site
 * (`method: 'site-review'`, `by` the operator). `at` is an ISO timestamp; `is_verified` is kept in step with it.
 */
export type ProjectVerification = { method: 'x' | 'site-review'; by: string; at: string; note?: string };
/** Text in the two languages; zh may be missing. */
export type LocalText = { en: string; zh?: string };
/** The spec's remaining project labels, curated in the catalogue; each optional (whitepaper is `whitepaper_url`). */
export type ProjectFundamentals = {
  team?: LocalText;
  roadmap?: LocalText;
  tokenomics?: LocalText;
  partnerships?: string[];
};
/** Wikipedia article titles whose page views measure a project's search interest (docs/ingestion.md). */
export type WikipediaTitles = { en?: string; zh?: string };

// Counts are bigint in mode 'number': follower and star counts fit in 2^53, and scoring wants plain numbers.
const count = (name?: string) => (name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' }));

export const projects = pgTable(
  'projects',
  {
    id: text().primaryKey(), // URL slug, e.g. 'uniswap'
    name: text().notNull(),
    symbol: text(),
    logoUrl: text(),
    introEn: text(),
    introZh: text(),
    descriptionEn: text(),
    descriptionZh: text(),
    category: text().notNull(), // primary sector name; a project belongs to the sector whose name equals this
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    chains: text().array().notNull().default(sql`'{}'::text[]`),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    websiteUrl: text(),
    twitterHandle: text(),
    telegramUrl: text(),
    discordUrl: text(),
    githubOrgs: text().array().notNull().default(sql`'{}'::text[]`),
    whitepaperUrl: text(),
    sourcePlatform: text(),
    isVerified: boolean().notNull().default(false), // true exactly when `verification` is set (filters, social score)
    verification: jsonb().$type<ProjectVerification>(),
    coingeckoId: text(),
    defillamaId: text(),
    // Market signals (latest known value; provenance in metricSources)
    price: doublePrecision(),
    marketCap: doublePrecision(),
    volume24h: doublePrecision('volume_24h'),
    priceChange24h: doublePrecision('price_change_24h'),
    priceChange7d: doublePrecision('price_change_7d'),
    tvl: doublePrecision(),
    // Social signals
    followersTwitter: count(),
    followersTelegram: count(),
    followersDiscord: count(),
    mentions7d: count('mentions_7d'),
    engagementAvg: doublePrecision(),
    // Development signals
    devCommits: count(),
    devStars: count(),
    devForks: count(),
    devContributors: count(),
    devCodeFrequency: doublePrecision(),
    // News signals
    newsMentions: count(),
    googleTrends: doublePrecision(),
    redditMentions: count(),
    /** Distinct authors of the `redditMentions` posts (the distinct-authors rule, docs/heat-score.md). */
    redditAuthors: count(),
    /** Curated search terms for news and Reddit (GDELT / Reddit syntax); null → built from name and symbol. */
    newsQuery: text(),
    /** Curated Wikipedia article titles (en, zh) for search interest; null → no such signal. */
    wikipediaTitles: jsonb().$type<WikipediaTitles>(),
    metricSources: jsonb().$type<MetricSources>().notNull().default({}),
    /** The stored logo's hash (project_logos.etag) while one is served from /api/logos/:id; null → initial letter. */
    logoEtag: text(),
    /** Team, roadmap, tokenomics and partnerships from the catalogue (all optional). */
    fundamentals: jsonb().$type<ProjectFundamentals>(),
    // The heat engine's outputs (heat, social score, status) live in project_scores (schema/heat.ts): a narrow table
    // that a recompute can rewrite without touching these wide rows and their indexes.
    listedAt: timestamp({ withTimezone: true }),
    /** Rows from `seed:synthetic`: kept out of the real catalogue's statistics and easy to delete. */
    isSynthetic: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Every index matches its query's ORDER BY exactly (DESC NULLS LAST, id) so the planner can walk it.
    index('projects_market_cap_idx').on(t.marketCap.desc().nullsLast(), t.id),
    index('projects_volume_idx').on(t.volume24h.desc().nullsLast(), t.id),
    index('projects_change_idx').on(t.priceChange24h.desc().nullsLast(), t.id),
    index('projects_listed_idx').on(t.listedAt.desc().nullsLast(), t.id),
    index('projects_name_idx').on(t.name, t.id),
    index('projects_chains_idx').using('gin', t.chains),
    index('projects_coingecko_idx').on(t.coingeckoId),
    uniqueIndex('projects_defillama_idx').on(t.defillamaId),
  ],
);

export const sectors = pgTable('sectors', {
  id: text().primaryKey(), // slug, e.g. 'defi'
  name: text().notNull().unique(), // matches projects.category
  nameZh: text(),
  descriptionEn: text(),
  descriptionZh: text(),
  icon: text(),
  color: text().notNull().default('#3b82f6'),
  /** Sector heat over its scored members; null when none is scored (migration 0011). */
  heatScore: doublePrecision(),
  socialScore: doublePrecision(),
  projectCount: integer().notNull().default(0),
  /** Members with a heat score: the sector's heat, size bonus, top 3, breadth and concentration count only these. */
  scoredCount: integer().notNull().default(0),
  totalMarketCap: doublePrecision(),
  /** Provenance of totalMarketCap: sample when any member's value is a sample, as of the oldest member value. */
  marketSource: jsonb().$type<MetricSource>(),
  change24h: doublePrecision('change_24h'), // heat points vs 24 h ago, from heat_history; null without history
  trend: text({ enum: ['up', 'down', 'stable'] }),
  breadth: doublePrecision(), // share of projects whose heat rose in 24 h, 0–1
  concentration: doublePrecision(), // share of the sector's heat held by its top 3, 0–1
  topProjects: jsonb().$type<{ id: string; name: string; heatScore: number }[]>().notNull().default([]),
  heatModel: text(),
  heatBreakdown: jsonb(),
  heatComputedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per transaction whose projects statement may have moved the sectors' membership facts (migration 0057's
 * trigger); the heat run deletes them and recounts (db/sector-aggregates.ts takeSectorAggregateMarks).
 */
export const sectorAggregateMarks = pgTable('sector_aggregate_marks', {
  txid: bigint({ mode: 'number' }).primaryKey(),
});
