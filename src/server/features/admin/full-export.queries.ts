import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, sectors } from '../../db/schema/index.ts';

/** The columns the catalogue shape is made of (catalogue.data.ts toProjectRow, read backwards). */
export const exportColumns = {
  id: projects.id,
  name: projects.name,
  symbol: projects.symbol,
  category: projects.category,
  chains: projects.chains,
  tags: projects.tags,
  websiteUrl: projects.websiteUrl,
  twitterHandle: projects.twitterHandle,
  telegramUrl: projects.telegramUrl,
  discordUrl: projects.discordUrl,
  githubOrgs: projects.githubOrgs,
  whitepaperUrl: projects.whitepaperUrl,
  sourcePlatform: projects.sourcePlatform,
  verification: projects.verification,
  coingeckoId: projects.coingeckoId,
  newsQuery: projects.newsQuery,
  wikipediaTitles: projects.wikipediaTitles,
  fundamentals: projects.fundamentals,
  introEn: projects.introEn,
  introZh: projects.introZh,
  descriptionEn: projects.descriptionEn,
  descriptionZh: projects.descriptionZh,
  marketCap: projects.marketCap,
  volume24h: projects.volume24h,
  followersTwitter: projects.followersTwitter,
  metricSources: projects.metricSources,
  listedAt: projects.listedAt,
};
export type ExportProjectRow = Awaited<ReturnType<typeof selectExportProjectPage>>[number];

/** One keyset page of projects by id (`after` exclusive): the export never holds more than a page. */
export function selectExportProjectPage(db: Db, after: string | null, limit: number) {
  return db
    .select(exportColumns)
    .from(projects)
    .where(after === null ? undefined : gt(projects.id, after))
    .orderBy(asc(projects.id))
    .limit(limit);
}

export function selectExportSectors(db: Db) {
  return db
    .select({
      id: sectors.id,
      name: sectors.name,
      nameZh: sectors.nameZh,
      descriptionEn: sectors.descriptionEn,
      descriptionZh: sectors.descriptionZh,
      color: sectors.color,
      icon: sectors.icon,
    })
    .from(sectors)
    .orderBy(asc(sectors.id));
}
