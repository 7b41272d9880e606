import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { projects, sectors } from '../../db/schema/index.ts';

const BATCH = 500; // rows per multi-row INSERT; keeps statements well under Postgres' 65,535-parameter limit

/** Upserts sectors on id, updating only their descriptive facts (heat stays with the heat engine). */
export async function upsertSectors(db: Db, rows: (typeof sectors.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sectors)
    .values(rows)
    .onConflictDoUpdate({
      target: sectors.id,
      set: {
        name: sql`excluded.name`,
        nameZh: sql`excluded.name_zh`,
        descriptionEn: sql`excluded.description_en`,
        descriptionZh: sql`excluded.description_zh`,
        color: sql`excluded.color`,
        icon: sql`excluded.icon`,
      },
    });
}

/**
 * Upserts catalogue projects on id in multi-row batches. Existing rows keep their metrics, scores and status
 * (live data wins over the catalogue's sample figures); only descriptive facts are refreshed.
 */
export async function upsertCatalogueProjects(db: Db, rows: (typeof projects.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(projects)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: projects.id,
        set: {
          name: sql`excluded.name`,
          symbol: sql`excluded.symbol`,
          introEn: sql`excluded.intro_en`,
          introZh: sql`excluded.intro_zh`,
          descriptionEn: sql`excluded.description_en`,
          descriptionZh: sql`excluded.description_zh`,
          category: sql`excluded.category`,
          chains: sql`excluded.chains`,
          tags: sql`excluded.tags`,
          websiteUrl: sql`excluded.website_url`,
          twitterHandle: sql`excluded.twitter_handle`,
          githubOrgs: sql`excluded.github_orgs`,
          listedAt: sql`excluded.listed_at`,
          newsQuery: sql`excluded.news_query`,
          wikipediaTitles: sql`excluded.wikipedia_titles`,
          // Absent from the catalogue → the stored value (an admin's edit) stays.
          whitepaperUrl: sql`coalesce(excluded.whitepaper_url, ${projects.whitepaperUrl})`,
          fundamentals: sql`coalesce(excluded.fundamentals, ${projects.fundamentals})`,
          // A review recorded in the catalogue wins; otherwise the row keeps what an operator or X recorded.
          verification: sql`coalesce(excluded.verification, ${projects.verification})`,
          isVerified: sql`coalesce(excluded.verification, ${projects.verification}) IS NOT NULL`,
        },
        // A re-run with identical facts writes nothing: "a second start changes nothing".
        setWhere: sql`(${projects.name}, ${projects.symbol}, ${projects.introEn}, ${projects.introZh},
          ${projects.descriptionEn}, ${projects.descriptionZh}, ${projects.category}, ${projects.chains},
          ${projects.tags}, ${projects.websiteUrl}, ${projects.twitterHandle}, ${projects.githubOrgs},
          ${projects.listedAt}, ${projects.verification}, ${projects.newsQuery}, ${projects.wikipediaTitles},
          ${projects.whitepaperUrl}, ${projects.fundamentals})
          IS DISTINCT FROM (excluded.name, excluded.symbol,
          excluded.intro_en, excluded.intro_zh, excluded.description_en, excluded.description_zh, excluded.category,
          excluded.chains, excluded.tags, excluded.website_url, excluded.twitter_handle, excluded.github_orgs,
          excluded.listed_at, coalesce(excluded.verification, ${projects.verification}), excluded.news_query,
          excluded.wikipedia_titles, coalesce(excluded.whitepaper_url, ${projects.whitepaperUrl}),
          coalesce(excluded.fundamentals, ${projects.fundamentals}))`,
      });
  }
}

export async function isProjectsTableEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ empty: boolean }>(db, sql`SELECT NOT EXISTS (SELECT 1 FROM projects) AS empty`);
  return rows[0]?.empty ?? true;
}
