import { type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { projectScores, projects } from './schema/index.ts';

/**
 * A list row: the project's own columns plus its heat outputs (projects joined with project_scores, `scoresOfProject`).
 * The projects, sectors and platforms lists all select it; it lives in db/ because a feature never imports another
 * feature's *.queries.ts.
 */
export const projectListColumns = {
  id: projects.id,
  name: projects.name,
  symbol: projects.symbol,
  // The logo pages load is our stored copy (shared/api/fundamentals.schema.ts toServedLogoUrl), never the source's.
  logoEtag: projects.logoEtag,
  introEn: projects.introEn,
  introZh: projects.introZh,
  category: projects.category,
  chains: projects.chains,
  status: projectScores.status,
  isVerified: projects.isVerified,
  verification: projects.verification,
  heatScore: projectScores.heatScore,
  evidenceCount: projectScores.evidenceCount,
  socialScore: projectScores.socialScore,
  price: projects.price,
  marketCap: projects.marketCap,
  volume24h: projects.volume24h,
  priceChange24h: projects.priceChange24h,
  priceChange7d: projects.priceChange7d,
  followersTwitter: projects.followersTwitter,
  metricSources: projects.metricSources,
  listedAt: projects.listedAt,
};

type ProjectColumnKey = keyof typeof projects.$inferInsert;

/**
 * A project's descriptive facts: every column an upsert of a project (an admin's edit or import, the catalogue)
 * overwrites. Never its live figures (market cap, volume, followers and their sources), scores or timestamps.
 */
export const projectFactKeys = [
  'name',
  'symbol',
  'introEn',
  'introZh',
  'descriptionEn',
  'descriptionZh',
  'category',
  'categories',
  'chains',
  'tags',
  'websiteUrl',
  'twitterHandle',
  'telegramUrl',
  'discordUrl',
  'githubOrgs',
  'sourcePlatform',
  'isVerified',
  'verification',
  'coingeckoId',
  'newsQuery',
  'wikipediaTitles',
  'whitepaperUrl',
  'fundamentals',
  'listedAt',
] as const satisfies readonly ProjectColumnKey[];

/** The built-in catalogue's share of the facts: what its entries carry (the rest stays as an admin set it). */
export const catalogueFactKeys = [
  'name',
  'symbol',
  'introEn',
  'introZh',
  'descriptionEn',
  'descriptionZh',
  'category',
  'chains',
  'tags',
  'websiteUrl',
  'twitterHandle',
  'githubOrgs',
  'listedAt',
  'newsQuery',
  'wikipediaTitles',
  'whitepaperUrl',
  'fundamentals',
  'verification',
] as const satisfies readonly (typeof projectFactKeys)[number][];

/**
 * An upsert's SET for `keys`: each column takes the value the INSERT proposed (`excluded.<column>`, named as the
 * database's snake_case casing names it).
 */
export function proposedProjectValues<K extends ProjectColumnKey>(keys: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(keys.map((key) => [key, sql`excluded.${sql.identifier(toSnakeCase(key))}`])) as Record<
    K,
    SQL
  >;
}
